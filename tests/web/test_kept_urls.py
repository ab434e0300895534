"""``{% url %}`` keeps its answers (config.cachedurl): the same links as Django's own tag, whatever the page."""

from __future__ import annotations

import pytest
from django.template import Context, Template, engines
from django.test import RequestFactory
from django.urls import NoReverseMatch, reverse, set_script_prefix

from config import cachedurl


def render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


def test_links_are_djangos_own_and_the_second_comes_from_what_was_kept() -> None:
    cachedurl._KEPT.clear()
    first = render("{% url 'games:move' pk %}|{% url 'games:replay' game_id=pk %}", pk=41)
    assert first == f"{reverse('games:move', args=[41])}|{reverse('games:replay', kwargs={'game_id': 41})}"
    assert len(cachedurl._KEPT) == 2
    assert render("{% url 'games:move' pk %}", pk=41) == reverse("games:move", args=[41])
    assert render("{% url 'games:move' pk %}", pk=42) == reverse("games:move", args=[42])
    assert len(cachedurl._KEPT) == 3


def test_as_a_variable_escaped_and_failing_like_djangos_tag() -> None:
    assert render("{% url 'games:move' 7 as link %}<{{ link }}>") == f"<{reverse('games:move', args=[7])}>"
    assert render("{% url 'no-such-view' as link %}[{{ link }}]") == "[]"
    with pytest.raises(NoReverseMatch):
        render("{% url 'no-such-view' %}")
    with pytest.raises(NoReverseMatch):
        render("{% url 'games:move' 'not-a-number' %}")
    assert Template("{% url view %}").render(Context({"view": "games:lobby"})) == reverse("games:lobby")


def test_a_script_prefix_is_part_of_the_key() -> None:
    cachedurl._KEPT.clear()
    try:
        set_script_prefix("/one/")
        one = render("{% url 'games:move' 3 %}")
        set_script_prefix("/two/")
        two = render("{% url 'games:move' 3 %}")
    finally:
        set_script_prefix("/")
    assert one.startswith("/one/") and two.startswith("/two/")


def test_an_argument_that_cannot_be_a_key_is_reversed_by_djangos_tag() -> None:
    request = RequestFactory().get("/")
    out = engines["django"].from_string("{% url 'games:move' pk %}").render({"pk": 5}, request)
    assert out == reverse("games:move", args=[5])
    with pytest.raises((NoReverseMatch, TypeError)):
        render("{% url 'games:move' pk %}", pk=[5])
