"""Check a Ravenpost game record without the server: ``python -m ravenpost_verify record.json``.

What is checked, in order (see :func:`verify`):

1. the hash chain: every event links to the one before and hashes to its stored hash;
2. the seed: the server's revealed part matches the commitment made when the game
   was created, the players' entropy at the start is what they sent when joining,
   and the game's seed and seat order derive from both;
3. the moves: every one is replayed with the game's rules, which must accept it;
4. the end: the final state's hash and the result match the record's.

It needs the pure rules (``games.rules``, no Django, no database) and nothing
of the server; a failure names the event where the record broke.
"""

from ravenpost_verify.verify import Report, verify

__all__ = ["Report", "verify"]
