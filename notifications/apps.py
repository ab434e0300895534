"""App config for notifications: connects the anymail inbound signal at start-up."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from notifications import webhooks  # noqa: F401 - registers the inbound signal receiver
