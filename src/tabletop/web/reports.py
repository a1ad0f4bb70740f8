"""The balance reports written by ``tabletop report``, as the "Reports" pages and their JSON find
them (the routes: ``routers/reports.py`` and ``routers/report_api.py``).

Reports are folders under the reports directory (``$TABLETOP_REPORTS``, by default ``./reports``
where the server runs), each with its ``index.html``, PNG plots and ``meta.json``. Only folders
found there by listing are served: a name in a URL is never joined into a path unchecked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, HTTPException
from fastapi.templating import Jinja2Templates

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def reports_dir() -> Path:
    return Path(os.environ.get("TABLETOP_REPORTS", "reports"))


def list_reports() -> list[dict[str, Any]]:
    """Every report folder, newest first, with what its meta.json says."""
    root = reports_dir()
    out: list[dict[str, Any]] = []
    if not root.is_dir():
        return out
    for folder in root.iterdir():
        if not (folder / "index.html").is_file():
            continue
        try:
            meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = {}
        out.append(
            {
                "name": folder.name,
                "title": str(meta.get("title") or folder.name),
                "games": meta.get("games"),
                "seats": ", ".join(map(str, meta.get("seats") or [])),
                "created": str(meta.get("created") or ""),
                "mtime": (folder / "index.html").stat().st_mtime,
            }
        )
    return sorted(out, key=lambda r: -r["mtime"])


def report_folder(name: str) -> Path:
    """The folder of the report named in the path, found by listing (404 otherwise)."""
    for r in list_reports():
        if r["name"] == name:
            return reports_dir() / str(r["name"])
    raise HTTPException(404, f"no report named {name!r}")


ReportDep = Annotated[Path, Depends(report_folder)]
