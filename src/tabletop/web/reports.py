"""The "Reports" pages: balance reports written by ``tabletop report``, listed and opened.

Reports are folders under the reports directory (``$TABLETOP_REPORTS``, by default ``./reports``
where the server runs), each with its ``index.html``, PNG plots and ``meta.json``. Only folders
found there by listing are served: a name in a URL is never joined into a path unchecked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
router = APIRouter()


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


@router.get("/reports", response_class=HTMLResponse, summary="The balance reports")
def reports_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "reports.html", {"reports": list_reports(), "where": str(reports_dir())}
    )


@router.get("/api/reports", summary="The balance reports, as JSON")
def reports_api() -> JSONResponse:
    rows = [{k: v for k, v in r.items() if k != "mtime"} for r in list_reports()]
    return JSONResponse(rows)


@router.get("/reports/{name}", summary="One report (self-contained HTML)")
def report_page(folder: ReportDep) -> FileResponse:
    return FileResponse(folder / "index.html", media_type="text/html")


@router.get("/reports/{name}/{file}", summary="A file of a report (a PNG plot, its figures)")
def report_file(folder: ReportDep, file: str) -> FileResponse:
    names = {p.name for p in folder.iterdir() if p.suffix in (".png", ".json", ".html")}
    if file not in names:
        raise HTTPException(404, f"report {folder.name!r} has no file {file!r}")
    return FileResponse(folder / file)
