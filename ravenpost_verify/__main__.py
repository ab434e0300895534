"""``python -m ravenpost_verify record.json [...]``: exit 0 if every record verifies, 1 if one does not."""

from __future__ import annotations

import json
import sys

from ravenpost_verify.verify import verify


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m ravenpost_verify record.json [record.json ...]", file=sys.stderr)
        return 2
    worst = 0
    for path in argv:
        try:
            with open(path, encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"{path}: cannot be read as JSON: {error}")
            worst = max(worst, 2)
            continue
        report = verify(record)
        print(f"{path}:")
        print(report.text())
        if not report.ok:
            worst = max(worst, 1)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
