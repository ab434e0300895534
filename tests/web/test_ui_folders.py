"""A game's UI folder is found from its registry entry: templates as ui/<slug>/..., static files likewise."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games.rules import game_entry, game_slugs
from games.ui import GameUI, ui_folder, ui_for
from games.ui.finders import UIFinder

SLUGS_WITH_UI = [slug for slug in game_slugs() if game_entry(slug).ui]


@pytest.mark.parametrize("slug", SLUGS_WITH_UI)
def test_each_ui_folder_serves_its_templates_and_static_files(slug: str) -> None:
    ui = ui_for(slug)
    assert type(ui) is not GameUI
    assert get_template(ui.board_template).origin.name.startswith(str(ui_folder(slug)))
    static = sorted(p.name for p in (ui_folder(slug) / "static").iterdir())
    for name in static:
        assert finders.find(f"ui/{slug}/{name}") == str(ui_folder(slug) / "static" / name)


def test_names_outside_a_ui_folder_are_not_found() -> None:
    slug = SLUGS_WITH_UI[0]
    assert finders.find(f"ui/{slug}/no-such-file.js") is None
    assert finders.find("ui/no-such-game/x.js") is None
    assert UIFinder().find(f"ui/{slug}/../../../../../etc/passwd") == []
    for name in (f"ui/{slug}/../../rules/__init__.py", "ui/no-such-game/board.html", f"ui/{slug}/"):
        with pytest.raises(TemplateDoesNotExist):
            get_template(name)


def test_collectstatic_writes_each_game_under_its_prefix(tmp_path, settings) -> None:
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", "--noinput", verbosity=0)
    for slug in SLUGS_WITH_UI:
        for path in (ui_folder(slug) / "static").iterdir():
            assert (tmp_path / "ui" / slug / path.name).read_bytes() == path.read_bytes()


def test_a_game_without_a_ui_folder_gets_the_generic_presentation(toy_rules) -> None:
    assert type(ui_for("toy")) is GameUI and ui_folder("toy") is None
    assert type(ui_for("no-such-game")) is GameUI
