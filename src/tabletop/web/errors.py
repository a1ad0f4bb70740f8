"""How the web app answers what it refuses or fails at: JSON under ``/api/``, a page elsewhere.

- The JSON API (``/api/...``, and FastAPI's own ``/openapi.json``) answers
  ``{"code", "message", "detail"}`` (``detail`` repeats the message for older clients), written
  with ``<``, ``>`` and ``&`` as JSON escapes (``\\u003c``...): the text a client decodes is the
  same, and no markup sent in a request is ever in the bytes of an answer, whatever reads them.
- Every other route a browser can reach (``/nope``, ``/reports/nope``, ``/replay/GAME?step=x``,
  ``/docs/nope``) answers an HTML error page, its message escaped; so does a part of a page
  (a board's fragment, the whole log) opened as a page (:func:`tabletop.web.pages.navigated`).
  A page route may choose its own answer with :func:`tabletop.web.deps.refusal` (a fragment, a
  redirect back to its form).
- A message is at most :data:`MAX_MESSAGE` characters; input a message repeats is quoted and cut
  short where the message is made (:func:`tabletop.engine.actions.echo`).

:func:`install` adds the handlers to an app (``create_app`` calls it once).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from .deps import ApiError, refusal_answer
from .guards import CODES, error_body

log = logging.getLogger("tabletop.web")

MAX_MESSAGE = 600  # characters of a refusal's message
JSON_PATHS = ("/api/",)


def short(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` cut to ``limit`` characters (a refusal never carries a whole request)."""
    return message if len(message) <= limit else message[: limit - 3] + "..."


def safe_json(body: Any) -> bytes:
    """JSON whose bytes hold no ``<``, ``>`` or ``&`` (written as escapes, so the decoded text is
    unchanged): markup echoed from a request cannot be read as markup, even by a page that puts
    the raw answer into HTML or a browser that sniffs it."""
    text = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return text.encode("utf-8")


class SafeJSONResponse(JSONResponse):
    """A JSON answer written by :func:`safe_json`."""

    def render(self, content: Any) -> bytes:
        return safe_json(content)


def wants_json(path: str) -> bool:
    """Whether a path belongs to the JSON API (else a browser reaches it: a page answers)."""
    return path in ("/api", "/openapi.json") or path.startswith(JSON_PATHS)


def json_refusal(status: int, message: str, code: str | None = None, **headers: str) -> Response:
    return SafeJSONResponse(
        error_body(status, short(message), code), status_code=status, headers=headers or None
    )


def page_refusal(request: Request, status: int, message: str, headers: Any = None) -> Response:
    """The HTML error page (the message escaped by the template)."""
    from .pages import error_page  # the pages import the dependencies, which import nothing here

    answer = error_page(request, status, short(message))
    for key, value in (headers or {}).items():
        answer.headers[key] = value
    return answer


def refuse(
    request: Request, status: int, message: str, code: str | None = None, headers: Any = None
) -> Response:
    """A refusal as the route wants it: its own answer (:func:`~tabletop.web.deps.refusal`),
    JSON under ``/api/``, else the HTML error page."""
    own = refusal_answer(request)
    if own is not None:
        answer = own(request, ApiError(status, code or CODES.get(status, "error"), short(message)))
        for key, value in (headers or {}).items():
            answer.headers[key] = value
        return answer
    if wants_json(request.url.path):
        return json_refusal(status, message, code, **(headers or {}))
    return page_refusal(request, status, message, headers)


def http_message(request: Request, exc: StarletteHTTPException) -> str:
    """Starlette's and FastAPI's own refusals in a sentence (never repeating the path as sent)."""
    message = str(exc.detail) if exc.detail else "refused"
    if exc.status_code == 404 and message == "Not Found":
        return "there is no such page or API route here"
    if exc.status_code == 405:
        return f"{request.method} is not allowed here"
    if exc.status_code == 400 and "parsing the body" in message:
        return "the request body is not readable JSON (or nested too deeply)"
    return message


def validation_message(exc: RequestValidationError) -> str:
    """FastAPI's validation errors in a sentence: where and what, never the value sent."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{where or 'body'}: {err.get('msg')}")
    return "malformed request: " + "; ".join(parts)


def install(app: FastAPI) -> None:
    """The app's error handlers: every refusal and error answered as the module says."""

    @app.exception_handler(ApiError)
    async def _refused(request: Request, exc: ApiError) -> Response:
        return refuse(request, exc.status, exc.message, exc.code)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return refuse(request, exc.status_code, http_message(request, exc), None, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return refuse(request, 422, validation_message(exc), "malformed")

    @app.exception_handler(RecursionError)
    async def _too_deep(request: Request, exc: RecursionError) -> Response:
        return refuse(request, 400, "the request is nested too deeply", "malformed")

    @app.exception_handler(Exception)
    async def _failed(request: Request, exc: Exception) -> Response:
        # the server's own fault: logged with its traceback, answered without any of it
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        message = "something went wrong on the server"
        if wants_json(request.url.path):
            return json_refusal(500, message, "server-error")
        return page_refusal(request, 500, message)
