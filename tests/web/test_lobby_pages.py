"""The lobby's lists a page at a time: order, stable pages, every turn shown, bad addresses, constant queries."""

from __future__ import annotations

import datetime
import html
import re
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, GameStatus, Seat
from games.rules import all_rules
from games.selectors.lobby import PAGE_SIZE
from games.views.lobby_query import UNKNOWN_GAME, UNREADABLE_PAGE
from tests.lobby_games import T0, add_open_games, copies

pytestmark = pytest.mark.django_db
LOBBY = reverse("games:lobby")


def section(page: str, section_id: str) -> str:
    start = page.index(f'<section class="card" id="{section_id}">')
    return page[start:page.index("</section>", start)]


def listed(part: str) -> list[int]:
    """The game numbers listed in a part of the page, in order."""
    return [int(n) for n in re.findall(r"#(\d+)</strong>", part)]


def link(part: str, rel: str) -> str | None:
    found = re.search(rf'<a href="([^"]*)" rel="{rel}">', part)
    return html.unescape(found.group(1)) if found else None


def lobby(client: Client, address: str = LOBBY) -> str:
    response = client.get(address if address.startswith("/") else LOBBY + address.split("#")[0])
    assert response.status_code == 200
    return response.content.decode()


def ids(games: list[Game]) -> list[int]:
    return [game.pk for game in games]


def test_open_games_are_paged_newest_first_and_every_game_is_on_one_page(three_players):
    (ada, ada_c), (brook, _), _ = three_players
    # 45 games: the first 10 created at the very same moment (ties are broken by number), then one a minute.
    games = add_open_games(10, brook, same_time=True) + add_open_games(35, brook,
                                                                       newest=T0 - datetime.timedelta(minutes=1))
    expected = sorted(games, key=lambda g: (g.created_at, g.pk), reverse=True)
    first = section(lobby(ada_c), "open-games")
    assert listed(first) == ids(expected[:PAGE_SIZE])
    assert "45 open games, newest first." in first
    assert link(first, "prev") is None  # the newest page has no newer one
    second = section(lobby(ada_c, link(first, "next") or ""), "open-games")
    assert listed(second) == ids(expected[PAGE_SIZE:2 * PAGE_SIZE])
    third = section(lobby(ada_c, link(second, "next") or ""), "open-games")
    assert listed(third) == ids(expected[2 * PAGE_SIZE:])
    assert link(third, "next") is None  # nothing older
    # Back again: the newer page of the last is the second, and of the second the first.
    assert listed(section(lobby(ada_c, link(third, "prev") or ""), "open-games")) == listed(second)
    assert listed(section(lobby(ada_c, link(second, "prev") or ""), "open-games")) == listed(first)


def test_a_page_stays_the_same_when_games_are_created_or_leave_meanwhile(three_players):
    (ada, ada_c), (brook, _), _ = three_players
    games = add_open_games(50, brook)
    first = section(lobby(ada_c), "open-games")
    older = link(first, "next") or ""
    second = listed(section(lobby(ada_c, older), "open-games"))
    assert second == ids(games[20:40])
    # Seven new games, and the newest game of the first page fills up and leaves the list.
    new = add_open_games(7, brook, newest=T0 + datetime.timedelta(hours=1))
    Game.objects.filter(pk=games[0].pk).update(status=GameStatus.ACTIVE)
    again = section(lobby(ada_c, older), "open-games")
    assert listed(again) == second  # with ?page=2 the games would have shifted by six
    # Newer than the second page: the 20 games just above it, now the oldest new game and the first page's rest.
    assert listed(section(lobby(ada_c, link(again, "prev") or ""), "open-games")) == [new[-1].pk, *ids(games[1:20])]
    # The newest page shows the new games first.
    assert listed(section(lobby(ada_c), "open-games"))[:8] == [*ids(new), games[1].pk]


def test_every_game_awaiting_my_move_is_shown_and_the_rest_paged(three_players, running_game):
    (ada, ada_c), _, _ = three_players
    # running_game awaits every seat (secret bids): 24 more like it, 30 where others are awaited, 3 finished.
    my_seat = Seat.objects.get(game=running_game, user=ada).index
    others_seat = next(i for i in range(3) if i != my_seat)
    my_turn = [running_game, *copies(running_game, 24)]
    waiting = copies(running_game, 30, to_act=[others_seat], newest=T0 - datetime.timedelta(days=1))
    finished = copies(running_game, 3, status=GameStatus.FINISHED, to_act=[], newest=T0 - datetime.timedelta(days=2))
    page = lobby(ada_c)
    mine = section(page, "my-games")
    turn_part, other_part = mine.split("Your other games")
    assert "Your turn (25)" in turn_part and sorted(listed(turn_part)) == sorted(ids(my_turn))
    assert turn_part.count("Your turn!") == 25
    assert listed(other_part) == ids(waiting[:PAGE_SIZE]) and "Your turn!" not in other_part
    assert listed(section(page, "finished-games")) == ids(finished)
    # On the older page of the other games, the games awaiting my move are all still there.
    older = section(lobby(ada_c, link(other_part, "next") or ""), "my-games")
    turn_part, other_part = older.split("Your other games")
    assert sorted(listed(turn_part)) == sorted(ids(my_turn))
    assert listed(other_part) == ids(waiting[PAGE_SIZE:])
    # A spectator of the same service sees none of anyone's games, only the lists everyone sees.
    visitor = Client().get(LOBBY).content.decode()
    assert 'id="my-games"' not in visitor and 'id="finished-games"' not in visitor and "Your turn" not in visitor


