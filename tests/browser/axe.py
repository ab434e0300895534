"""axe-core in the browser suite: inject the pinned copy into a page and read what it finds.

axe-core comes from ``package.json`` / ``package-lock.json`` at the top of the
repository, installed into ``node_modules/`` by ``make test`` (``npm ci``); the
tests never download it. Without it the accessibility checks are skipped,
unless ``RAVENPOST_BROWSER_REQUIRED`` is set (as ``.ci/run`` sets it), in which
case they fail.

The page's own Content-Security-Policy forbids inline scripts, so the browser
contexts that run axe bypass it (``bypass_csp``): axe is the test's, not the
site's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

AXE_PATH = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING_IMPACTS = ("critical", "serious")


def axe_source() -> str:
    """The pinned axe-core script, or a skip (a failure when the browser tests are required)."""
    if not AXE_PATH.exists():
        why = f"axe-core is not installed ({AXE_PATH.relative_to(AXE_PATH.parents[2])}: run `make test`)"
        if os.environ.get("RAVENPOST_BROWSER_REQUIRED"):
            pytest.fail(why)
        pytest.skip(why)
    return AXE_PATH.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Finding:
    """One element that breaks one rule on one page."""

    page: str
    rule: str
    impact: str
    target: str
    summary: str

    def __str__(self) -> str:
        return f"[{self.impact}] {self.rule} on {self.page}: {self.target} — {self.summary}"


def run_axe(page: Any, label: str) -> list[Finding]:
    """Every violation axe finds on ``page`` as it is now (all impacts), one Finding per element."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    results = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact || '', nodes: v.nodes.map(
                n => ({target: n.target.join(' '), summary: (n.failureSummary || '').split('\\n').slice(0, 3).join(' ')}))}));
        }""",
        TAGS,
    )
    return [Finding(label, v["id"], v["impact"], n["target"], n["summary"])
            for v in results for n in v["nodes"]]


def serious(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.impact in FAILING_IMPACTS]


def tally(findings: list[Finding], pages: list[str]) -> dict[str, int]:
    """How many elements break a serious or critical rule, per page label (0 for a clean page)."""
    counts = dict.fromkeys(pages, 0)
    for finding in serious(findings):
        counts[finding.page] = counts.get(finding.page, 0) + 1
    return counts


def report(findings: list[Finding], pages: list[str]) -> str:
    """Counts per page, then each failing rule and element once, with the pages it is on."""
    lines = [f"{n:4d}  {page}" for page, n in tally(findings, pages).items()]
    seen: dict[tuple[str, str, str, str], list[str]] = {}
    for f in serious(findings):
        seen.setdefault((f.impact, f.rule, f.target, f.summary), []).append(f.page)
    details = [f"[{impact}] {rule}: {target} — {summary}\n        on {', '.join(on[:4])}"
               + (f" and {len(on) - 4} more" if len(on) > 4 else "")
               for (impact, rule, target, summary), on in seen.items()]
    return "\n".join([f"{len(serious(findings))} critical or serious violations (rule, page, element):",
                      *lines, *details])
