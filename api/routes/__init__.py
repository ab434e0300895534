"""The API's routers, one per concern: account, games, play, live events, records."""
