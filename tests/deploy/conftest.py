"""The web tests' fixtures (verified users, signed-in clients, a running game), for the deploy tests too."""

from tests.web.conftest import make_user, running_game, three_players  # noqa: F401
