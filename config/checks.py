"""``manage.py check --deploy`` reports what would stop the serving processes (config.startup)."""

from __future__ import annotations

from typing import Any

from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def production_configuration(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    from config.startup import production_problems

    return [checks.Error(problem, id="ravenpost.E001") for problem in production_problems()]
