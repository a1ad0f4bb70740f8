"""The "Reports" pages, under ``/reports``: the balance reports ``tabletop report`` wrote, listed,
each opened as its self-contained page, and its files (plots, figures). A report is found by
listing the reports directory (:mod:`tabletop.web.reports`), never by joining a name into a path."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse

from ..reports import ReportDep, list_reports, reports_dir, templates

router = APIRouter(prefix="/reports")


@router.get("", response_class=HTMLResponse, summary="The balance reports")
def reports_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "reports.html", {"reports": list_reports(), "where": str(reports_dir())}
    )


@router.get("/{name}", summary="One report (self-contained HTML)")
def report_page(folder: ReportDep) -> FileResponse:
    return FileResponse(folder / "index.html", media_type="text/html")


@router.get("/{name}/{file}", summary="A file of a report (a PNG plot, its figures)")
def report_file(folder: ReportDep, file: str) -> FileResponse:
    names = {p.name for p in folder.iterdir() if p.suffix in (".png", ".json", ".html")}
    if file not in names:
        raise HTTPException(404, f"report {folder.name!r} has no file {file!r}")
    return FileResponse(folder / file)
