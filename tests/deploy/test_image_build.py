"""Finding 7: the image's build steps run, in a clean directory, exactly as deploy/Dockerfile runs them.

There is no Docker engine here, so the Dockerfile is read instead: what it
copies is copied into an empty directory, a fresh virtualenv stands in for the
base image's Python, and its build-time RUN step (deploy/image-build.sh) runs
with the Dockerfile's environment: DEBUG=0 and no SECRET_KEY. The image then
has to serve: its WSGI application loads with the operator's environment.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection  # noqa: F401  (the skip conditions read it)

from tests.deploy.envfile import ROOT, operator_secret_key, read_env_file

pytestmark = [pytest.mark.integration, pytest.mark.slow]
# Once per CI run (it installs every dependency into a fresh virtualenv): in the PostgreSQL + Redis pass.
once = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="runs in the PostgreSQL + Redis pass")
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
IMAGE_APP = "/app"
IMAGE_VAR = "/var/lib/ravenpost"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text())
    result = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            result.append((word.upper(), rest.strip()))
    return result


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for word, rest in instructions():
        if word == "ENV":
            for item in shlex.split(rest):
                key, _, value = item.partition("=")
                env[key] = value
    return env


def test_the_dockerfile_builds_with_one_script_and_no_secret():
    steps = instructions()
    runs = [rest for word, rest in steps if word == "RUN"]
    assert runs[0] == "sh deploy/image-build.sh", "the app's build steps are the script this test runs"
    assert all(re.match(r"(useradd|mkdir|chown)\b", part.strip()) for run in runs[1:] for part in run.split("&&")), \
        "the other RUN steps only prepare the system user"
    env = image_env()
    assert env["DEBUG"] == "0" and "SECRET_KEY" not in env, "built as production, without a secret"
    assert env["STATIC_ROOT"].startswith(IMAGE_APP + "/"), "static files are part of the image"
    assert any(word == "USER" and rest == "ravenpost" for word, rest in steps)
    user_setup = " ".join(runs[1:])
    assert f"chown ravenpost {env['RAVENPOST_VAR_DIR']}" in user_setup, "the service can write its var dir"


@once
def test_the_build_steps_run_in_a_clean_directory_and_the_result_serves(tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    for word, rest in instructions():
        if word == "COPY":
            *sources, dest = rest.split()
            for source in sources:  # relative to WORKDIR /app; a destination ending in / is a directory
                target = app / dest / Path(source).name if dest.endswith("/") else app / dest
                if (ROOT / source).is_dir():
                    shutil.copytree(ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__"))
                else:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(ROOT / source, target)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    var = tmp_path / "var"

    def in_image(path: str) -> str:
        return path.replace(IMAGE_APP, str(app)).replace(IMAGE_VAR, str(var))

    env = {key: in_image(value) for key, value in image_env().items()}
    # The image keeps no pip cache; here the machine's cache only saves downloading the same wheels again.
    env.pop("PIP_NO_CACHE_DIR", None)
    env.update(PATH=f"{venv / 'bin'}:/usr/local/bin:/usr/bin:/bin", HOME=os.environ.get("HOME", str(tmp_path)))
    build = subprocess.run(["sh", "deploy/image-build.sh"], cwd=app, env=env, capture_output=True, text=True,
                           timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    static = Path(env["STATIC_ROOT"])
    manifest = (static / "staticfiles.json").read_text()
    for name in ("ui/revolution/bid.js", "admin/css/base.css"):
        assert f'"{name}"' in manifest, f"{name} collected"
    assert list(static.glob("ui/revolution/bid.*.js.gz")), "hashed and compressed for whitenoise"

    # The built tree serves with the operator's environment (no database needed to load the app).
    run_env = {**env, **{k: v for k, v in read_env_file().items() if v}, "SECRET_KEY": operator_secret_key()}
    serve = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import config.wsgi, config, django.conf as c; "
                            "print(config.__file__, c.settings.STATIC_ROOT)"],
                           cwd=tmp_path, env=run_env, capture_output=True, text=True, timeout=120)
    assert serve.returncode == 0, serve.stderr[-3000:]
    module, static_root = serve.stdout.split()
    assert module == str(app / "config" / "__init__.py"), "the image runs the code it copied, from anywhere"
    assert static_root == str(static)
