"""The layers of ARCHITECTURE.md, checked over the source: no import cycles, no game named in generic code,
UIs that use only a game's public names, and rules that stay pure.

Imports are read with ``ast`` (those inside functions too), so a cycle hidden
behind a late import is found as well.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from games.rules import game_entry, game_slugs, get_rules

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "notifications", "accounts")
# Generic code: it asks the protocol, it never names a game.
GENERIC = ["games/services", "games/selectors", "games/store.py", "games/narration.py", "games/records.py",
           "games/views", "games/templatetags", "games/templates", "games/ui/__init__.py", "games/ui/base.py",
           "games/ui/loader.py", "games/ui/finders.py", "games/models.py", "games/forms.py", "games/deadlines.py",
           "games/timecontrol.py", "games/management", "notifications", "accounts", "bench", "config", "templates",
           "api", "ravenpost_verify"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(*folders: str) -> list[Path]:
    files: list[Path] = []
    for folder in folders:
        base = ROOT / folder
        files += [base] if base.is_file() else sorted(base.rglob("*.py"))
    return [f for f in files if "migrations" not in f.parts]


def imports_of(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for every import statement in the file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, [alias.name for alias in node.names]))
    return found


def internal_graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in source_files(*APPS)}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, names in imports_of(path):
            for candidate in [f"{target}.{n}" for n in names] or [target]:
                resolved = candidate if candidate in modules else target
                if resolved in modules and resolved != name and not name.startswith(resolved + "."):
                    graph[name].add(resolved)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def unit_of(module: str) -> str:
    """A game's rules package is one unit: its phases may call each other (placement starts the
    elections, which start the next round's placement). Every other module is a unit of its own."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["games", "rules"] and len(parts) > 3 else module


def test_no_import_cycle_between_games_notifications_and_accounts() -> None:
    graph = internal_graph()
    assert len(graph) > 50  # the whole of the three apps was read
    units: dict[str, set[str]] = {}
    for module, targets in graph.items():
        units.setdefault(unit_of(module), set()).update(unit_of(t) for t in targets if unit_of(t) != unit_of(module))
    assert cycles(units) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_accounts_imports_neither_games_nor_notifications() -> None:
    graph = internal_graph()
    bad = {name: sorted(t for t in targets if not t.startswith("accounts"))
           for name, targets in graph.items() if name.startswith("accounts")}
    assert {name: targets for name, targets in bad.items() if targets} == {}


def test_outbox_leads_nowhere_near_the_inbound_side_or_tasks() -> None:
    graph = internal_graph()
    seen, todo = set(), ["notifications.outbox"]
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo += graph[node]
    assert not {m for m in seen if m.startswith(("notifications.tasks", "notifications.inbound", "games.services"))}


def game_names() -> re.Pattern[str]:
    words = set()
    for slug in game_slugs():
        rules = get_rules(slug)
        words |= {re.escape(slug).replace("_", "[ _-]?"), re.escape(rules.name.rstrip("!")).replace(r"\ ", "[ _-]?")}
    return re.compile("|".join(sorted(words)), re.IGNORECASE)


def test_generic_code_names_no_game() -> None:
    pattern = game_names()
    hits = []
    for folder in GENERIC:
        base = ROOT / folder
        files = [base] if base.is_file() else [p for p in base.rglob("*") if p.is_file()]
        for path in files:
            if path.suffix not in (".py", ".html", ".txt", ".md", ".js", ".css") or "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert hits == []


def test_the_name_check_would_see_a_game_name() -> None:
    assert game_names().search("from games.rules.five_tribes import X")
    assert game_names().search("the Revolution! bid board")


@pytest.mark.parametrize("slug", game_slugs())
def test_a_ui_folder_uses_only_its_games_public_names(slug: str) -> None:
    ui = game_entry(slug).ui
    if ui is None:
        pytest.skip(f"{slug} has no UI folder")
    package = game_entry(slug).rules[max(game_entry(slug).rules)].partition(":")[0]
    public = set(getattr(__import__(package, fromlist=["__all__"]), "__all__", ()))
    folder = ROOT / ui.replace(".", "/")
    problems = []
    for path in source_files(str(folder.relative_to(ROOT))):
        for module, names in imports_of(path):
            if not module.startswith("games.rules"):
                continue
            if module not in ("games.rules", package):
                problems.append(f"{path.name} imports {module} (a rules submodule)")
            elif module == package:
                problems += [f"{path.name} imports {package}.{n}, not in its __all__" for n in names
                             if n.startswith("_") or n not in public]
    assert problems == []


PURE_FORBIDDEN = {"django", "time", "datetime", "os", "sys", "socket", "uuid", "secrets", "threading", "subprocess",
                  "pathlib", "io", "urllib", "http", "sqlite3", "asyncio", "logging"}


def test_rules_engines_import_only_the_standard_library_and_no_clock_io_or_global_random() -> None:
    problems = []
    for path in source_files("games/rules"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module, _ in imports_of(path):
            top = module.split(".")[0]
            if top in PURE_FORBIDDEN:
                problems.append(f"{path.relative_to(ROOT)} imports {module}")
            elif top != "games" and top not in sys.stdlib_module_names and top != "__future__":
                problems.append(f"{path.relative_to(ROOT)} imports {module} (not the standard library)")
            elif top == "games" and not module.startswith("games.rules"):
                problems.append(f"{path.relative_to(ROOT)} imports {module} (outside games.rules)")
        for node in ast.walk(tree):
            # random.Random (the caller's generator) is the only use of the random module allowed.
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
                    and node.attr != "Random"):
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno} uses random.{node.attr}")
    assert problems == []
