"""Mail that respects people: settings on the profile, one mail per moment, quiet hours, unsubscribe, headers."""

from __future__ import annotations

import datetime
import email
import re
from email import policy
from unittest import mock

import pytest
from django.core import mail
from django.test import Client

from games import services
from notifications import links, render, sender
from notifications.models import MailPreference, OutboxMessage, OutboxStatus

from .conftest import seat_user, start_game

pytestmark = pytest.mark.django_db

BIDS = ["mercenary 3g; general b; innkeeper f", "spy 3g; apothecary b; mercenary f", "printer 3g; priest b; rogue f"]


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- the profile page -----------------------------------------------------------------------------


def test_the_profile_page_shows_the_mail_settings_and_saves_them(players):
    client = signed_in(players[0])
    page = client.get("/profile/")
    html = page.content.decode()
    assert page.status_code == 200 and 'id="mail"' in html
    for label in ("an email for every turn", "one daily digest", "no game emails (web only)",
                  "Mail me a confirmation of each move I make on the web", "Quiet hours from"):
        assert label in html
    assert 'name="confirm_web_moves"' in html and "checked" not in re.search(
        r'<input[^>]*name="confirm_web_moves"[^>]*>', html).group(0)  # off unless asked for
    response = client.post("/profile/mail/", {"mode": "digest", "digest_hour": "19", "confirm_web_moves": "on",
                                              "quiet_from": "22", "quiet_until": "7"})
    assert response.status_code == 302 and response["Location"].endswith("/profile/#mail")
    pref = MailPreference.objects.get(user=players[0])
    assert (pref.mode, pref.digest_hour, pref.confirm_web_moves, pref.quiet_from, pref.quiet_until) == \
        ("digest", 19, True, 22, 7)


@pytest.mark.parametrize("fields, error", [
    ({"mode": "every", "quiet_from": "22"}, "Quiet hours need a start and an end"),
    ({"mode": "every", "quiet_from": "6", "quiet_until": "6"}, "is no time at all"),
    ({"mode": "often"}, "often is not a choice; pick every turn, a daily digest or web only."),
    ({"mode": "every", "quiet_from": "²", "quiet_until": "7"}, "² is not an hour"),
    ({"mode": "every", "digest_hour": "24"}, "24 is not an hour"),
])
def test_bad_mail_settings_are_refused_with_a_reason_and_change_nothing(players, fields, error):
    MailPreference.objects.create(user=players[0], mode="every")
    response = signed_in(players[0]).post("/profile/mail/", fields)
    assert response.status_code == 400
    assert error in response.content.decode()
    pref = MailPreference.objects.get(user=players[0])
    assert (pref.mode, pref.quiet_from, pref.quiet_until, pref.digest_hour) == ("every", None, None, 8)


