"""The documented production environment: what it refuses, what `check --deploy` says, how processes behave.

Each test starts Python processes with deploy/ravenpost.env.example (what an
operator copies), so the file, the settings and the startup guard are tested together.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.deploy.envfile import manage, operator_secret_key, production_env, read_env_file, run_python

START_WEB = "import config.wsgi"  # what gunicorn does first
START_WORKER = ("from celery.signals import worker_init; from config.celery import app; "
                "worker_init.send(sender=None); print('worker would start')")
SHOW = "import django, sys; django.setup(); from django.conf import settings; print(eval(sys.argv[1]))"


def test_the_examples_placeholder_secret_key_is_refused(tmp_path):
    example = read_env_file()
    assert example["SECRET_KEY"] == "", "the example carries no key that could be used as it is"
    # As filled in (or not) by an operator who followed an older example or a blog post:
    for key in ["", "generate-a-long-random-string", "change-me", "dev-only-insecure-key-change-me-in-production",
                "django-insecure-" + "x" * 60, "short-but-random-7Hq2", "a" * 80]:
        env = production_env(tmp_path, SECRET_KEY=key)
        # Every key against the web process; the worker's guard is the same function, checked twice.
        for code in (START_WEB, START_WORKER) if key in ("", "generate-a-long-random-string") else (START_WEB,):
            result = run_python(env, code)
            assert result.returncode != 0, f"started with SECRET_KEY={key!r}:\n{result.stdout}"
            assert "SECRET_KEY" in result.stderr, result.stderr[-2000:]


def test_a_generated_secret_key_starts_web_and_worker(tmp_path):
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    assert run_python(env, START_WEB).returncode == 0
    result = run_python(env, START_WORKER)
    assert result.returncode == 0 and "worker would start" in result.stdout, result.stderr[-2000:]


def test_build_time_commands_need_no_secret_key(tmp_path):
    env = production_env(tmp_path, STATIC_ROOT=str(tmp_path / "static"))
    env.pop("SECRET_KEY", None)  # as in the image's build step
    result = manage(env, "collectstatic", "--noinput")
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "static" / "staticfiles.json").exists(), "hashed static files with their manifest"


def test_reply_addresses_point_at_the_inbound_domain_of_the_example(tmp_path):
    example = read_env_file()
    site_host = urlsplit(example["SITE_URL"]).hostname
    assert example.get("INBOUND_EMAIL_DOMAIN") == site_host, "the example names the domain replies go to"
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    result = run_python(env, SHOW, "settings.INBOUND_EMAIL_DOMAIN")
    assert result.stdout.strip() == site_host, result.stderr[-2000:]


def test_production_without_an_inbound_domain_does_not_start(tmp_path):
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    env.pop("INBOUND_EMAIL_DOMAIN")
    result = run_python(env, START_WEB)
    assert result.returncode != 0 and "INBOUND_EMAIL_DOMAIN" in result.stderr, result.stderr[-2000:]
    result = manage(env, "check", "--deploy")
    assert result.returncode != 0 and "ravenpost.E001" in result.stderr, result.stderr[-2000:]


def test_check_deploy_is_clean_with_the_documented_environment(tmp_path):
    # The example's ESP lines filled in as the operator's docs say (the ESP's API key and its webhook signing key).
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key(), ANYMAIL_MAILGUN_API_KEY="key-from-the-esp",
                         ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY="signing-key-from-the-esp")
    result = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout, result.stdout


@pytest.mark.parametrize(("argv", "debug"), [
    (["manage.py", "runservice"], True),  # the embedded default's local run (make run)
    (["manage.py", "migrate"], False),
    (["gunicorn"], False),
    (["celery"], False),
])
def test_debug_is_off_unless_the_local_run_turns_it_on(tmp_path, argv, debug):
    env = production_env(tmp_path)
    for key in ("DEBUG", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS", "SITE_URL", "INBOUND_EMAIL_DOMAIN"):
        env.pop(key, None)
    code = (f"import sys; sys.argv = {argv!r}; import django; django.setup(); from django.conf import settings; "
            "print((settings.DEBUG, settings.PRODUCTION))")
    result = run_python(env, code)
    assert result.stdout.strip() == str((debug, False)), result.stderr[-2000:]


def test_database_connections_are_checked_before_reuse(tmp_path):
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    result = run_python(env, SHOW, "settings.DATABASES['default']['CONN_HEALTH_CHECKS']")
    assert result.stdout.strip() == "True", result.stderr[-2000:]


def test_killed_tasks_are_redelivered_soon_and_publishing_never_retries(tmp_path):
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    code = ("from config.celery import app; c = app.conf; "
            "print(c.task_acks_late, c.task_reject_on_worker_lost, c.task_publish_retry, "
            "c.broker_transport_options['visibility_timeout'], c.broker_connection_timeout)")
    result = run_python(env, code)
    acks_late, reject, publish_retry, visibility, connect_timeout = result.stdout.split()
    assert (acks_late, reject, publish_retry) == ("True", "True", "False"), result.stdout
    assert 60 <= int(visibility) <= 900, "unacked messages come back within minutes, not an hour"
    assert float(connect_timeout) <= 2


def test_no_task_is_scheduled_ahead(tmp_path):
    """A countdown longer than the visibility timeout would be handed out twice: no task retries itself."""
    env = production_env(tmp_path, SECRET_KEY=operator_secret_key())
    code = ("import django; django.setup(); from config.celery import app; app.loader.import_default_modules(); "
            "print(sorted(n for n, t in app.tasks.items() if not n.startswith('celery.') "
            "and (getattr(t, 'autoretry_for', ()) or getattr(t, 'default_retry_delay', 180) != 180)))")
    result = run_python(env, code)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stdout + result.stderr[-2000:]
