"""Run every benchmark in its own process and pass their JSON lines through."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHES = ["bench.playouts", "bench.move_path", "bench.replay", "bench.inbound_email", "bench.deadline_sweep",
           "bench.page_render", "bench.web_move"]


def main() -> int:
    failed = 0
    for module in sys.argv[1:] or BENCHES:
        result = subprocess.run([sys.executable, "-m", module], cwd=ROOT)
        failed += result.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
