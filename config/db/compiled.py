"""Fixed reads compiled to SQL once per connection instead of on every request.

A page reads the same shapes of query every time (the game with its projection,
its seats with their players, its table talk; the signed-in user), differing only in an id.
Building and compiling such a query through the ORM costs several times what
the database spends answering it, so each shape is compiled once (with a marker
value where the id goes) and then only executed, its rows turned into model
instances exactly as the ORM's own iterable does (field converters,
``select_related`` objects). On PostgreSQL each is also a prepared statement
(:mod:`config.db.prepared`): parsed and planned once per connection as well.

The field converters are looked up once per shape too, and JSON columns are
decoded by orjson (a game's state and every event's payload and narration: the
standard library's decoder was a twentieth of a first view). orjson reads an
integer beyond 64 bits as a float, and refuses some texts the standard decoder
takes: a text with a run of 19 digits, or one orjson refuses, goes to the
field's own converter.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator

import orjson
from django.db import connections
from django.db.models import JSONField, Model, QuerySet
from django.db.models.query import ValuesIterable, get_related_populators

from config.db import prepared

# Where the values go (an id, a sequence number): no game, seat, message or event has these. The second
# is positive and in range for any integer column: Django drops a comparison with a value a field cannot
# hold (``seq > -1`` on a positive field), and the marker with it.
_MARKS = (-914_237_651, 2_114_237_652)


class _Compiled:
    def __init__(self, queryset: QuerySet[Any], arity: int) -> None:
        self.db = queryset.db
        self.compiler = queryset.query.get_compiler(using=self.db)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        # (where in the parameters, which value): each value goes where its marker was.
        self.spots = [(i, _MARKS.index(value)) for i, value in enumerate(self.params)
                      if isinstance(value, int) and value in _MARKS[:arity]]
        if {which for _, which in self.spots} != set(range(arity)):
            raise ValueError("a prepared query takes each of its values at least once")
        fields = [column[0] for column in self.compiler.select[:self.compiler.col_count]]
        found = self.compiler.get_converters(fields)
        self.converters = [(position, [_faster(converter) for converter in converters], expression)
                           for position, (converters, expression) in found.items()]
        query = queryset.query
        # A ``values()`` query: its rows are dicts of these names (as Django's ValuesIterable makes them).
        self.names: list[str] | None = None
        if queryset._iterable_class is ValuesIterable:
            self.names = (list(query.selected) if query.selected
                          else [*query.extra_select, *query.values_select, *query.annotation_select])

    def _results(self, values: tuple[int, ...]) -> list[list[Any]]:
        params = list(self.params)
        for spot, which in self.spots:
            params[spot] = values[which]
        # Planned once per connection too on PostgreSQL: for these reads by id, planning cost more than running.
        return [prepared.query_all(connections[self.db], self.sql, params)]

    def _converted(self, results: list[list[Any]]) -> Iterator[list[Any]]:
        """The rows with each column's converters applied, as the compiler's ``results_iter`` gives them."""
        connection = self.compiler.connection
        converters = self.converters
        for raw in _rows(results):
            row = list(raw)
            for position, functions, expression in converters:
                value = row[position]
                for function in functions:
                    value = function(value, expression, connection)
                row[position] = value
            yield row

    def dicts(self, values: tuple[int, ...]) -> list[dict[str, Any]]:
        """What ``list(queryset)`` gives for ``values`` when the queryset is a ``values()`` one."""
        names = self.names
        if names is None:
            raise TypeError("not a values() query")
        return [dict(zip(names, row)) for row in self._converted(self._results(values))]

    def rows(self, values: tuple[int, ...]) -> list[Model]:
        """What ``list(queryset)`` gives for ``values``, as Django's ModelIterable builds it."""
        results = self._results(values)
        compiler = self.compiler
        select, klass_info = compiler.select, compiler.klass_info
        model = klass_info["model"]
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        names = [column[0].target.attname for column in select[start:end]]
        populators = get_related_populators(klass_info, select, self.db)  # type: ignore[call-arg]  # 5.2's
        found = []
        for row in self._converted(results):
            obj = model.from_db(self.db, names, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            found.append(obj)
        return found


def _rows(results: list[list[Any]]) -> Iterable[Any]:
    return (row for chunk in results for row in chunk)


# Nineteen digits in a row may be an integer orjson would read as a float (or digits inside a string: then
# the slower decoder gives the same value).
_LONG_NUMBER = re.compile(r"[0-9]{19}")


def _faster(converter: Callable[..., Any]) -> Callable[..., Any]:
    """``converter``, or for a plain JSON field's own (no custom decoder) the same decoding by orjson."""
    field = getattr(converter, "__self__", None)
    if (isinstance(field, JSONField) and field.decoder is None
            and getattr(converter, "__func__", None) is JSONField.from_db_value):
        def from_json(value: Any, expression: Any, connection: Any) -> Any:
            if not isinstance(value, str):
                return converter(value, expression, connection)
            if _LONG_NUMBER.search(value) is None:
                try:
                    return orjson.loads(value)
                except orjson.JSONDecodeError:
                    pass
            return converter(value, expression, connection)
        return from_json
    return converter


class Prepared:
    """A query shape ``build(*values)`` (a queryset filtered by one integer, or two: an id and a sequence
    number, used once or more), compiled once per connection."""

    def __init__(self, name: str, build: Callable[..., QuerySet[Any]], arity: int = 1) -> None:
        if not 1 <= arity <= len(_MARKS):
            raise ValueError(f"a prepared query takes 1 to {len(_MARKS)} values")
        self.name = f"prepared_{name}"
        self.build = build
        self.arity = arity
        self.db: str | None = None

    def compiled(self) -> _Compiled:
        marks = _MARKS[:self.arity]
        if self.db is None:
            self.db = self.build(*marks).db
        # Kept on the connection (one per thread): its SQL is in that database's dialect.
        kept: dict[str, _Compiled] = connections[self.db].__dict__.setdefault("_prepared_reads", {})
        compiled = kept.get(self.name)
        if compiled is None:
            compiled = kept[self.name] = _Compiled(self.build(*marks), self.arity)
        return compiled

    def _values(self, values: tuple[Any, ...]) -> tuple[int, ...]:
        if len(values) != self.arity:
            raise TypeError(f"{self.name} takes {self.arity} value(s), not {len(values)}")
        return tuple(int(value) for value in values)

    def __call__(self, *values: int) -> list[Model]:
        return self.compiled().rows(self._values(values))

    def dicts(self, *values: int) -> list[dict[str, Any]]:
        """The rows of a ``values()`` shape, as dicts."""
        return self.compiled().dicts(self._values(values))


__all__ = ["Prepared"]
