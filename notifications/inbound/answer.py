"""Answering a player's mail: a confirmation of what was applied, or a precise refusal.

The answer is an ``email_reply`` outbox row, threaded under the player's own
mail, written in the transaction that processed it (so it goes out once).
"""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Game
from notifications import commands, mailparse, render
from notifications.inbound.trust import TokenRow

HELP_TEXT = """\
Reply to any mail of this game with one command per line:
  <a move>      a move in the game's notation (see below, which also says how
                the lines of a reply make moves in this game)
  help          this help
  status        the game as you see it now
  moves         what you can do now, with examples
  say <text>    post <text> to the game's chat
  extend        give your current deadline one more move's time (a few times per game)
  vacation until 2026-12-24
                go away until the end of that day: your clocks pause in every game
  vacation end  come back early
  resign        leave the game (your seat is then played automatically)
Lines starting with # are ignored, and so is the quoted mail below your reply."""


class Answer:
    """The reply to one player's mail, queued in the outbox."""

    def __init__(self, inbound_id: int, token: TokenRow, mail: mailparse.ParsedMail, game: Game) -> None:
        self.inbound_id, self.token, self.mail, self.game = inbound_id, token, mail, game
        self.intro: list[str] = []
        self.sections: list[dict[str, Any]] = []
        self.flags: dict[str, Any] = {"commands": True}
        self.result = "applied"
        self.extended: Any = None
        self.vacation: Any = None

    def help(self) -> None:
        self.sections.append({"title": "How to play by email", "pre": True, "text": HELP_TEXT})
        self.flags["examples"] = True

    def refuse(self, reason: str, line: str | None = None) -> None:
        self.result = "refused"
        self.intro.append("Nothing was applied: the game is exactly as it was before your mail.")
        if line is not None:
            self.sections.append({"title": "The line that was refused", "text": f"> {line}\n\n{reason}"})
        else:
            self.sections.append({"title": "Why", "text": reason})
        self.flags.update(view=True, examples=True)

    def confirm(self, results: list[services.MoveResult], wanted: commands.Commands) -> None:
        done = []
        for result in results:
            shown = result.shown or result.text
            if result.superseded:
                # A sealed input set twice in one mail: say which one stands, never list both as applied.
                done.append(f"  {shown}  (replaced by the next one below: this one does not stand)")
                continue
            done.append(f"  {shown}" + ("  (already applied earlier)" if result.duplicate else ""))
            done += [f"    note: {w}" for w in result.warnings]
            if result.hash:  # the receipt: the recorded event's hash, checkable in the game's record
                done.append(f"    receipt: event {result.seq}, hash {result.hash}")
        done += [f"  said: {said}" for said in wanted.says]
        if wanted.extend and self.extended is not None:
            done.append(f"  your deadline is extended to {render.local_deadline(self.extended, self.token.user)}")
        if wanted.vacation_until and self.vacation is not None:
            done.append(f"  you are on vacation until the end of {wanted.vacation_until.isoformat()}; "
                        "your clocks are paused in every game")
        if wanted.vacation_end:
            done.append("  welcome back: your vacation has ended")
        if wanted.resign:
            done.append("  you resigned; your seat is played automatically from now on")
        if done:
            self.intro.append(f"Accepted. Applied in {render.game_label(self.game)}:")
            if any(result.superseded for result in results):
                self.intro.append("Your mail set the same sealed move more than once: only the last one stands.")
            self.sections.append({"title": "Applied", "text": "\n".join(done)})
        if results and results[-1].finished:
            self.intro.append("That ended the game; the final scores follow in a separate mail.")

    def message(self) -> dict[str, Any]:
        """The outbox row of this answer (``outbox.write_message`` keywords)."""
        label = render.game_label(self.game)
        subject = mailparse.clean_subject(self.mail.subject) or f"{render.SUBJECT_PREFIX} {label}"
        payload = {
            "to": self.mail.from_address,
            "subject": f"Re: {subject}",
            "in_reply_to": self.mail.message_id,
            "references": self.mail.references[-8:],
            "intro": self.intro,
            "sections": self.sections,
            "result": self.result,
            **self.flags,
        }
        return dict(kind="email_reply", user_id=self.token.user_id, game_id=self.game.pk, seat=self.token.seat,
                    dedupe_key=f"inbound:{self.inbound_id}:reply", payload=payload)
