"""Hypothesis settings for the property tests: one profile per use, chosen by an environment variable.

``RAVENPOST_PROPERTY_PROFILE`` picks the profile (default ``ci``):

* ``ci``: what ``make test`` and ``.ci/run`` run; thousands of examples per game in all,
  well under a minute per game on two cores;
* ``quick``: a tenth of that, while working on a parser;
* ``long``: ten times ``ci``, for a night's run before a release.

Each test asks for its share with :func:`examples` (parsing text is cheap, a
mail through the pipeline is not). ``deadline=None``: an example's time
depends on the machine's load, and a slow example is no failure of the rules.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = {"quick": 0.1, "ci": 1.0, "long": 10.0}
PROFILE = os.environ.get("RAVENPOST_PROPERTY_PROFILE", "ci")
if PROFILE not in SCALE:
    raise RuntimeError(f"RAVENPOST_PROPERTY_PROFILE must be one of {', '.join(SCALE)}, not {PROFILE!r}")

_BASE = settings(
    deadline=None,
    # Long texts and big states are the point here; Hypothesis's size warnings are not.
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    print_blob=True,  # a failure prints the line that replays it exactly
)


def examples(ci_count: int, **overrides: object) -> settings:
    """Settings running ``ci_count`` examples under the ``ci`` profile (scaled for the others)."""
    return settings(_BASE, max_examples=max(10, int(ci_count * SCALE[PROFILE])), **overrides)  # type: ignore[arg-type]
