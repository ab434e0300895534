"""The JSON API: everything a player can do on the web or by mail, for programs and bots (django-ninja)."""
