"""What a serving process checks before it starts: gunicorn (config.wsgi), Celery workers and beat.

Commands that sign nothing may run without these (``collectstatic`` while the
image is built has no secrets); the processes that serve players may not. The
same findings are reported by ``manage.py check --deploy`` (config.checks).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

LOCAL_DOMAIN_SUFFIXES = (".localhost", ".local", ".invalid", ".test", ".example")


def production_problems() -> list[str]:
    """Why this production configuration must not serve (empty when it may, or when not in production)."""
    from config.settings import secret_key_problem

    if not getattr(settings, "PRODUCTION", False):
        return []
    problems = []
    try:
        key = settings.SECRET_KEY
    except ImproperlyConfigured:  # Django refuses to hand out an empty key
        key = ""
    if not key:
        problems.append("SECRET_KEY is not set; generate one with: "
                        "python -c 'import secrets; print(secrets.token_urlsafe(50))'")
    elif problem := secret_key_problem(key):
        problems.append(problem)
    domain = settings.INBOUND_EMAIL_DOMAIN.lower().rstrip(".")
    if domain == "localhost" or domain.endswith(LOCAL_DOMAIN_SUFFIXES):
        problems.append(f"INBOUND_EMAIL_DOMAIN is {domain!r}: reply addresses would point nowhere; set the "
                        "domain whose mail reaches Ravenpost (docs/operators/email.md)")
    return problems


def refuse_to_serve_misconfigured() -> None:
    """Raise ImproperlyConfigured, naming every problem, if this production process must not start."""
    problems = production_problems()
    if problems:
        raise ImproperlyConfigured("Ravenpost will not start: " + "; ".join(problems))