def test_mail_settings_need_a_signed_in_person(players):
    response = Client().post("/profile/mail/", {"mode": "web"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not MailPreference.objects.exists()


# -- one mail per moment per person -------------------------------------------------------------------


def mails_to(user, since: int = 0) -> list:
    return [m for m in mail.outbox[since:] if user.email in m.to]


def toy_game_awaiting_an_ack(players):
    """A toy game (tests/toy_game.py) after both picks: one seat must "ack", then both pick again."""
    game = services.game_create(rules_slug="toy", creator=players[0], num_players=2, seed="mail-settings")
    services.game_join(game_id=game.pk, user=players[1])
    game.refresh_from_db()
    for seat, pick in ((0, "2"), (1, "3")):
        services.submit_move(game_id=game.pk, user=seat_user(game, seat), text=pick, source="email")
    sender.send_pending()
    projection = game.projection
    projection.refresh_from_db()
    acker = projection.to_act[0]
    return game, seat_user(game, acker), seat_user(game, 1 - acker)


def test_a_web_move_mails_its_player_nothing_by_default(players, mailoutbox, toy_rules):
    """Acting on the web and being awaited again: the page shows it, so no mail; the other player gets one."""
    game, acker, other = toy_game_awaiting_an_ack(players)
    before, last_row = len(mail.outbox), OutboxMessage.objects.latest("pk").pk
    services.submit_move(game_id=game.pk, user=acker, text="ack", source="web")
    sender.send_pending()
    assert mails_to(acker, before) == []
    assert set(OutboxMessage.objects.filter(user=acker, pk__gt=last_row, status=OutboxStatus.FOLDED)
               .values_list("kind", flat=True)) == {"move_confirmed", "your_turn"}
    assert len(mails_to(other, before)) == 1


def test_with_confirmations_a_web_move_and_the_next_turn_are_one_mail(players, mailoutbox, toy_rules):
    game, acker, other = toy_game_awaiting_an_ack(players)
    MailPreference.objects.create(user=acker, confirm_web_moves=True)
    before = len(mail.outbox)
    services.submit_move(game_id=game.pk, user=acker, text="ack", source="web")
    sender.send_pending()
    got = mails_to(acker, before)
    assert len(got) == 1, [m.subject for m in got]
    assert got[0].extra_headers["X-Ravenpost-Kind"] == "your_turn"
    assert "Your move on the game page is recorded: ack" in got[0].body and "It is your move." in got[0].body
    assert got[0].body.index("is recorded: ack") < got[0].body.index("It is your move.")
    told = mails_to(other, before)[-1]
    assert "What happened since your last turn" in told.body and "acknowledged" in told.body
    html = dict((kind, body) for body, kind in told.alternatives)["text/html"]
    assert "What happened since your last turn</h2>" in html and "<li" in html
    # A reply is read knowing the mail it answers: the folded mail renders the same again.
    row = OutboxMessage.objects.filter(user=acker, status=OutboxStatus.SENT, payload__has_key="folded").latest("pk")
    assert render.build_message(row).body == got[0].body


def test_a_lone_web_confirmation_is_sent_only_to_who_asked(players, mailoutbox):
    game = start_game(players)
    sender.send_pending()
    first, second = seat_user(game, 0), seat_user(game, 1)
    MailPreference.objects.create(user=first, confirm_web_moves=True)
    before = len(mail.outbox)
    services.submit_move(game_id=game.pk, user=first, text=BIDS[0], source="web")
    services.submit_move(game_id=game.pk, user=second, text=BIDS[1], source="web")
    sender.send_pending()
    recorded = f"[Ravenpost] Revolution! #{game.pk} — your move is recorded"
    assert [m.subject for m in mails_to(first, before)] == [recorded]
    assert mails_to(second, before) == []


# -- quiet hours ----------------------------------------------------------------------------------------


def at(moment: datetime.datetime):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def test_mail_due_in_quiet_hours_is_held_until_they_end_and_clocks_keep_running(players, mailoutbox):
    brook = players[1]
    brook.time_zone = "Europe/Paris"
    brook.save()
    MailPreference.objects.create(user=brook, quiet_from=22, quiet_until=7)
    night = datetime.datetime(2030, 1, 5, 22, 30, tzinfo=datetime.timezone.utc)  # 23:30 in Paris
    with at(night):
        game = start_game(players)
        sender.send_pending()
    assert mails_to(players[0]) and mails_to(players[2])  # the others have no quiet hours
    assert mails_to(brook) == []
    held = OutboxMessage.objects.filter(user=brook, status=OutboxStatus.PENDING)
    morning = datetime.datetime(2030, 1, 6, 6, 0, tzinfo=datetime.timezone.utc)  # 07:00 in Paris
    assert held.count() == 2 and all(r.not_before == morning for r in held)
    with at(morning - datetime.timedelta(minutes=1)):
        sender.send_pending()
    assert mails_to(brook) == []
    with at(morning):
        sender.send_pending()
    assert len(mails_to(brook)) == 1  # the start and the first turn, held together, go out as one mail
    assert game.pk  # deadlines are not the mail's business: nothing here moved the game's clock


def test_quiet_hours_within_one_day_and_summer_time():
    from notifications.preferences import quiet_end

    pref = MailPreference(quiet_from=13, quiet_until=15)
    noon = datetime.datetime(2030, 7, 1, 11, 30, tzinfo=datetime.timezone.utc)  # 13:30 in Paris (summer)
    assert quiet_end(pref, "Europe/Paris", noon) == datetime.datetime(2030, 7, 1, 13, 0,
                                                                      tzinfo=datetime.timezone.utc)
    assert quiet_end(pref, "Europe/Paris", noon + datetime.timedelta(hours=2)) is None
    assert quiet_end(MailPreference(), "Europe/Paris", noon) is None
    # The night the clocks go back in Paris (27 Oct 2030): quiet until 07:00 local is 06:00 UTC.
    night = datetime.datetime(2030, 10, 26, 23, 0, tzinfo=datetime.timezone.utc)
    pref = MailPreference(quiet_from=22, quiet_until=7)
    assert quiet_end(pref, "Europe/Paris", night) == datetime.datetime(2030, 10, 27, 6, 0,
                                                                       tzinfo=datetime.timezone.utc)


def test_web_only_also_holds_back_the_clocks_mail(players, mailoutbox):
    MailPreference.objects.create(user=players[1], mode="web")
    game = start_game(players)
    row = OutboxMessage.objects.create(kind="reminder", game=game, event_seq=None, user=players[1], seat=1,
                                       dedupe_key="reminder-test")
    sender.send_rows([row.pk])
    row.refresh_from_db()
    assert row.status == OutboxStatus.SKIPPED and mails_to(players[1]) == []


# -- headers and unsubscribe -------------------------------------------------------------------------------


def test_game_mail_headers_for_mailbox_providers(game, mailoutbox):
    sender.send_pending()
    user = seat_user(game, 0)
    turn = [m for m in mail.outbox if user.email in m.to and "your bid" in m.subject][-1]
    parsed = email.message_from_bytes(turn.message().as_bytes(), policy=policy.default)
    # The first turn is also the game's first mail: it carries the thread's root Message-ID.
    assert parsed["Message-ID"] == render.thread_root_id(game.pk, 0, user.pk)
    assert re.fullmatch(r"<game-\d+\.seat-0\.user-\d+@play\.ravenpost\.test>", parsed["Message-ID"])
    assert parsed["Date"] and parsed["Auto-Submitted"] == "auto-generated"
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    found = re.fullmatch(r"<(http://127\.0\.0\.1:8000/mail/unsubscribe/[^>]+/)>", parsed["List-Unsubscribe"].strip())
    url = found.group(1)
    assert links.unsubscribe_user_id(url.rstrip("/").rsplit("/", 1)[1]) == user.pk
    assert re.fullmatch(r"\d+\.[0-9a-f]{20}", parsed["X-Ravenpost-Ref"])
    assert "Mail settings: http://127.0.0.1:8000/profile/#mail" in turn.body


def test_message_id_domain_is_a_valid_host_name(settings):
    settings.INBOUND_EMAIL_DOMAIN = "bad_domain..example"
    settings.DEFAULT_FROM_EMAIL = "Ravenpost <games@mail.ravenpost.example>"
    assert render.thread_root_id(1, 0, 2) == "<game-1.seat-0.user-2@mail.ravenpost.example>"
    settings.DEFAULT_FROM_EMAIL = "games@localhost_"
    assert render.thread_root_id(1, 0, 2).endswith("@ravenpost.invalid>")
    assert render.valid_domain("play.ravenpost.test") and not render.valid_domain("-x.example")


def unsubscribe_path(user) -> str:
    return links.unsubscribe_url(user.pk).removeprefix("http://127.0.0.1:8000")


def test_one_click_unsubscribe_is_a_post_without_cookies(players):
    client = Client(enforce_csrf_checks=True)
    response = client.post(unsubscribe_path(players[0]), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert MailPreference.objects.get(user=players[0]).mode == "web"


def test_the_unsubscribe_link_opened_in_a_browser_asks_first(players):
    client = Client()
    page = client.get(unsubscribe_path(players[0]))
    assert page.status_code == 200 and b"Stop all game mail to ada@example.com?" in page.content
    assert not MailPreference.objects.exists()  # a GET (or a link scanner) changes nothing
    done = client.post(unsubscribe_path(players[0]))
    assert done.status_code == 200 and b"gets no more game mail" in done.content
    assert MailPreference.objects.get(user=players[0]).mode == "web"


@pytest.mark.parametrize("token", ["MQ:1abcde:forged-signature", "garbage", "x" * 5000])
def test_a_forged_unsubscribe_link_changes_nothing(players, token):
    for method in ("get", "post"):
        response = getattr(Client(), method)(f"/mail/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"})
        assert response.status_code == 404
    assert not MailPreference.objects.exists()


def test_another_salts_token_is_no_unsubscribe_link(players):
    token = links.check_token(players[0].pk, players[0].email)
    assert Client().post(f"/mail/unsubscribe/{token}/").status_code == 404
    assert not MailPreference.objects.exists()


def test_account_mail_names_our_mail_domain_and_says_a_machine_sent_it(players, mailoutbox):
    """Sign-up and password mails are allauth's; they too get a Message-ID on our domain and Auto-Submitted."""
    from django.urls import reverse

    response = Client().post(reverse("account_reset_password"), {"email": players[0].email})
    assert response.status_code == 302
    reset = [m for m in mail.outbox if players[0].email in m.to][-1]
    parsed = email.message_from_bytes(reset.message().as_bytes(), policy=policy.default)
    assert re.fullmatch(r"<account\.[a-z0-9]{24}@play\.ravenpost\.test>", parsed["Message-ID"])
    assert parsed["Auto-Submitted"] == "auto-generated" and parsed["Date"]
