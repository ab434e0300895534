"""Hypothesis strategies: hostile text for the notations and the mail pipeline, hostile data for ``apply``.

Text is built from pieces a parser may trip on, mixed with the game's own
words so that examples get past the first keyword and into the number and
name readers:

* numbers: ASCII (negative, zero-padded, 5000 digits) and Unicode digits that
  ``str.isdigit`` accepts but ``int`` does not (``²``) or reads differently (``٣``);
* control and invisible characters, bidi overrides, separators of every kind;
* near misses: a legal move of the state with words replaced, dropped or added;
* long strings (a word repeated thousands of times).

Move data is JSON-like data of every shape, and legal moves with parts
replaced by such data (a key dropped, a count made huge, a string made a list).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from hypothesis import strategies as st

# Characters for which str.isdigit() (or isnumeric()) is True although int() refuses or misreads them.
UNICODE_DIGITS = "²³¹⁰⁴⁹₂₉٠٣٩۴०२९০৩১๓０１９𝟎𝟗𝟡ⅫⅣ½¼⑦⓪❾"
CONTROL = "\x00\x01\x07\x08\t\n\x0b\x0c\r\x1b\x7f\x85\xa0\u200b\u200d\u200e\u202e\u2028\u2066\ufeff\ufffd"
SEPARATORS = " ;,.:=+-/()&*#\n\t>–"

ascii_numbers = st.one_of(
    st.integers(-1000, 1000).map(str),
    st.integers(0, 10**30).map(str),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(1, 60).map(lambda n: "0" * n + "1"),
    st.integers(1, 99).map(lambda n: f"{n}.5"),
    st.integers(1, 99).map(lambda n: f"{n}e9"),
)
unicode_numbers = st.text(alphabet=UNICODE_DIGITS + "0123456789", min_size=1, max_size=8)
junk = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
controls = st.text(alphabet=CONTROL, min_size=1, max_size=4)


@functools.lru_cache(maxsize=64)
def words_of(vocabulary: tuple[str, ...]) -> st.SearchStrategy[str]:
    """One token: a word of the game, a number of any script, junk, or control characters.

    Kept per vocabulary: a property test draws from it thousands of times, and building and validating
    this tree of strategies anew for each example cost more than running the parser on what it drew.
    """
    game_words = st.sampled_from(vocabulary) if vocabulary else st.just("")
    return st.one_of(
        game_words, game_words, game_words.map(str.upper),
        ascii_numbers, unicode_numbers,
        st.tuples(unicode_numbers, game_words).map("".join),
        st.tuples(ascii_numbers, game_words).map("".join),
        st.tuples(game_words, ascii_numbers).map("".join),
        junk, controls,
    )


def joined(tokens: st.SearchStrategy[str], max_tokens: int = 12) -> st.SearchStrategy[str]:
    separators = st.text(alphabet=SEPARATORS, min_size=1, max_size=2)
    return st.lists(st.tuples(tokens, separators), max_size=max_tokens).map(
        lambda pairs: "".join(token + sep for token, sep in pairs))


@st.composite
def near_miss(draw: st.DrawFn, text: str, tokens: st.SearchStrategy[str]) -> str:
    """A legal move's text with a few words replaced, dropped, doubled or inserted."""
    words = text.split()
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["replace", "drop", "insert", "double", "append"]))
        position = draw(st.integers(0, max(len(words) - 1, 0)))
        if action == "replace" and words:
            words[position] = draw(tokens)
        elif action == "drop" and words:
            del words[position]
        elif action == "insert":
            words.insert(position, draw(tokens))
        elif action == "double" and words:
            words.insert(position, words[position])
        else:
            words.append(draw(tokens))
    return draw(st.sampled_from([" ", "  ", "\t", ", "])).join(words)


def long_text(tokens: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A word (cut to 40 characters) repeated up to thousands of times: at most about 120,000 characters."""
    return st.tuples(tokens.map(lambda token: token[:40]), st.sampled_from([" ", "", ";", "\n"]),
                     st.integers(50, 3000)).map(lambda parts: (parts[0] + parts[1]) * parts[2])


@functools.lru_cache(maxsize=64)
def _soup(vocabulary: tuple[str, ...]) -> tuple[st.SearchStrategy[str], ...]:
    tokens = words_of(vocabulary)
    return joined(tokens), st.text(max_size=80), long_text(tokens)


def move_texts(vocabulary: tuple[str, ...], legal: list[str]) -> st.SearchStrategy[str]:
    """Hostile text for ``parse_move`` at one state: near misses of its legal moves, token soup, anything."""
    tokens = words_of(vocabulary)
    choices = list(_soup(vocabulary))
    if legal:
        choices += [st.sampled_from(legal).flatmap(lambda text: near_miss(text, tokens))] * 3
    return st.one_of(choices)


# -- data for apply ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def json_data(keys: tuple[str, ...], values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """JSON-like data of any shape, with the game's own keys and values mixed in."""
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-3, 30),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
        st.sampled_from(values) if values else st.none(),
    )
    key_names = st.one_of(st.sampled_from(keys), st.text(max_size=8)) if keys else st.text(max_size=8)
    return st.recursive(leaves, lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(key_names, children, max_size=5)), max_leaves=12)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (dict keys and list indexes), the root included."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, move: Any, keys: tuple[str, ...], values: tuple[Any, ...]) -> Any:
    """A legal move with one to three parts replaced, removed or added (a copy; ``move`` is kept)."""
    data = json.loads(json.dumps(move))
    anything = json_data(keys, values)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        action = draw(st.sampled_from(["replace", "remove", "add", "wrap", "number"]))
        if not path:
            if action in ("replace", "remove"):
                data = draw(anything)
            elif action == "wrap":
                data = [data]
            elif action == "add" and isinstance(data, dict):
                data[draw(st.sampled_from(keys) if keys else st.text(max_size=5))] = draw(anything)
            continue
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if action == "replace":
            parent[last] = draw(anything)
        elif action == "remove":
            del parent[last]
        elif action == "wrap":
            parent[last] = [parent[last]]
        elif action == "number":
            parent[last] = draw(st.one_of(st.integers(-(2**64), 2**64), st.sampled_from([-1, 0, True, False, 1.0,
                                                                                          float("nan"), "1", "²"])))
        elif isinstance(parent[last], dict):
            parent[last][draw(st.sampled_from(keys) if keys else st.text(max_size=5))] = draw(anything)
        elif isinstance(parent[last], list):
            parent[last].append(draw(anything))
        else:
            parent[last] = draw(anything)
    return data


def move_data(legal: list[Any], keys: tuple[str, ...], values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """Hostile data for ``apply``: legal moves mutated, or anything at all."""
    choices = [json_data(keys, values)]
    if legal:
        choices += [st.sampled_from(legal).flatmap(lambda move: mutated(move, keys, values))] * 3
    return st.one_of(choices)
