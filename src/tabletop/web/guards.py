"""What stands between the network and the app: size limits, security headers, and error bodies.

- Request bodies are at most ``MAX_BODY`` bytes (413 ``too-large``), whether or not the client
  says how long its body is, so a client cannot make the server buffer megabytes.
- Every response carries a Content-Security-Policy that forbids inline script (the pages load
  ``/static/app.js`` only), plus ``nosniff`` and a no-framing rule. FastAPI's own API explorer
  (``/docs``, ``/redoc``) needs its inline start-up script and its CDN, so it gets a policy of
  its own; it echoes no input.
- The guards' own refusals (413, a bad Content-Length) are JSON under ``/api/`` and an escaped
  HTML page elsewhere, like every other refusal (:mod:`tabletop.web.errors`, which installs the
  app's error handlers and holds the rules for error bodies).
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

log = logging.getLogger("tabletop.web")

MAX_BODY = 64 * 1024  # bytes: the largest request body (forms and JSON bodies are far smaller)
MAX_TITLE = 200  # characters: a game's title (the store's column width)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")

CODES = {
    400: "malformed",
    401: "token-required",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    409: "conflict",
    413: "too-large",
    415: "unsupported-media-type",
    422: "malformed",
    429: "too-many-requests",
}

# the page of a refusal made before the app runs (the guards answer without the templates)
ERROR_PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused · Tabletop'
    '</title><link rel="stylesheet" href="/static/style.css"></head><body><main>'
    '<section class="card"><h1>Cannot take this request ({status})</h1>'
    '<p class="error" role="alert">{message}</p><p><a href="/">Back to the lobby</a></p>'
    "</section></main></body></html>"
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_body(status: int, message: str, code: str | None = None) -> dict[str, str]:
    """The JSON of every refusal: a machine ``code`` and a sentence (``message``/``detail``)."""
    code = code or CODES.get(status, "error")
    return {"code": code, "message": message, "detail": message}


def escaped_html(message: str, status: int) -> HTMLResponse:
    """A bare HTML error (page fragments): the message escaped, never markup from the request."""
    return HTMLResponse(f'<p class="error">{html.escape(message)}</p>', status_code=status)


class Guards:
    """ASGI middleware: body size limit and security headers on every response."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        policy = DOCS_CSP if path.startswith(DOCS_PATHS) else CSP

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                for key, value in (
                    (b"content-security-policy", policy),
                    (b"x-content-type-options", "nosniff"),
                    (b"x-frame-options", "DENY"),
                    (b"referrer-policy", "same-origin"),
                ):
                    if key not in names:
                        headers.append((key, value.encode("latin-1")))
                message["headers"] = headers
            await send(message)

        declared = None
        for key, value in scope.get("headers", []):
            if key.lower() == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._refuse(
                        send_guarded, 400, "the Content-Length header is not a number", path
                    )
                    return
        if declared is not None and declared > self.max_body:
            await self._refuse(send_guarded, 413, self._too_large(), path)
            return
        if scope.get("method") in ("POST", "PUT", "PATCH", "DELETE"):
            # read the whole body first (bounded), then hand it to the app
            chunks: list[bytes] = []
            size = 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    await self._refuse(send_guarded, 413, self._too_large(), path)
                    return
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> Message:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send_guarded)
            return
        await self.app(scope, receive, send_guarded)

    def _too_large(self) -> str:
        return f"the request body is larger than the limit of {self.max_body} bytes"

    async def _refuse(self, send: Send, status: int, message: str, path: str = "/api/") -> None:
        if path == "/api" or path.startswith("/api/"):
            payload = json.dumps(error_body(status, message)).encode()
            kind = b"application/json"
        else:  # a browser's form: a page (the message is the guards' own, escaped anyway)
            payload = ERROR_PAGE.format(status=status, message=html.escape(message)).encode()
            kind = b"text/html; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", kind),
                    (b"content-length", str(len(payload)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


def install(app: FastAPI) -> None:
    """Add the guards (the error handlers are :func:`tabletop.web.errors.install`'s)."""
    app.add_middleware(Guards)
