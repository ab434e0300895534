"""App config for games."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import db  # noqa: F401  (connects the per-connection setup)
