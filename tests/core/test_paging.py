"""Keyset cursors: every text is read without an exception, a cursor reads back as itself, and pages cut from keys
in hand are those the database gives."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.models import Game
from games.paging import Cursor, keyset_page, keyset_slice, parse_cursor

UTC = datetime.timezone.utc


@given(st.text(max_size=60))
def test_any_text_is_a_cursor_or_none(text):
    found = parse_cursor(text)
    assert found is None or str(parse_cursor(str(found))) == str(found)


@given(st.datetimes(min_value=datetime.datetime(1970, 1, 1), max_value=datetime.datetime(9999, 12, 31),
                    timezones=st.just(UTC)), st.integers(min_value=1, max_value=2**63 - 1))
def test_a_cursor_reads_back_as_itself(moment, game_id):
    cursor = Cursor(moment, game_id)
    assert parse_cursor(str(cursor)) == cursor


def test_what_is_not_a_cursor():
    assert str(Cursor(datetime.datetime(2026, 11, 29, 7, 0, 0, 123456, tzinfo=UTC), 4211)) == "1795935600123456-4211"
    for text in (None, "", "1-", "-1", "1-0", "1--1", "+1-1", " 1-1", "1-1 ", "1_1", "²-1", "٣-1", "1-١",
                 "9" * 19 + "-1", "253402300800000000-1", "1-" + "9" * 19, "1-9223372036854775808", "1" * 41):
        assert parse_cursor(text) is None, text
    assert parse_cursor("1-9223372036854775807") == Cursor(datetime.datetime(1970, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
                                                           2**63 - 1)


@pytest.mark.django_db
def test_a_slice_of_keys_in_hand_is_the_page_the_database_gives():
    """keyset_slice (a player's unfinished games, read whole) pages exactly as keyset_page (SQL) does."""
    base = datetime.datetime(2026, 1, 1, tzinfo=UTC)
    # 23 games, some created at the same moment (ties broken by id), in no particular order of ids.
    moments = [base + datetime.timedelta(minutes=(i * 7) % 11) for i in range(23)]
    games = Game.objects.bulk_create([Game(rules_slug="revolution", rules_version=1, num_players=3, seed="s",
                                           created_at=moment) for moment in moments])
    rows = Game.objects.filter(pk__in=[g.pk for g in games])
    keys = [Cursor.of(g) for g in reversed(games)]
    gone = Cursor(base + datetime.timedelta(minutes=5, seconds=30), 10**9)  # a place whose game is not there
    places = [None, gone, Cursor(base - datetime.timedelta(days=1), 1), Cursor(base + datetime.timedelta(days=1), 1),
              *keys]
    for size in (1, 5, 23, 30):
        for place in places:
            for direction in ("before", "after"):
                asked = {direction: place}
                from_sql = keyset_page(rows, size=size, **asked)
                in_hand = keyset_slice(keys, size=size, **asked)
                assert [Cursor.of(g) for g in from_sql.rows] == in_hand.rows, (size, asked)
                assert (from_sql.newer, from_sql.older) == (in_hand.newer, in_hand.older), (size, asked)
