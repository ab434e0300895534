"""Settings, all from environment variables, with defaults that run on one machine.

Embedded default (nothing set): SQLite under ``var/``, Celery tasks run
in-process, mail kept in the dev mailbox page. Production sets at least
``SECRET_KEY``, ``DEBUG=0``, ``ALLOWED_HOSTS``, ``DATABASE_URL``, ``REDIS_URL``
and an ESP (see docs/operators/).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

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


DEBUG = env_bool("DEBUG", True)
# The embedded default is for one person's machine; production must set its own key.
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me-in-production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

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
    "accounts",
    "notifications",
    "games",
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
]

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
    )
}
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
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Ravenpost] "
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
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise looks here even before collectstatic has run
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
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Ravenpost <games@ravenpost.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
DEV_MAILBOX = env_bool("DEV_MAILBOX", EMAIL_BACKEND == "notifications.devmail.DevMailboxBackend")

# -- mail in ---------------------------------------------------------------------
# Reply addresses are INBOUND_EMAIL_LOCAL_PART+<token>@INBOUND_EMAIL_DOMAIN.
INBOUND_EMAIL_LOCAL_PART = os.environ.get("INBOUND_EMAIL_LOCAL_PART", "play")
INBOUND_EMAIL_DOMAIN = os.environ.get("INBOUND_EMAIL_DOMAIN", "ravenpost.localhost")
INBOUND_EMAIL_MAX_BYTES = int(os.environ.get("INBOUND_EMAIL_MAX_BYTES", str(10 * 1024 * 1024)))
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
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True

CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

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
if not DEBUG:
    if SECRET_KEY.startswith("dev-only"):
        raise RuntimeError("set SECRET_KEY when DEBUG is off")
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    STORAGES["staticfiles"] = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}

# -- periodic work (Celery beat in production; a timer in runservice otherwise) ---
DEADLINE_SWEEP_SECONDS = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "5"))
OUTBOX_RETRY_SECONDS = float(os.environ.get("OUTBOX_RETRY_SECONDS", "60"))
CELERY_BEAT_SCHEDULE = {
    "enforce-deadlines": {"task": "games.enforce_deadlines", "schedule": DEADLINE_SWEEP_SECONDS},
    "send-pending-mail": {"task": "notifications.send_pending", "schedule": OUTBOX_RETRY_SECONDS},
    "send-digests": {"task": "notifications.send_digests", "schedule": 3600.0},
    "process-received-mail": {"task": "notifications.process_received", "schedule": 300.0},
}
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "14"))
