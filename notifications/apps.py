"""App config for notifications: connects the anymail inbound signal and registers the tasks at start-up."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from notifications import checks, tracking, webhooks  # noqa: F401 - registers the checks and receivers
        # The outbox and the inbound side hand work over by task name; every process that
        # may hand work over (web, worker, commands) has the tasks registered from here.
        from notifications import tasks  # noqa: F401
