"""The published OpenAPI schema validates, covers every endpoint, and the interactive docs page is ours."""

from __future__ import annotations

from django.test import Client
from openapi_spec_validator import validate

EXPECTED = {
    ("get", "/api/me"), ("get", "/api/rules"), ("get", "/api/vacation"), ("post", "/api/vacation"),
    ("delete", "/api/vacation"), ("get", "/api/games"), ("get", "/api/games/open"), ("post", "/api/games"),
    ("post", "/api/games/{game_id}/join"), ("post", "/api/games/{game_id}/leave"),
    ("post", "/api/games/{game_id}/start"), ("post", "/api/games/{game_id}/resign"),
    ("get", "/api/games/{game_id}"), ("get", "/api/games/{game_id}/choices"),
    ("post", "/api/games/{game_id}/moves"), ("get", "/api/games/{game_id}/log"),
    ("get", "/api/games/{game_id}/chat"), ("post", "/api/games/{game_id}/chat"),
    ("post", "/api/games/{game_id}/extend"), ("get", "/api/games/{game_id}/events"),
    ("get", "/api/games/{game_id}/record"), ("get", "/api/games/{game_id}/replay"),
}


def test_the_schema_validates_and_lists_every_endpoint(db):
    answer = Client().get("/api/openapi.json")
    assert answer.status_code == 200
    schema = answer.json()
    validate(schema)
    found = {(method, path) for path, item in schema["paths"].items() for method in item}
    assert found == EXPECTED
    assert "BearerAuth" in str(schema["components"]["securitySchemes"]) or schema["components"]["securitySchemes"]
    move = schema["paths"]["/api/games/{game_id}/moves"]["post"]
    assert {"200", "400", "409"} <= set(move["responses"])


def test_the_docs_page_loads_its_scripts_from_our_own_static_files(db):
    page = Client().get("/api/docs")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
