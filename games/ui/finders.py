"""Static files finder for game UI folders: ``ui/<slug>/x.js`` is ``<the UI package>/static/x.js``.

Like the template loader, it finds each folder from the registry, so
``collectstatic`` and the development server both see every game's files.
"""

from __future__ import annotations

import os
from typing import Any, Iterator

from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage
from django.utils._os import safe_join

from games.rules import game_slugs
from games.ui import ui_folder


def _static_dirs() -> Iterator[tuple[str, str]]:
    for slug in game_slugs():
        folder = ui_folder(slug)
        if folder is not None and (folder / "static").is_dir():
            yield slug, str(folder / "static")


class PrefixedStorage(FileSystemStorage):
    """A folder whose files collectstatic writes under ``prefix`` (as FileSystemFinder's prefixed dirs)."""

    def __init__(self, *, location: str, prefix: str) -> None:
        super().__init__(location=location)
        self.prefix = prefix


class UIFinder(BaseFinder):
    def check(self, **kwargs: Any) -> list[Any]:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        find_all = find_all or bool(kwargs.get("all"))
        prefix, _, rest = path.partition("/")
        found: list[str] = []
        if prefix == "ui":
            slug, _, name = rest.partition("/")
            folder = ui_folder(slug) if slug and name else None
            if folder is not None:
                try:
                    candidate = safe_join(str(folder / "static"), name)
                except Exception:  # noqa: BLE001 - a path that escapes the folder is simply not found
                    candidate = ""
                if candidate and os.path.isfile(candidate):
                    found.append(candidate)
        if find_all:
            return found
        return found[0] if found else []  # what Django's own finders answer for "not here"

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        from django.contrib.staticfiles.utils import get_files

        for slug, directory in _static_dirs():
            storage = PrefixedStorage(location=directory, prefix=f"ui/{slug}")
            for path in get_files(storage, ignore_patterns):
                yield path, storage
