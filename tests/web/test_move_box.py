"""The move box's fields are written out in the game page's template: the same HTML as MoveTextForm's own
widgets, so a change to the form (a limit, an attribute) that the template misses fails here."""

from __future__ import annotations

import re

from django.urls import reverse

from games.forms import MoveTextForm
from games.models import Projection
from tests.web.conftest import form_meta, seat_client

BOX = re.compile(r'<form autocomplete="off" method="post" action="[^"]*/move/" class="move-box">(.*?)</form>', re.S)


def move_box(html: str) -> str:
    found = BOX.search(html)
    assert found, "the page has a move box"
    return found.group(1)


def widgets(expected_version: int, key: str, text: str) -> list[str]:
    form = MoveTextForm(initial={"expected_version": expected_version, "idempotency_key": key, "text": text})
    return [str(form["expected_version"]), str(form["idempotency_key"]), str(form["text"])]


def test_the_move_box_is_the_forms_own_html(running_game, three_players):
    client = seat_client(running_game, 0, three_players)
    url = reverse("games:move", args=[running_game.pk])
    for _ in range(2):  # as first rendered, and as kept and shown again (its key filled in per request)
        html = client.get(f"/games/{running_game.pk}/").content.decode()
        meta = form_meta(html, url)
        box = move_box(html)
        version = Projection.objects.get(pk=running_game.pk).version
        assert int(meta["expected_version"]) == version
        for widget in widgets(version, meta["idempotency_key"], ""):
            assert widget in box, widget
        assert f'<label for="{MoveTextForm()["text"].id_for_label}">' in box


def test_a_refused_move_comes_back_in_the_box_escaped_as_the_form_writes_it(running_game, three_players):
    client = seat_client(running_game, 0, three_players)
    url = reverse("games:move", args=[running_game.pk])
    meta = form_meta(client.get(f"/games/{running_game.pk}/").content.decode(), url)
    typed = 'printer <b>"g"</b> & co'
    html = client.post(url, {"text": typed, **meta}).content.decode()
    box = move_box(html)
    echoed = form_meta(html, url)
    for widget in widgets(int(echoed["expected_version"]), echoed["idempotency_key"], typed):
        assert widget in box, widget


def test_the_resign_box_is_the_forms_own_html(running_game, three_players):
    from django.utils.html import escape

    from games.forms import ResignForm

    client = seat_client(running_game, 0, three_players)
    field = ResignForm()["confirm"]
    for _ in range(2):  # as first rendered, and as kept and shown again
        html = client.get(f"/games/{running_game.pk}/").content.decode()
        assert f'<label class="small">{field} {escape(field.label)}</label>' in html
