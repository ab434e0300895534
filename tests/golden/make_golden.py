"""Write the golden game records: seeded random games played through the pure rules.

    .venv/bin/python -m tests.golden.make_golden            # rewrite every file
    .venv/bin/python -m tests.golden.make_golden --check    # exit 1 if any file would change

A rules change that alters a golden game must become a new rules version (the
old version kept for old games); regenerate only for games of a new version.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.records import build_record
from games.rules import get_rules

HERE = Path(__file__).resolve().parent
NAMES = ["Ada", "Brecht", "Chiara", "Dmitri", "Esme"]

# (file name, slug, players, options, seed). Seeds are fixed so files are reproducible.
GAMES: list[tuple[str, str, int, dict[str, Any], str]] = [
    ("revolution-3p-basic.json", "revolution", 3, {}, "golden-revolution-1"),
    ("revolution-4p-both-options.json", "revolution", 4, {"bid_refunds": True, "area_control_bonus": True},
     "golden-revolution-2"),
    ("revolution-3p-refunds.json", "revolution", 3, {"bid_refunds": True}, "golden-revolution-3"),
    ("revolution-4p-area-bonus.json", "revolution", 4, {"area_control_bonus": True}, "golden-revolution-4"),
    # Five Tribes: five-tribes-2p/3p/4p.json were recorded under rules version 1 and are kept as
    # they are (they replay under version 1); the games below are of the current version.
    ("five-tribes-2p-v2.json", "five_tribes", 2, {}, "golden-five-tribes-4"),
    ("five-points-3p.json", "five_points", 3, {}, "golden-five-points-1"),
    ("five-points-4p.json", "five_points", 4, {}, "golden-five-points-2"),
    ("five-points-5p.json", "five_points", 5, {}, "golden-five-points-3"),
    ("mob-town-2p-professionals-big-money.json", "mob_town", 2, {"professionals": True, "big_money": True},
     "golden-mob-town-1"),
    ("mob-town-4p-city-cards-landmarks.json", "mob_town", 4, {"city_cards": True, "landmarks": True},
     "golden-mob-town-2"),
    ("mob-town-2p-coop-won.json", "mob_town", 2, {"mode": "coop", "starting_city": -1, "no_master_crimes": True},
     "golden-mob-town-coop-18"),
    ("mob-town-3p-coop-more-mob-activity.json", "mob_town", 3,
     {"mode": "coop", "starting_city": 1, "more_mob_activity": True}, "golden-mob-town-coop-3"),
    ("gangsters-2p.json", "gangsters", 2, {}, "golden-gangsters-1"),
    ("gangsters-3p-options.json", "gangsters", 3, {"heaters": True, "wheels": True, "squirt_gun": True},
     "golden-gangsters-2"),
    ("gangsters-4p-options.json", "gangsters", 4, {"random_order": False, "donuts": True, "heaters": True},
     "golden-gangsters-3"),
    # The five-player Police variant: one game the Police win, one a gang wins with the options on.
    ("gangsters-5p-police.json", "gangsters", 5, {"police": True}, "golden-gangsters-police-1"),
    ("gangsters-5p-police-options.json", "gangsters", 5,
     {"police": True, "wheels": True, "heaters": True, "squirt_gun": True}, "golden-gangsters-police-3"),
    # Rules version 2: bribe holders are asked; in this one a held bribe is kept and others are played.
    ("gangsters-5p-police-v2.json", "gangsters", 5, {"police": True}, "golden-gangsters-police-v2-1"),
]
# Files recorded under an older rules version, kept (and rewritten) under that version so they go on
# showing that old games replay. Gangsters' games before version 2 (the bribe questions of a Police game;
# a game without the Police plays the same under both versions).
RULES_VERSION = {"gangsters-2p.json": 1, "gangsters-3p-options.json": 1, "gangsters-4p-options.json": 1,
                 "gangsters-5p-police.json": 1, "gangsters-5p-police-options.json": 1}


def play(slug: str, players: int, options: dict[str, Any], seed: str,
         version: int | None = None) -> dict[str, Any]:
    rules = get_rules(slug, version)
    rng = random.Random(seed)
    state = rules.setup(players, rules.resolve_options(options), seed)
    moves = []
    for _ in range(100_000):
        awaited = rules.to_act(state)
        if not awaited:
            break
        seat = awaited[rng.randrange(len(awaited))]
        move = rules.random_move(state, seat, rng)
        text = rules.format_move(state, seat, move)
        moves.append((seat, move, text))
        state = rules.apply(state, seat, move)
    else:
        raise RuntimeError(f"{slug} with seed {seed} did not end")
    return build_record(rules_slug=slug, num_players=players, options=options, seed=seed,
                        players=NAMES[:players], moves=moves, rules_version=version)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    changed = []
    for filename, slug, players, options, seed in GAMES:
        record = play(slug, players, options, seed, RULES_VERSION.get(filename))
        text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
        path = HERE / filename
        if not path.exists() or path.read_text() != text:
            changed.append(filename)
            if not args.check:
                path.write_text(text)
    for name in changed:
        print(("would change: " if args.check else "wrote: ") + name)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
