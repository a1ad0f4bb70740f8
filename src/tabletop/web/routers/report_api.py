"""The balance reports as JSON, under ``/api/reports``: what each report's meta.json says."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ..reports import list_reports

router = APIRouter(prefix="/api/reports")


@router.get("", summary="The balance reports, as JSON")
def reports_api() -> JSONResponse:
    rows = [{k: v for k, v in r.items() if k != "mtime"} for r in list_reports()]
    return JSONResponse(rows)
