"""Settings, all from environment variables, with defaults that run on one machine.

Embedded default (nothing set): SQLite under ``var/``, Celery tasks run
in-process, mail kept in the dev mailbox page. Production sets at least
``SECRET_KEY``, ``DEBUG=0``, ``ALLOWED_HOSTS``, ``DATABASE_URL``, ``REDIS_URL``,
``INBOUND_EMAIL_DOMAIN`` and an ESP (see docs/operators/ and
deploy/ravenpost.env.example).

``DEBUG`` is off unless set, except for the embedded default's local run
(``make run``, i.e. ``manage.py runservice``), which turns it on. ``DEBUG=0``
in the environment is what marks a production deployment: HTTPS-only cookies,
HSTS, redirects to https, hashed static files, and a real ``SECRET_KEY``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.checks.security.base import SECRET_KEY_MIN_LENGTH, SECRET_KEY_MIN_UNIQUE_CHARACTERS
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("RAVENPOST_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# `make run` is `manage.py runservice`: one person's machine, where Django's debug pages help. Every other
# process (gunicorn, Celery, tests, other commands) runs with DEBUG off unless DEBUG says otherwise.
LOCAL_RUN = Path(sys.argv[0]).name == "manage.py" and sys.argv[1:2] == ["runservice"]
DEBUG = env_bool("DEBUG", LOCAL_RUN)
# DEBUG=0 said out loud (as deploy/ravenpost.env.example and the image do) is a production deployment.
PRODUCTION = "DEBUG" in os.environ and not DEBUG

DEV_SECRET_KEY = "dev-only-insecure-key-change-me-in-production"
# Values that were ever shown as examples: a key copied from a document is no secret.
PLACEHOLDER_SECRET_KEYS = frozenset({DEV_SECRET_KEY, "generate-a-long-random-string", "change-me"})


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` is not fit to sign production data, or None (Django's own security.W009 rules, and more)."""
    if key in PLACEHOLDER_SECRET_KEYS or key.startswith(("dev-only", "django-insecure")):
        return "SECRET_KEY is a placeholder from the documentation"
    if len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        return (f"SECRET_KEY is too weak (at least {SECRET_KEY_MIN_LENGTH} characters, "
                f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS} different ones)")
    return None


# The embedded default is for one person's machine; production must set its own key. In production an
# unset key stays empty: commands that sign nothing (collectstatic while the image is built) still run,
# Django refuses to sign with an empty key, and the serving processes refuse to start (config.startup).
SECRET_KEY = os.environ.get("SECRET_KEY", "") or ("" if PRODUCTION else DEV_SECRET_KEY)
if PRODUCTION and SECRET_KEY and (problem := secret_key_problem(SECRET_KEY)):
    raise ImproperlyConfigured(f"{problem}; generate one with: "
                               "python -c 'import secrets; print(secrets.token_urlsafe(50))'")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Unset, the local run (runservice) derives SITE_URL from the address it serves on.
