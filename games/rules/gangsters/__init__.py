"""Gangsters (Avalon Hill 1992) for 2-4 gangs: the stand-in board so far (the engine follows)."""
