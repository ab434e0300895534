"""Every panel of every game page names players by name (with their colour), never by seat or "P1" alone;
Five Points' player colours are not its neighbourhoods' colours."""

from __future__ import annotations

import html as htmlmod
import random
import re

import pytest
from django.test import Client

from games import services
from games.models import Projection
from games.rules import get_rules
from games.rules.five_points import COLOURS as NEIGHBOURHOOD_COLOURS
from games.ui import ui_for

from .conftest import client_for

pytestmark = pytest.mark.django_db

NAMES = ("Ada", "Brook", "Cyd")
SEAT_WORD = re.compile(r"\b(?:P|[Ss]eat |[Pp]layer )([1-5])\b")


def visible_text(page: str) -> str:
    """The page's text as a person reads it, without the plain-text description (the turn mail's words)."""
    page = re.sub(r'<details class="card"><summary>The situation in words.*?</details>', "", page, flags=re.S)
    # Move notation is what a player types ("assign P2 T 1"), not how the page names a person.
    page = re.sub(r'<div class="notation">.*?</div>|<code>.*?</code>', "", page, flags=re.S)
    # A map's squares are too small for names: their short codes have a key beside the map, tested apart.
    page = re.sub(r"<(script|style|select|textarea|svg)\b.*?</\1>", "", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(htmlmod.unescape(page).split())


def seat_words_alone(text: str, names: list[str]) -> list[str]:
    """Each "P2" / "seat 2" / "player 2" that is not followed by that seat's player's name."""
    alone = []
    for found in SEAT_WORD.finditer(text):
        seat = int(found.group(1)) - 1
        after = text[found.end():found.end() + 30]
        if seat >= len(names) or names[seat] not in after:
            alone.append(text[max(0, found.start() - 40):found.end() + 30])
    return alone


@pytest.mark.parametrize("slug", ["revolution", "five_tribes", "five_points", "mob_town", "gangsters"])
def test_no_panel_names_a_player_by_seat_alone(make_user, slug):
    users = [make_user(f"{n.lower()}@example.com", n) for n in NAMES]
    game = services.game_create(rules_slug=slug, creator=users[0], num_players=3, seed=f"names-{slug}")
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rules = get_rules(slug)
    rng = random.Random(5)
    names = [game.seats.get(index=i).user.name for i in range(3)]
    for step in range(60):
        projection = Projection.objects.get(pk=game.pk)
        if not projection.to_act:
            break
        if step % 20 == 19:
            for seat in [None, *projection.to_act[:1]]:
                client = Client() if seat is None else client_for(game.seats.get(index=seat).user)
                page = client.get(f"/games/{game.pk}/").content.decode()
                text = visible_text(page)
                assert not seat_words_alone(text, names), (step, seat, seat_words_alone(text, names))
                if slug == "revolution":
                    # Its rules name seats by colour: what happened is told with the players' names.
                    told = visible_text(page[page.index('id="last-resolution"'):page.index('id="log-title"')]
                                        + page[page.index('id="log-title"'):])
                    assert not re.search(r"\b(Red|Blue|Green)\b", told), told
                    assert any(name in told for name in names)
        seat = projection.to_act[0]
        services.submit_move(game_id=game.pk, user=game.seats.get(index=seat).user,
                             move=rules.random_move(projection.state, seat, rng), source="web")


def test_five_points_player_colours_are_not_neighbourhood_colours():
    ui = ui_for("five_points")
    players = {ui.seat_color(seat) for seat in range(get_rules("five_points").max_players)}
    assert len(players) == get_rules("five_points").max_players
    assert players.isdisjoint(NEIGHBOURHOOD_COLOURS), players & set(NEIGHBOURHOOD_COLOURS)


def test_a_name_holding_a_colour_word_is_not_renamed_by_a_later_seat() -> None:
    # Revolution's rules name seats by colour; a first player called "Blue Jay" stays Blue Jay even though
    # the second seat's colour is blue (the names were once put in one seat after another, and the second
    # pass renamed the first player's name).
    ui = ui_for("revolution")
    said = ui.name_seats("Red won the General; Blue (seat 2) placed a Red cube", ["Blue Jay", "Bob"])
    assert said == "Blue Jay won the General; Bob placed Blue Jay's cube"
    assert ui.name_seats("a Blue cube and Green", ["Ada", "Brook", "Cyd"]) == "Brook's cube and Cyd"


def _plain_namer(colours: tuple[str, ...], names: tuple[str, ...]):
    """The naming spelled out form by form (every seat's "Red (seat 1)", then "a Red cube", then "Red"), the
    reference the page's one-pass pattern is held to."""
    said, labels, cubes, bare = {}, [], [], []
    for seat, colour in enumerate(colours):
        if not names[seat]:
            continue
        said[f"s{seat}"], said[f"c{seat}"], said[f"b{seat}"] = names[seat], f"{names[seat]}'s cube", names[seat]
        labels.append(rf"(?P<s{seat}>\b{colour} \(seat \d+\))")
        cubes.append(rf"(?P<c{seat}>\b(?:an? )?{colour} cube\b)")
        bare.append(rf"(?P<b{seat}>\b{colour}\b)")
    if not said:
        return lambda text: text
    pattern = re.compile("|".join(labels + cubes + bare), re.IGNORECASE)
    return lambda text: pattern.sub(lambda match: said[match.lastgroup or ""], text)


_PIECES = ["a ", "an ", "A ", "An ", "Red", "red", "RED", "Blue", "blue", "Green", "Yellow", "yellow", " cube",
           " cubes", " cube.", " (seat 1)", " (seat 12)", "(seat 3)", " (seat x)", " ", "x", "Jay", "'s", ".", ",",
           "Bluebird", "redo", "ared", "-", "\n", "won the General", "é"]


def test_the_page_names_seats_exactly_as_the_plain_form_by_form_pattern() -> None:
    from games.ui.revolution.adapter import _seat_namer

    rng = random.Random(11)
    tables = [("Ada", "Brook", "Cy"), ("Blue Jay", "Red Fox", "", "Green"), ("Yellow cube", "a red", "Blue (seat 2)", "D")]
    for _ in range(20_000):
        names = rng.choice(tables)
        colours = ("red", "blue", "green", "yellow")[:len(names)]
        line = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 14)))
        assert _seat_namer(colours, names)(line) == _plain_namer(colours, names)(line), (line, names)
