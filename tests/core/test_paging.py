"""Keyset cursors: every text is read without an exception, and a cursor reads back as itself."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from games.paging import Cursor, parse_cursor

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
