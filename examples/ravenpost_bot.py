"""An example bot: joins a Ravenpost game and plays it to the end through the JSON API with legal moves.

Standard library only. Make a token with the *play* scope on your profile page, then::

    python examples/ravenpost_bot.py --url https://ravenpost.example --token rp_... --create revolution --players 3
    python examples/ravenpost_bot.py --url https://ravenpost.example --token rp_... --game 42 --join

Several ``--token`` options play several seats of one game from one process
(handy for testing a game end to end). The bot waits for its turn with the
``events`` long poll, picks a random move among the legal moves the API lists,
and sends it with the version it decided on and an idempotency key, so a
retried request is never applied twice. It brings its own entropy to the
game's seed and, at the end, prints the record's location for verification.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
import time
import urllib.error
import urllib.request
from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('detail')}")
        self.status = status
        self.body = body


class Client:
    """One player's connection: a token and the service's address."""

    def __init__(self, url: str, token: str, timeout: float = 60.0) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode("utf-8") if body is not None else None
        for _ in range(10):
            request = urllib.request.Request(self.url + path, data=data, method=method, headers={
                "Authorization": f"Bearer {self.token}", "Content-Type": "application/json",
                "Accept": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                    return json.loads(answer.read() or b"null")
            except urllib.error.HTTPError as error:
                payload = json.loads(error.read() or b"{}")
                if error.code == 429:  # rate limited: wait as told, then ask again
                    time.sleep(float(error.headers.get("Retry-After", "1")))
                    continue
                raise ApiError(error.code, payload) from None
        raise ApiError(429, {"code": "rate_limited", "detail": "still rate limited after ten waits"})


def pick_move(choices: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal move as ``{"move": ...}`` (canonical JSON) or ``{"text": ...}`` (notation).

    The decision's options (what the game's page offers a person) come first: they
    are the moves that matter; the full list of legal moves can be long with
    moves that go nowhere (walking to and fro), and a bot choosing among those
    at random plays much longer games.
    """
    decision = choices.get("decision") or {}
    if decision.get("options"):
        return {"move": rng.choice(decision["options"])["move"]}
    if choices["legal_moves"]:
        return {"move": rng.choice(choices["legal_moves"])["move"]}
    if choices.get("examples"):
        return {"text": rng.choice(choices["examples"])}
    return None


def play(clients: list[Client], game_id: int, rng: random.Random, max_moves: int = 20_000,
         log: Any = print) -> dict[str, Any]:
    """Play every seat held by ``clients`` until the game is over; return the final game as the first sees it."""
    seats = {}
    for client in clients:
        seat = client.call("GET", f"/api/games/{game_id}")["my_seat"]
        if seat is None:
            raise RuntimeError(f"game #{game_id} has not started, or a token has no seat in it")
        seats[seat] = client
    after, wait, moves = 0, 0, 0
    while moves < max_moves:
        # One look at what happened since: whose turn it is, or (after a wait of at most 20 s) nothing new.
        news = clients[0].call("GET", f"/api/games/{game_id}/events?after={after}&wait={wait}")
        after = news["version"]
        if news["status"] in ("finished", "aborted"):
            return clients[0].call("GET", f"/api/games/{game_id}")
        mine = [seat for seat in news["to_act"] if seat in seats]
        wait = 0 if mine else 20
        for seat in mine:
            client = seats[seat]
            choices = client.call("GET", f"/api/games/{game_id}/choices?limit=50")
            if not choices["awaited"]:
                continue
            move = pick_move(choices, rng)
            if move is None:
                raise RuntimeError(f"no legal move offered for seat {seat + 1}")
            try:
                receipt = client.call("POST", f"/api/games/{game_id}/moves", {
                    **move, "expected_version": choices["version"], "idempotency_key": secrets.token_hex(16)})
            except ApiError as refusal:
                if refusal.status == 409:  # the game moved on meanwhile: look again
                    break
                raise
            moves += 1
            log(f"seat {receipt['seat'] + 1}: {receipt['shown']}  (event {receipt['seq']}, {receipt['hash'][:12]}…)")
    raise RuntimeError(f"the game did not end within {max_moves} moves")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="the service's address, for example http://127.0.0.1:8000")
    parser.add_argument("--token", action="append", required=True, help="a play token (repeat for more seats)")
    parser.add_argument("--game", type=int, help="the game to play")
    parser.add_argument("--join", action="store_true", help="take a seat in --game first")
    parser.add_argument("--create", metavar="RULES", help="open a new game of these rules (a slug)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default=None, help="seed of the bot's own choices (not the game's)")
    args = parser.parse_args(argv)
    clients = [Client(args.url, token) for token in args.token]
    rng = random.Random(args.seed)
    try:
        if args.create:
            game = clients[0].call("POST", "/api/games", {"rules": args.create, "num_players": args.players,
                                                          "entropy": secrets.token_hex(32)})
            game_id = game["id"]
            joining = clients[1:]
        elif args.game:
            game_id = args.game
            joining = clients if args.join else []
        else:
            parser.error("give --game or --create")
        for client in joining:
            client.call("POST", f"/api/games/{game_id}/join", {"entropy": secrets.token_hex(32)})
        print(f"playing game #{game_id}")
        final = play(clients, game_id, rng)
    except ApiError as error:
        print(f"refused: {error}", file=sys.stderr)
        return 1
    print(f"game #{game_id} is {final['status']}: {json.dumps(final['result'])}")
    print(f"record: {args.url.rstrip('/')}/api/games/{game_id}/record (check it with python -m ravenpost_verify)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
