"""Sign-up with mandatory email verification through allauth's real views, sign-in, profile."""

from __future__ import annotations

import html as htmllib
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from notifications.models import DevMail
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db
PASSWORD = "correct-horse-battery-42"


def sign_up(client: Client, email: str) -> None:
    response = client.post(reverse("account_signup"),
                           {"email": email, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:2000]


def confirmation_link(email: str) -> str:
    mail = DevMail.objects.filter(to__icontains=email).order_by("-id").first()
    assert mail is not None, "the verification mail was not caught by the dev mailbox"
    match = re.search(r"https?://[^\s]+(/accounts/confirm-email/[^\s/]+/)", mail.text)
    assert match, mail.text
    return match.group(1)


def test_sign_up_verify_and_sign_in(dev_mailbox):
    client = Client()
    sign_up(client, "newbie@example.com")
    # Mandatory verification: no sign-in before the link is followed.
    assert "_auth_user_id" not in client.session
    link = confirmation_link("newbie@example.com")
    # The mail is readable on the dev mailbox page too.
    mailbox = client.get(reverse("notifications:mailbox")).content.decode()
    assert "newbie@example.com" in mailbox
    mail = DevMail.objects.get(to__icontains="newbie@example.com")
    detail = client.get(reverse("notifications:mail", args=[mail.pk])).content.decode()
    assert link in htmllib.unescape(detail)
    # Following the link shows allauth's confirm page in our layout; posting it verifies.
    confirm_page = client.get(link)
    assert confirm_page.status_code == 200 and "Ravenpost" in confirm_page.content.decode()
    assert client.post(link).status_code == 302
    fresh = Client()
    response = fresh.post(reverse("account_login"), {"login": "newbie@example.com", "password": PASSWORD})
    assert response.status_code == 302
    assert fresh.session["_auth_user_id"] == str(User.objects.get(email="newbie@example.com").pk)
    lobby = fresh.get(reverse("games:lobby")).content.decode()
    assert "Sign out" in lobby and "Create a game" in lobby


def test_unverified_user_cannot_sign_in():
    sign_up(Client(), "unverified@example.com")
    client = Client()
    response = client.post(reverse("account_login"),
                           {"login": "unverified@example.com", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code == 302 and "confirm-email" in response["Location"]


def test_sign_out_is_post(make_user):
    client = client_for(make_user("out@example.com"))
    assert client.post(reverse("account_logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_allauth_pages_use_site_layout():
    for name in ("account_login", "account_signup", "account_reset_password"):
        html = Client().get(reverse(name)).content.decode()
        assert 'href="/static/games/site.css"' in html and "Lobby" in html


def test_password_reset_sends_mail(make_user, dev_mailbox):
    make_user("forgetful@example.com")
    response = Client().post(reverse("account_reset_password"), {"email": "forgetful@example.com"})
    assert response.status_code == 302
    assert DevMail.objects.filter(to__icontains="forgetful@example.com").exists()


def test_profile_edit(make_user):
    user = make_user("pat@example.com")
    client = client_for(user)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'value="Europe/Paris"' in page  # the time zone select lists zoneinfo's names
    response = client.post(reverse("accounts:profile"), {"display_name": "  Pat   the Bold ",
                                                         "time_zone": "Europe/Paris"}, follow=True)
    assert "Your profile was saved." in response.content.decode()
    user.refresh_from_db()
    assert user.display_name == "Pat the Bold" and user.time_zone == "Europe/Paris"


def test_profile_rejects_invalid_time_zone(make_user):
    user = make_user("tz@example.com")
    client = client_for(user)
    response = client.post(reverse("accounts:profile"), {"display_name": "Tee", "time_zone": "Mars/Olympus"})
    assert response.status_code == 400
    body = htmllib.unescape(response.content.decode())
    assert "Mars/Olympus is not a time zone" in body and "Your profile was not saved" in body
    user.refresh_from_db()
    assert user.time_zone == "UTC" and user.display_name == ""


def test_profile_rejects_taken_name(make_user):
    make_user("one@example.com", "Robin")
    client = client_for(make_user("two@example.com"))
    response = client.post(reverse("accounts:profile"), {"display_name": "robin", "time_zone": "UTC"})
    assert response.status_code == 400
    assert "another player already goes by a name like" in response.content.decode()


def test_profile_needs_sign_in():
    response = Client().get(reverse("accounts:profile"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_operator_vouching_for_an_address_takes_it_from_an_unverified_claimant(dev_mailbox):
    """Someone signs up with another person's address and never verifies it; then an operator creates a
    game for that address. The seat belongs to the address's owner, not to the password the claimant chose."""
    from django.core.management import call_command

    sign_up(Client(), "victim@example.com")
    claimant = User.objects.get(email="victim@example.com")
    assert claimant.check_password(PASSWORD)
    call_command("new_game", "revolution", "--player", "victim@example.com", "--player", "b@example.com",
                 "--player", "c@example.com", stdout=io.StringIO())
    claimant.refresh_from_db()
    assert not claimant.check_password(PASSWORD) and not claimant.has_usable_password()
    assert not Client().login(email="victim@example.com", password=PASSWORD)
    # The owner of the address gets in by resetting the password through the mail.
    client = Client()
    client.post(reverse("account_reset_password"), {"email": "victim@example.com"})
    assert DevMail.objects.filter(to__icontains="victim@example.com", subject__icontains="password").exists()


def test_vouching_for_a_verified_address_keeps_its_password(make_user):
    from accounts.services import user_get_or_create_verified

    user = make_user("owner@example.com", "Owner")
    user.set_password(PASSWORD)
    user.save()
    assert user_get_or_create_verified(email="OWNER@example.com") == user
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize("copy", ["robin", "ROBIN", "R o b i n", "Robin!", "Ｒｏｂｉｎ", "Rob\u200bin", "ro-bin"])
def test_a_name_cannot_copy_another_players_name(make_user, copy):
    make_user("one@example.com", "Robin")
    user = make_user("two@example.com")
    response = client_for(user).post(reverse("accounts:profile"), {"display_name": copy, "time_zone": "UTC"})
    assert response.status_code == 400, copy
    assert "another player already goes by a name like" in htmllib.unescape(response.content.decode())
    user.refresh_from_db()
    assert user.display_name == ""


def test_a_name_cannot_copy_the_name_shown_for_a_player_without_one(make_user):
    make_user("sam@example.com")  # shown as "sam"
    response = client_for(make_user("other@example.com")).post(
        reverse("accounts:profile"), {"display_name": "Sam", "time_zone": "UTC"})
    assert response.status_code == 400


def test_invisible_and_direction_changing_characters_are_dropped(make_user):
    user = make_user("bidi@example.com")
    response = client_for(user).post(reverse("accounts:profile"),
                                     {"display_name": "Eve\u202e gnp.exe\u202c\u200d", "time_zone": "UTC"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.display_name == "Eve gnp.exe"


@pytest.mark.parametrize(("name", "why"), [("\u0410da", "may not mix alphabets"), ("x" * 41, "at most 40"),
                                           ("!!! ...", "at least one letter or digit")])
def test_names_that_cannot_be_used_are_refused_with_the_reason(make_user, name, why):
    user = make_user("n@example.com")
    response = client_for(user).post(reverse("accounts:profile"), {"display_name": name, "time_zone": "UTC"})
    assert response.status_code == 400 and why in htmllib.unescape(response.content.decode())


def test_names_in_one_writing_are_fine(make_user):
    for email, name in (("jp@example.com", "山田たろう"), ("ru@example.com", "Алёна"), ("de@example.com", "Jürgen Groß")):
        user = make_user(email)
        response = client_for(user).post(reverse("accounts:profile"), {"display_name": name, "time_zone": "UTC"})
        assert response.status_code == 302, name
        user.refresh_from_db()
        assert user.display_name == name


def test_sign_up_speaks_as_the_service_and_points_to_the_dev_mailbox(dev_mailbox):
    client = Client()
    response = client.post(reverse("account_signup"),
                           {"email": "fresh@example.com", "password1": PASSWORD, "password2": PASSWORD}, follow=True)
    page = response.content.decode()
    assert "Verify your email address" in page and reverse("notifications:mailbox") in page
    mail = DevMail.objects.get(to__icontains="fresh@example.com")
    assert mail.text.startswith("Hello from Ravenpost!") and "testserver" not in mail.text.splitlines()[0]


def test_following_the_verification_link_signs_the_person_in(dev_mailbox):
    client = Client()
    sign_up(client, "quick@example.com")
    link = confirmation_link("quick@example.com")
    client.post(link)
    assert client.session["_auth_user_id"] == str(User.objects.get(email="quick@example.com").pk)
