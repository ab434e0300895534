"""``python -m faults [--quick]``: see :mod:`faults.run`."""

from faults.run import main

raise SystemExit(main())