SITE_URL_FROM_ENV = "SITE_URL" in os.environ
# The service's name in pages and mails (sign-up mails say "Hello from <SITE_NAME>!").
SITE_NAME = os.environ.get("SITE_NAME", "Ravenpost")
# Requests per token (or per address, for the few API endpoints open without one): "<count>/<s|min|hour|day>".
API_RATE_LIMIT = os.environ.get("API_RATE_LIMIT", "300/min")
# The longest an events long poll may wait, in seconds: each waiting request holds a web worker thread.
API_MAX_WAIT = float(os.environ.get("API_MAX_WAIT", "25"))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "anymail",
    "ninja",
    "accounts",
    "notifications",
    "games",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "games.middleware.GameMissingMiddleware",
]
# Error reports (the debug page of a local run, mails to admins, logs) never show a frame's local
# variables: in a game view they hold the whole state (the seed, every seat's secrets).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.security.NoFrameVariablesFilter"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Each game's UI folder serves its own templates as ui/<slug>/... (found from the registry).
            "loaders": [("django.template.loaders.cached.Loader", [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
                "games.ui.loader.Loader",
            ])],
            # {% url %} with its answers kept (config.cachedurl): a game page prints dozens of links.
            "builtins": ["config.cachedurl"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'ravenpost.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        # A kept connection is checked before a request (or task) reuses it: after a database restart
        # the first query reconnects instead of failing with a 500.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, but a new connection waits out a database restart (config.db.postgresql).
    DATABASES["default"]["ENGINE"] = "config.db.postgresql"
DB_CONNECT_WAIT_SECONDS = float(os.environ.get("DB_CONNECT_WAIT_SECONDS", "10"))
# Server-side prepared statements for the few fixed statements that ask for them (the move path's turn, the
# replay read, the inbound pipeline's): see config.db.postgresql. 0 behind a pooler in transaction mode
# without protocol-level prepared statements (PgBouncer before 1.21).
DB_PREPARED_STATEMENTS = os.environ.get("DB_PREPARED_STATEMENTS", "1") != "0"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web process read while the in-process worker writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("SQLITE_TEST_NAME", "")} if os.environ.get(
        "SQLITE_TEST_NAME"
    ) else {}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# Database sessions as Django keeps them, loaded by one plain query on every signed-in request (accounts.sessions).
SESSION_ENGINE = "accounts.sessions"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# django-allauth: people sign in with their email address, which must be verified
# before it can be trusted as a reply address.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# Following the link in the verification mail signs the person in (no second sign-in).
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Ravenpost] "
# Sign-up and password mails carry a Message-ID on our mail domain and Auto-Submitted.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "games.ui.finders.UIFinder",  # each game's UI folder serves its static/ as ui/<slug>/...
]
# The image collects static files at build time into its own read-only tree (STATIC_ROOT=/app/static).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise looks here even before collectstatic has run
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# -- mail -------------------------------------------------------------------
# EMAIL_BACKEND and EMAIL_FILE_PATH are honoured as Django documents them; the
# default keeps every message in the dev mailbox (a page at /dev/mailbox/).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "notifications.devmail.DevMailboxBackend")
if "EMAIL_FILE_PATH" in os.environ:
    EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]
# Django's SMTP backend (EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend), for an ESP's SMTP
# relay or your own MTA. A send never waits longer than EMAIL_TIMEOUT (the outbox's claim outlives it).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "30"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Ravenpost <games@ravenpost.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
DEV_MAILBOX = env_bool("DEV_MAILBOX", EMAIL_BACKEND == "notifications.devmail.DevMailboxBackend")

# -- mail in ---------------------------------------------------------------------
# Reply addresses are INBOUND_EMAIL_LOCAL_PART+<token>@INBOUND_EMAIL_DOMAIN.
INBOUND_EMAIL_LOCAL_PART = os.environ.get("INBOUND_EMAIL_LOCAL_PART", "play")
INBOUND_EMAIL_DOMAIN = os.environ.get("INBOUND_EMAIL_DOMAIN", "ravenpost.localhost")
INBOUND_EMAIL_MAX_BYTES = int(os.environ.get("INBOUND_EMAIL_MAX_BYTES", str(10 * 1024 * 1024)))
# The ESPs whose inbound webhooks exist (/anymail/<provider>/inbound/); every other one is a 404.
INBOUND_EMAIL_PROVIDERS = env_list("INBOUND_EMAIL_PROVIDERS", "")
# ESPs whose tracking webhooks (/anymail/<provider>/tracking/: bounces, complaints) exist besides the
# one EMAIL_BACKEND sends through.
EMAIL_TRACKING_PROVIDERS = env_list("EMAIL_TRACKING_PROVIDERS", "")
# The authserv-id of the receiving MTA whose Authentication-Results header is trusted (empty: none).
INBOUND_EMAIL_AUTHSERV_ID = os.environ.get("INBOUND_EMAIL_AUTHSERV_ID", "")
# The embedded default's SMTP listener for replies (runservice); 0 turns it off.
SMTP_LISTENER_PORT = int(os.environ.get("SMTP_LISTENER_PORT", "2525"))

