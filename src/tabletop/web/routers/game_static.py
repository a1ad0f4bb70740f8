"""The static files a game's presentation declares (``Presentation.stylesheets()``), under
``/game-static/<game>/<file>``: only files the game names are served, never a path of its own."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from ...engine.errors import UnknownGame
from ...engine.registry import presentation
from ..deps import ApiError
from ..pages import GAME_STATIC

router = APIRouter(prefix=GAME_STATIC, tags=["pages"])


@router.get("/{game}/{name}", include_in_schema=False)
def game_file(game: str, name: str) -> FileResponse:
    try:
        declared = {path.name: path for path in presentation(game).stylesheets()}
    except UnknownGame:
        raise ApiError(404, "not-found", "no such game") from None
    path = declared.get(name)
    if path is None:
        raise ApiError(404, "not-found", "the game declares no such file")
    return FileResponse(path, media_type="text/css")
