"""``{% url %}`` with its answers kept: a template builtin that replaces Django's tag of the same name.

A game page prints two dozen links (the move, play, chat and resign forms, the replay,
the record) and every page nine more from the site's frame; Django's tag reverses each
anew, about 14 us apiece, a tenth of a game page's own time. A reversal depends only on
the view's name, its arguments, the application namespace, the URLconf and the script
prefix, so those are the key, and the answer is the same string ``reverse`` gives.
Arguments that cannot be a key (a list), a miss and a failed reversal all go through
Django's own tag unchanged.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from django import template
from django.conf import settings
from django.template.base import Parser, Token
from django.template.defaulttags import URLNode, url
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = template.Library()

_KEPT: "OrderedDict[tuple[Any, ...], str]" = OrderedDict()
KEPT_MAX = 4096  # distinct links: a few per game in play, each a short string


class KeptURLNode(URLNode):
    def render(self, context: template.Context) -> str:
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple(sorted((k, v.resolve(context)) for k, v in self.kwargs.items()))
        view_name = self.view_name.resolve(context)
        request = getattr(context, "request", None)
        current_app = getattr(request, "current_app", None)
        if current_app is None:
            current_app = getattr(getattr(request, "resolver_match", None), "namespace", None)
        key = (view_name, args, kwargs, current_app, settings.ROOT_URLCONF, get_urlconf(), get_script_prefix())
        try:
            found = _KEPT.get(key)
        except TypeError:  # an argument that cannot be a key
            return super().render(context)
        if found is None:
            try:
                found = reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app)
            except Exception:  # noqa: BLE001 - Django's tag says what went wrong (NoReverseMatch, or nothing with "as")
                return super().render(context)
            _KEPT[key] = found
            if len(_KEPT) > KEPT_MAX:
                _KEPT.popitem(last=False)
        if self.asvar:
            context[self.asvar] = found
            return ""
        return conditional_escape(found) if context.autoescape else found


@register.tag("url")
def kept_url(parser: Parser, token: Token) -> KeptURLNode:
    node = url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