# -- tasks ------------------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
# No Redis: tasks run in the calling process (the embedded default and tests).
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A task is acknowledged when it has run, and a task whose worker died (kill -9, OOM) is put back on the
# queue instead of being dropped: every task is safe to run twice (outbox rows, sweeps and inbound mail
# are claimed in the database).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker outlives the broker: it keeps reconnecting however long Redis is away (Celery's default
# gives up after 100 tries, about 50 minutes), through a transport whose closed channels fail as
# connection errors rather than as a fatal AttributeError (config.broker).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_TRANSPORT = "config.broker:Transport" if REDIS_URL else None
CELERY_TASK_IGNORE_RESULT = True
# Publishing happens after a move's commit, inside the request: never retry it there and never wait
# long for a broker that is down. What was not queued stays pending in the outbox for the periodic retry.
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("CELERY_BROKER_CONNECTION_TIMEOUT", "1"))
# Redis redelivers a message that a dead worker took but never acknowledged after this many seconds
# (Celery's default is an hour). No task is scheduled ahead (no countdown or ETA), and every task
# finishes well within it, so a running task is never handed out twice.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300")),
    "socket_connect_timeout": CELERY_BROKER_CONNECTION_TIMEOUT,
    # kombu otherwise keeps trying to connect for the whole connection timeout before a publish
    # fails; workers reconnect by their own loop (broker_connection_retry), which this leaves alone.
    "max_retries": 0,
}
# Beat keeps its schedule where the service may write (the image's code tree is read-only to it).
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# The cache holds allauth's rate limits (sign-in, sign-up, password reset). With Redis, a Redis outage
# falls back to a per-process memory cache instead of failing every sign-in (config.cache).
CACHES = {
    "default": (
        {"BACKEND": "config.cache.FallbackRedisCache", "LOCATION": REDIS_URL,
         "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Behind the documented nginx every request comes from the proxy: allauth's rate limits take the
# client's address from the header nginx sets (deploy/nginx.conf: X-Real-IP $remote_addr).
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = os.environ.get("ALLAUTH_TRUSTED_CLIENT_IP_HEADER") or None

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# -- ESP credentials for django-anymail -----------------------------------------
# Every ANYMAIL_<NAME> variable becomes ANYMAIL["<NAME>"], e.g. ANYMAIL_MAILGUN_API_KEY,
# ANYMAIL_POSTMARK_SERVER_TOKEN, ANYMAIL_SENDGRID_API_KEY, ANYMAIL_AMAZON_SES_CLIENT_PARAMS.
ANYMAIL = {key[len("ANYMAIL_"):]: value for key, value in os.environ.items() if key.startswith("ANYMAIL_")}

# -- production hardening ---------------------------------------------------------
if PRODUCTION:
    # nginx terminates TLS and says so (deploy/nginx.conf); plain http is redirected to https.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        # Preloading is the domain owner's commitment, made outside Django (hstspreload.org); opting
        # out of it is a choice, not an oversight, so check --deploy need not warn about it.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    STORAGES["staticfiles"] = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}

# -- periodic work (Celery beat in production; a timer in runservice otherwise) ---
DEADLINE_SWEEP_SECONDS = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "5"))
OUTBOX_RETRY_SECONDS = float(os.environ.get("OUTBOX_RETRY_SECONDS", "60"))
# An outbox row handed to the mail backend and still not marked sent after this many seconds was
# interrupted (its worker died, or the database went away before the mark): the retry sends it again,
# marked as a possible duplicate. Longer than any send may take (EMAIL_TIMEOUT, anymail's timeouts).
OUTBOX_SENDING_TIMEOUT = float(os.environ.get("OUTBOX_SENDING_TIMEOUT", "300"))
CELERY_BEAT_SCHEDULE = {
    "enforce-deadlines": {"task": "games.enforce_deadlines", "schedule": DEADLINE_SWEEP_SECONDS},
    "send-pending-mail": {"task": "notifications.send_pending", "schedule": OUTBOX_RETRY_SECONDS},
    "send-digests": {"task": "notifications.send_digests", "schedule": 3600.0},
    "process-received-mail": {"task": "notifications.process_received", "schedule": 300.0},
}
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "14"))
