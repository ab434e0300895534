"""The game log's HTML, built in Python, is byte for byte what the template loop printed before."""

from __future__ import annotations

from django.template import Context, Template

from games.ui import ui_for

LOOP = Template("""{% load ravenpost %}      {% for g in log_rounds %}
      <details class="log-round" id="log-round-{{ forloop.revcounter }}"{% if g.open %} open{% endif %}>
        <summary><span class="round-title">{{ g.title }}</span> <span class="muted small">· {{ g.entries|length }} event{{ g.entries|length|pluralize }}</span></summary>
        <ol class="log">
        {% for e in g.entries %}<li>{% name_seats e.summary as said %}{{ said|capfirst }}{% if e.source != "web" and e.source != "system" %} <span class="muted small">({{ e.source }})</span>{% endif %}</li>{% endfor %}
        </ol>
      </details>
      {% empty %}<p class="muted small">Nothing has happened yet.</p>
      {% endfor %}
    </section>""")
TAG = Template("{% load ravenpost %}      {% game_log_rounds %}\n    </section>")


def both(log_rounds, slug="five_points", names=("Ada <b>", "Brook & Co", "Cyd \"C\"")):
    context = {"log_rounds": log_rounds, "ui": ui_for(slug), "names": list(names)}
    return LOOP.render(Context(context)), TAG.render(Context(context))


def test_the_log_prints_as_the_template_did():
    rounds = [
        {"title": "Round 2 <now>", "open": True, "entries": [
            {"summary": "P1 placed a rabble on <tile> 3 & won", "source": "web"},
            {"summary": "p2's 'bid' was \"sealed\"", "source": "email"},
            {"summary": "", "source": "system"},
            {"summary": "P3 timed out", "source": "deadline"},
        ]},
        {"title": "Round 1", "open": False, "entries": [{"summary": "game started: P1, P2", "source": "api"}]},
    ]
    old, new = both(rounds)
    assert new == old
    assert "Ada &lt;b&gt;" in new and "(email)" in new and "1 event<" in new
    for slug in ("revolution", "gangsters", "mob_town", "five_tribes"):
        old, new = both([{"title": "Round 1", "open": True, "entries": [
            {"summary": "red won the General; a Blue cube moved", "source": "web"}]}], slug)
        assert new == old


def test_an_empty_log_prints_as_the_template_did():
    old, new = both([])
    assert new == old and "Nothing has happened yet." in new
