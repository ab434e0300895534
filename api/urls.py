"""The API's entry point: one NinjaAPI under /api/ with its schema at /api/openapi.json and docs at /api/docs."""

from __future__ import annotations

from ninja import NinjaAPI

from api import errors
from api.auth import TokenAuth
from api.routes import account, games, live, play, records
from api.throttle import TokenRateThrottle

api = NinjaAPI(
    title="Ravenpost API",
    version="1",
    description="Everything a player can do on the web or by mail, for programs and bots. "
                "Authenticate with a personal access token from your profile page: `Authorization: Bearer rp_…`.",
    auth=TokenAuth(),
    throttle=[TokenRateThrottle()],
    urls_namespace="api",
)
errors.install(api)
for module in (account, games, play, live, records):
    api.add_router("/", module.router)

urls = api.urls