def test_open_games_of_one_game_only(three_players):
    (ada, ada_c), (brook, _), _ = three_players
    slugs = [rules.slug for rules in all_rules()]
    assert len(slugs) >= 2
    first, second = slugs[0], slugs[1]
    add_open_games(3, brook, slug=first)
    wanted = add_open_games(25, brook, slug=second, newest=T0 - datetime.timedelta(hours=2))
    page = section(lobby(ada_c, f"?game={second}"), "open-games")
    assert listed(page) == ids(wanted[:PAGE_SIZE]) and "25 open games of this game" in page
    # Every registered game can be chosen; the one shown is selected; paging keeps the choice.
    for rules in all_rules():
        assert f'<option value="{rules.slug}"' in page
    assert f'<option value="{second}" selected>' in page
    older = link(page, "next") or ""
    assert f"game={second}" in older
    assert listed(section(lobby(ada_c, older), "open-games")) == ids(wanted[PAGE_SIZE:])


BAD_ADDRESSES = [
    ("?page=abc", None),
    ("?page=%C2%B2", None),  # "²": str.isdigit says yes, int() says no
    ("?page=-1&page=99999999999999999999999", None),
    ("?open_before=abc", UNREADABLE_PAGE),
    ("?open_before=%C2%B2-%C2%B2", UNREADABLE_PAGE),
    ("?open_before=%D9%A3-1", UNREADABLE_PAGE),  # an Arabic-Indic three, which int() would take
    ("?open_before=999999999999999999-1", UNREADABLE_PAGE),  # past the year 9999
    ("?open_before=1-99999999999999999999", UNREADABLE_PAGE),  # an id no database keeps
    ("?open_before=1-0", UNREADABLE_PAGE),
    ("?open_after=" + "1" * 5000 + "-1", UNREADABLE_PAGE),
    ("?mine_before=1-1&mine_after=1-1", UNREADABLE_PAGE),  # both directions at once
    ("?done_after=%00", UNREADABLE_PAGE),
    ("?open_before=", None),  # an empty field is no field
    ("?game=chess", UNKNOWN_GAME),
    ("?game=%3Cscript%3Ealert(1)%3C/script%3E", UNKNOWN_GAME),
    ("?game=" + "x" * 5000, UNKNOWN_GAME),
]


@pytest.mark.parametrize(("address", "notice"), BAD_ADDRESSES)
@pytest.mark.parametrize("signed_in", [True, False], ids=["player", "visitor"])
def test_bad_addresses_show_the_newest_page_with_a_notice_and_nothing_else(three_players, address, notice,
                                                                          signed_in):
    (ada, ada_c), (brook, _), _ = three_players
    games = add_open_games(25, brook)
    client = ada_c if signed_in else Client()
    response = client.get(LOBBY + address)
    assert response.status_code == 200
    page = response.content.decode()
    assert listed(section(page, "open-games")) == ids(games[:PAGE_SIZE])
    notices = re.findall(r'<li class="msg msg-warning">([^<]*)</li>', page)
    assert notices == ([html.escape(notice)] if notice else [])
    assert "script>alert" not in page and "Traceback" not in page


def test_queries_do_not_grow_with_the_number_of_games(three_players, running_game):
    (ada, ada_c), (brook, brook_c), _ = three_players
    my_seat = Seat.objects.get(game=running_game, user=ada).index
    others_seat = next(i for i in range(3) if i != my_seat)
    counts: dict[tuple[str, int], int] = {}
    # 1, 25 then 50 of each: open games, games awaiting Ada (running_game the first), awaiting others, finished.
    made = 1
    for total in (1, 25, 50):
        more, made = total - made, total
        add_open_games(more + (total == 1), brook)
        copies(running_game, more)
        copies(running_game, more + (total == 1), to_act=[others_seat])
        copies(running_game, more + (total == 1), status=GameStatus.FINISHED, to_act=[])
        for who, client in (("player", ada_c), ("visitor", Client())):
            lobby(client)  # the session and what the process keeps, read once
            with CaptureQueriesContext(connection) as queries:
                page = lobby(client)
            counts[who, total] = len(queries)
        assert len(listed(section(page, "open-games"))) == min(total, PAGE_SIZE)
    for who in ("player", "visitor"):
        # One list on one page needs no count of its games: one query fewer.
        assert counts[who, 1] <= counts[who, 25] == counts[who, 50], counts
    assert counts["player", 50] <= 20, counts


def test_no_games_at_all(three_players):
    (ada, ada_c), _, _ = three_players
    with CaptureQueriesContext(connection) as queries:
        page = lobby(ada_c)
    assert "No game is waiting for players" in page and "You have no games yet." in page
    assert 'class="pager"' not in page and "0 open games" in page
    assert len(queries) <= 20
