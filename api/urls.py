"""The API's entry point: one NinjaAPI under /api/ with its schema at /api/openapi.json and docs at /api/docs."""

from __future__ import annotations

from ninja import NinjaAPI, Swagger

from api import errors
from api.auth import TokenAuth
from api.routes import account, games, live, play, records
from api.throttle import TokenRateThrottle


class OurSwagger(Swagger):
    template = "api/swagger.html"


api = NinjaAPI(
    title="Ravenpost API",
    version="1",
    description="Everything a player can do on the web or by mail, for programs and bots. "
                "Authenticate with a personal access token from your profile page: `Authorization: Bearer rp_…`.",
    auth=TokenAuth(),
    throttle=[TokenRateThrottle()],
    urls_namespace="api",
    # Our own page around Swagger UI (a language, contrast fixes); no deep links, whose anchors would sit
    # inside each operation's button (a control inside a control, which screen readers cannot reach).
    docs=OurSwagger(settings={"deepLinking": False}),
)
errors.install(api)
for module in (account, games, play, live, records):
    api.add_router("/", module.router)
