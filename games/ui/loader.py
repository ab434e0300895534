"""Template loader for game UI folders: ``ui/<slug>/board.html`` is ``<the UI package>/templates/board.html``.

The folder is found from the game's registry entry, so a new game's templates
need no settings change; every other name is left to the other loaders.
"""

from __future__ import annotations

from typing import Any, Iterator

from django.template import Origin, TemplateDoesNotExist
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.utils._os import safe_join

from games.ui import ui_folder


class Loader(FilesystemLoader):
    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        prefix, _, rest = template_name.partition("/")
        if prefix != "ui":
            return
        slug, _, name = rest.partition("/")
        folder = ui_folder(slug) if slug and name else None
        if folder is None:
            return
        try:
            path = safe_join(str(folder / "templates"), name)
        except Exception:  # noqa: BLE001 - a name that escapes the folder (SuspiciousFileOperation) is not ours
            return
        yield Origin(name=path, template_name=template_name, loader=self)

    def get_contents(self, origin: Any) -> str:
        try:
            with open(origin.name, encoding=self.engine.file_charset) as handle:
                return handle.read()
        except FileNotFoundError:
            raise TemplateDoesNotExist(origin) from None
