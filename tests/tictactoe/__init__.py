"""Noughts and crosses: a test-only game that proves a game is one folder.

It lives entirely here and is registered from the tests with one call,
``games.rules.register("tictactoe", {1: "tests.tictactoe.rules:RULES"})``:
no UI folder, no line anywhere else. The tests in ``test_added_game.py`` then
play it through the lobby, the generic page, turn mails, mail replies, the
replay and the narrated log. ``docs/developers/adding-a-game.md`` walks the
same path for a real game.
"""
