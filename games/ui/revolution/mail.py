"""Revolution! in a mail's HTML part: the town, the players' holdings and the bids as tables with inline styles.

Built from the seat's view only (``rules.view(state, seat)``): during bidding the
view holds the reader's own bid and nobody else's, so nothing here can show
another seat's bid. Mail clients drop stylesheets and classes, so every style is
inline; the tables are narrow enough for a 390 px phone. What the tables do not
show of the text description (the reply syntax, the examples) follows them as
wrapped text, so the HTML part tells everything the text part does.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from django.utils.safestring import SafeString, mark_safe

from games.rules.revolution import AREA_LIST, CHARACTER_LIST, KIND_NAME, KINDS, TOKEN_POINTS, log_lines
from games.ui.mailparts import CAPTION, NOTE, NUM, REST, ROWH, SCROLL, TABLE, TD, TH, Chip, rest_of
from games.ui.markup import format_html, format_html_join

TOKENS = TD + " white-space: nowrap;"  # "1F 1B 3G" reads as one value

# Description lines (and the indented lines under them) that the tables below show; the rest is kept as text.
COVERED = ("Revolution! round", "You are ", "Support:", "Board:", "Tokens held:", "Set aside for next round:",
           "Bank:", "Resolution of round", "Final scores:", "Winner", "Bids in:", "Your bid:", "Bid all your tokens",
           "You won the ", "Waiting for ")



def short_tokens(tokens: Mapping[str, int]) -> str:
    """'1F 1B 3G' (zero counts left out), or '-' for none: the players' table's short form."""
    return " ".join(f"{tokens[k]}{KIND_NAME[k][0]}" for k in KINDS if tokens.get(k)) or "-"


def tokens_text(tokens: Mapping[str, int]) -> str:
    """'1 Force, 3 Gold' (zero counts left out), as the text description writes tokens."""
    return ", ".join(f"{tokens[k]} {KIND_NAME[k]}" for k in KINDS if tokens.get(k)) or "no tokens"


def bid_text(bid: Mapping[str, Mapping[str, int]]) -> str:
    """A bid in reply notation ("general b g; merchant 2g"), characters in resolution order."""
    groups = []
    for ch in CHARACTER_LIST:
        tokens = bid.get(ch.id) or {}
        parts = [(f"{tokens[k]}" if tokens[k] > 1 else "") + KIND_NAME[k][0].lower() for k in KINDS if tokens.get(k)]
        if parts:
            groups.append(f"{ch.id} {' '.join(parts)}")
    return "; ".join(groups) or "nothing"


def _table(caption: str, head: Sequence[str], rows: list[SafeString]) -> SafeString:
    return format_html('<table style="{}"><caption style="{}">{}</caption><thead><tr>{}</tr></thead>'
                       '<tbody>{}</tbody></table>', TABLE, CAPTION, caption,
                       format_html_join("", '<th scope="col" style="{}">{}</th>', ((TH, h) for h in head)),
                       mark_safe("".join(rows)))  # each row was built with format_html


def _status(view: Mapping[str, Any], who: Callable[[int], SafeString]) -> SafeString:
    phase = view["phase"]
    label = {"bidding": "bidding", "choice": "resolving", "over": "game over"}.get(phase, phase)
    head = format_html('<p style="margin: 0 0 .4em;"><strong>Round {} · {}</strong></p>', view["round"], label)
    seat = view.get("seat")
    lines: list[SafeString] = []
    if seat is not None and 0 <= seat < view["players"]:
        lines.append(format_html("You are {} {} (seat {}).", who(seat), view["colors"][seat].capitalize(), seat + 1))
    if phase == "bidding":
        done = [s for s in range(view["players"]) if s in (view.get("submitted") or [])]
        waiting = list(view.get("to_act") or [])
        lines.append(format_html("Bids in: {}. Waiting for: {}.",
                                 format_html_join(", ", "{}", ((who(s),) for s in done)) or "none yet",
                                 format_html_join(", ", "{}", ((who(s),) for s in waiting)) or "nobody"))
        own = (view.get("bids") or {}).get(str(seat)) if seat is not None else None
        if own is not None:
            lines.append(format_html("Your bid: <code>{}</code> (send a new one to change it until the last bid "
                                     "is in).", bid_text(own)))
        elif seat is not None and 0 <= seat < view["players"]:
            lines.append(format_html("Bid all your tokens ({}) on at most six characters.",
                                     tokens_text(view["hands"][seat])))
        lines.append(mark_safe("Bids stay secret until the last one is in."))
    elif phase == "choice" and view.get("pending"):
        pending = view["pending"]
        character = next(c.name for c in CHARACTER_LIST if c.id == pending["character"])
        if pending["seat"] == seat:
            lines.append(format_html("You won the {}: choose now.", character))
        else:
            lines.append(format_html("Waiting for {} to use the {}.", who(pending["seat"]), character))
    body = format_html_join("", '<p style="margin: 0 0 .4em;">{}</p>', ((line,) for line in lines))
    return format_html("{}{}", head, body)


def _players(view: Mapping[str, Any], who: Callable[[int], SafeString]) -> SafeString:
    seat = view.get("seat")
    # The colour's name too: replies name cubes by colour ("swap harbor green market blue").
    rows = [format_html('<tr><th scope="row" style="{}">{} {}{}</th><td style="{}"><strong>{}</strong></td>'
                        '<td style="{}">{}</td><td style="{}">{}</td><td style="{}">{}</td></tr>',
                        ROWH, who(s), view["colors"][s], " (you)" if s == seat else "",
                        NUM, view["support"][s], TOKENS, short_tokens(view["hands"][s]),
                        TOKENS, short_tokens(view["aside"][s]), NUM, view["supply"][s])
            for s in range(view["players"])]
    title = "Support and holdings"
    table = format_html(SCROLL, title, _table(title, ("Player", "Support", "Tokens", "Aside", "Cubes"), rows))
    bank = ", ".join(f"{view['bank'].get(k, 0)} {KIND_NAME[k]}" for k in KINDS)
    return format_html('{}<p style="{}">F Force, B Blackmail, G Gold; aside: tokens set aside for next round; cubes: '
                       'left in supply. Bank: {}.</p>', table, NOTE, bank)


def _town(view: Mapping[str, Any], who: Callable[[int], SafeString]) -> SafeString:
    rows = []
    for area in AREA_LIST:
        counts = view["board"][area.id]
        top = max(counts) if counts else 0
        cubes = format_html_join(" ", "{}&nbsp;{}", ((who(s), n) for s, n in enumerate(counts) if n))
        # The leader is worth naming only where another colour is there too.
        lead = counts.index(top) if top and counts.count(top) == 1 and sum(1 for c in counts if c) > 1 else None
        rows.append(format_html('<tr><th scope="row" style="{}"><strong>{}</strong></th><td style="{}">{}/{}</td>'
                                '<td style="{}">{}</td><td style="{}">{}{}</td></tr>',
                                ROWH, area.name, NUM, sum(counts), area.spaces, NUM, area.support, TD,
                                cubes or "empty", format_html("<br>leads: {}", who(lead)) if lead is not None else ""))
    return _table("The town", ("Area", "Cubes", "Worth", "Whose cubes"), rows)


def _bids(view: Mapping[str, Any], who: Callable[[int], SafeString]) -> SafeString:
    """The bids the view holds: the reader's own while bidding, everyone's once revealed."""
    bids = view.get("bids") or {}
    rows = []
    for ch in CHARACTER_LIST:
        on_it = [(int(key), bids[key][ch.id]) for key in sorted(bids, key=int) if bids[key].get(ch.id)]
        if on_it:
            rows.append(format_html('<tr><th scope="row" style="{}">{} {}</th><td style="{}">{}</td></tr>',
                                    ROWH, ch.number, ch.name, TD,
                                    format_html_join(" ", "{}&nbsp;{}", ((who(s), short_tokens(t)) for s, t in on_it))))
    if not rows:
        return mark_safe("")
    caption = "Your bid (secret until the last bid is in)" if view["phase"] == "bidding" else "Bids on the board"
    return _table(caption, ("Character", "Tokens"), rows)


def _log(view: Mapping[str, Any], name_seats: Callable[[str], str]) -> SafeString:
    log = view.get("log") or {}
    if not log.get("events"):
        return mark_safe("")
    items = format_html_join("", '<li style="margin: 0 0 .2em;">{}</li>',
                             ((name_seats(line),) for line in log_lines(view, view.get("seat"))))
    return format_html('<p style="margin: .2em 0 .2em;"><strong>Resolution of round {}</strong></p>'
                       '<ol style="margin: 0 0 .8em 1.2em; padding: 0; font-size: 13px;">{}</ol>',
                       log.get("round"), items)


def _result(view: Mapping[str, Any], who: Callable[[int], SafeString]) -> SafeString:
    result = view.get("result") or {}
    detail = sorted(result.get("detail", {}).get("seats", []), key=lambda e: -e["total"])
    if not detail:
        return mark_safe("")
    winners = result.get("winners", [])
    rows = [format_html('<tr><th scope="row" style="{}">{}</th><td style="{}"><strong>{}</strong></td>'
                        '<td style="{}">{}</td><td style="{}">{}</td><td style="{}">{}</td><td style="{}">{}</td></tr>',
                        ROWH, who(e["seat"]), NUM, e["total"], NUM, e["track"], NUM, e["tokens"],
                        NUM, e.get("area_total", 0), NUM, e.get("bonus_total", 0)) for e in detail]
    points = ", ".join(f"{KIND_NAME[k]} {TOKEN_POINTS[k]}" for k in KINDS)
    return format_html('{}<p style="{}">{}: {}. Track: the Support track; tokens score {} each.</p>',
                       format_html(SCROLL, "Final scores", _table("Final scores", ("Player", "Total", "Track",
                                                                                   "Tokens", "Areas", "Bonus"), rows)),
                       NOTE, "Winners" if len(winners) > 1 else "Winner",
                       format_html_join(", ", "{}", ((who(s),) for s in winners)) or "none", points)


def mail_situation(view: Mapping[str, Any] | None, names: Sequence[str] | None, description: str, *,
                   chip: Chip, name_seats: Callable[[str], str]) -> SafeString:
    """The reader's situation as tables (see the module docstring); empty without a view."""
    if not view:
        return mark_safe("")
    names = list(names or [])

    def who(seat: int) -> SafeString:
        return chip(seat, names[seat] if seat < len(names) and names[seat] else view["colors"][seat].capitalize())

    rest = rest_of(description, COVERED)
    return format_html('<div data-board="revolution">{}{}{}{}{}{}{}</div>',
                       _status(view, who), _result(view, who), _players(view, who), _town(view, who),
                       _bids(view, who), _log(view, name_seats),
                       format_html('<pre style="{}">{}</pre>', REST, rest) if rest else "")
