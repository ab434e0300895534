"""``{% kept %}…{% endkept %}``: a part of a page rendered once per state and kept (games.views.kept).

The view decides whether a page may be kept and under which key: it puts
``kept_key`` in the context (None: render as usual) and, when it found the
fragment already rendered, ``kept_text``. Inside, ``{% fresh %}…{% endfresh %}``
marks what must be rendered on every output (time, table talk): a hole in the
kept text, filled at output from the page's own context. A hole must therefore
sit where it reads only what the page's context holds, never inside a loop or
``{% with %}`` of the kept part.

While a fragment is rendered to be kept, ``{% csrf_token %}`` and
``{% idempotency_key %}`` write markers that each output replaces with this
request's token and new keys.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import NodeList, Parser, Token
from django.utils.safestring import SafeString

from games.views.kept import CSRF_MARK, FRAGMENTS, finish, hole_mark

register = template.Library()

KEEPING = "_kept_rendering"


class FreshNode(template.Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.number = -1

    def render(self, context: template.Context) -> str:
        if context.get(KEEPING) and self.number >= 0:
            return hole_mark(self.number)
        return self.nodelist.render(context)


class KeptNode(template.Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.holes: list[FreshNode] = list(nodelist.get_nodes_by_type(FreshNode))  # type: ignore[arg-type]
        for number, hole in enumerate(self.holes):
            hole.number = number

    def render(self, context: template.Context) -> SafeString | str:
        key = context.get("kept_key")
        if key is None:
            return self.nodelist.render(context)
        text = context.get("kept_text")
        if text is None:
            with context.push({KEEPING: True, "csrf_token": CSRF_MARK}):
                text = str(self.nodelist.render(context))
            FRAGMENTS.put(key, text)
        meta = context.get("meta") or {}
        page_key = context.get("kept_page_key") or (meta.get("idempotency_key") if isinstance(meta, dict) else None)

        def hole(number: int) -> str:
            return str(self.holes[number].nodelist.render(context))

        return finish(text, context.get("csrf_token"), page_key, hole)


@register.tag("kept")
def do_kept(parser: Parser, token: Token) -> KeptNode:
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    return KeptNode(nodelist)


@register.tag("fresh")
def do_fresh(parser: Parser, token: Token) -> FreshNode:
    nodelist = parser.parse(("endfresh",))
    parser.delete_first_token()
    return FreshNode(nodelist)


def keeping(context: Any) -> bool:
    """Whether ``context`` is rendering a fragment to be kept (per-request values become markers)."""
    return bool(context.get(KEEPING))
