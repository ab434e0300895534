"""Finding 8: deploy/compose.yaml, read as compose reads it; the documented order of migrate, collectstatic, start."""

from __future__ import annotations

import re

import pytest

from tests.deploy.envfile import ROOT, read_env_file

yaml = pytest.importorskip("yaml", reason="PyYAML reads compose.yaml (the test extra's PyYAML)")
DEPLOY = ROOT / "deploy"
APP_SERVICES = ("web", "worker", "beat")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_every_file_compose_names_exists_or_is_the_operators_copy_of_the_example(compose):
    build = compose["services"]["web"]["build"]
    assert (DEPLOY / build["context"] / build["dockerfile"]).is_file()
    for name, service in compose["services"].items():
        for env_file in service.get("env_file", []):
            path = DEPLOY / (env_file if isinstance(env_file, str) else env_file["path"])
            example = path.with_name(path.name + ".example")
            assert path.exists() or example.exists(), f"{name}: {path.name} and no {example.name}"
            if not path.exists():
                docs = (ROOT / "docs" / "operators" / "README.md").read_text()
                assert f"cp deploy/{example.name} deploy/{path.name}" in docs, "the docs say to make it"
                ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().split()
                assert f"deploy/{path.name}" in ignored, "the operator's secrets stay out of the image"


def test_every_long_running_service_has_a_healthcheck(compose):
    for name in ("postgres", "redis", "web", "worker"):
        assert compose["services"][name].get("healthcheck", {}).get("test"), f"{name} has a healthcheck"
    assert compose["services"]["web"]["healthcheck"]["test"] == ["CMD", "python", "-m", "config.healthcheck"]


def test_migrate_waits_for_the_database_and_the_services_wait_for_migrate(compose):
    services = compose["services"]
    migrate = services["migrate"]
    assert "migrate --noinput" in " ".join(migrate["command"])
    assert migrate["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert re.search(r"for try in .*migrate.*&& exit 0", migrate["command"][-1]), "retried a few times"
    assert migrate["restart"] == "no"
    for name in APP_SERVICES:
        assert services[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}


def test_beat_writes_its_schedule_to_the_services_volume(compose):
    from config import settings

    beat = compose["services"]["beat"]
    assert "-s" not in beat["command"] and "--schedule" not in " ".join(beat["command"]), \
        "the schedule file is the setting's (under RAVENPOST_VAR_DIR)"
    assert settings.CELERY_BEAT_SCHEDULE_FILENAME.startswith(str(settings.VAR_DIR))
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    var_dir = re.search(r"RAVENPOST_VAR_DIR=(\S+)", dockerfile).group(1)
    assert f"{name_volume(beat)}:{var_dir}" in beat["volumes"][0], "a volume the ravenpost user owns"
    assert f"chown ravenpost {var_dir}" in dockerfile


def name_volume(service: dict) -> str:
    return service["volumes"][0].split(":")[0]


def test_nginx_serves_no_host_path_that_nothing_fills():
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert not re.search(r"^\s*(alias|root)\s", nginx, re.M), "static files come from the web process"
    for header in ("X-Forwarded-Proto $scheme", "X-Real-IP $remote_addr", "Host $host"):
        assert f"proxy_set_header {header};" in nginx


def test_the_operator_docs_give_the_order_migrate_collectstatic_start():
    docs = (ROOT / "docs" / "operators" / "README.md").read_text()
    order = [docs.find("manage.py migrate"), docs.find("manage.py collectstatic"), docs.find("gunicorn config.wsgi")]
    assert -1 not in order and order == sorted(order), "migrate, then collectstatic, then start"
    assert "docker compose -f deploy/compose.yaml up" in docs
    for key in read_env_file():
        assert f"`{key}`" in docs, f"{key} of the example is documented"
