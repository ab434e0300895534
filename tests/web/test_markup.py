"""The games' HTML builders format with ``games.ui.markup``: the same text as Django's ``format_html``."""

from __future__ import annotations

from typing import Any

from django.utils import html as django_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from games.ui import markup

VALUES: list[Any] = ['<b>"Ada" & \'Bo\'</b>', "plain", "", mark_safe("<i>kept</i> &amp;"), 0, 12, -3, True, None,
                     1.5, gettext_lazy("Player & <co>"), "a &amp; b", mark_safe("a &amp; b")]


def test_format_html_is_djangos() -> None:
    template = '<td style="background: {};">{}{}</td>'
    for first in VALUES:
        for second in VALUES[::3]:
            ours = markup.format_html(template, first, second, mark_safe(" &nbsp;"))
            assert ours == django_html.format_html(template, first, second, mark_safe(" &nbsp;"))
            assert isinstance(ours, SafeString)
    named = markup.format_html("<a title='{title}'>{0}</a>", "<x>", title="'q' & \"d\"")
    assert named == django_html.format_html("<a title='{title}'>{0}</a>", "<x>", title="'q' & \"d\"")


def test_format_html_join_is_djangos() -> None:
    rows = [(value, index) for index, value in enumerate(VALUES)]
    for sep in ("", "<br>", mark_safe("<br>")):
        ours = markup.format_html_join(sep, "<li>{} ({})</li>", rows)
        assert ours == django_html.format_html_join(sep, "<li>{} ({})</li>", rows)
        assert isinstance(ours, SafeString)
    named = [{"name": value, "n": 1} for value in VALUES]
    assert (markup.format_html_join("\n", "<i>{name}</i>{n}", named)
            == django_html.format_html_join("\n", "<i>{name}</i>{n}", named))
