"""The Gloomhaven campaigns' JSON API, under ``/api/campaigns``: the list and a new campaign, a
campaign's view, history, export and enhancement quote, and one POST route per declared command
(``/api/campaigns/{cid}/{command}``, its body the command's arguments), all in OpenAPI. A refusal is
409 ``{detail, code: refused}`` and changes nothing.

No ``from __future__ import annotations`` here: the command routes are generated in a loop and
FastAPI must see each command's body model as a real class.
"""

import json
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel

from ...store.gloomhaven import CampaignService
from ..campaigns import (
    COMMANDS,
    ERRORS,
    CampaignDep,
    NewCampaignIn,
    NoBody,
    ServiceDep,
    WebCommand,
    execute,
    found,
    refusing,
)

router = APIRouter(prefix="/api/campaigns", tags=["gloomhaven"])


@router.get("", summary="Gloomhaven campaigns")
def api_campaigns(svc: ServiceDep) -> list[dict[str, Any]]:
    return [
        {**r, "updated": r["updated"].isoformat() if r["updated"] else None}
        for r in svc.campaigns()
    ]


@router.post(
    "",
    summary="Found a campaign",
    responses={409: ERRORS[409], 422: ERRORS[422]},
)
def api_new_campaign(svc: ServiceDep, body: NewCampaignIn) -> Any:
    r = found(svc, body)
    return {"id": r.campaign.id, "lines": r.lines}


# The campaign's reads, each a GET of the campaign alone: its path under ``/{cid}``, route name,
# summary and what it answers.
READS: dict[str, tuple[str, str, Callable[[CampaignService, str], Any]]] = {
    "": (
        "api_view",
        "The campaign view: city, parties (with shop and event in hand), characters",
        lambda svc, cid: svc.view(cid),
    ),
    "/history": ("api_history", "Every change, oldest first", lambda svc, cid: svc.history(cid)),
    "/export": (
        "api_export",
        "The whole campaign as versioned JSON (document and history)",
        lambda svc, cid: json.loads(json.dumps(svc.export(cid), default=str)),
    ),
}


def _read_endpoint(name: str, read: Callable[[CampaignService, str], Any]) -> Callable[..., Any]:
    def endpoint(cid: CampaignDep, svc: ServiceDep) -> Any:
        return read(svc, cid)

    endpoint.__name__ = name
    return endpoint


for _path, (_name, _summary, _read) in READS.items():
    router.add_api_route(
        f"/{{cid}}{_path}",
        _read_endpoint(_name, _read),
        methods=["GET"],
        summary=_summary,
        responses={404: ERRORS[404]},
    )


@router.get(
    "/{cid}/enhancement-quote",
    summary="Read-only: what an enhancement costs now and whether the rules allow it",
    responses={404: ERRORS[404], 409: ERRORS[409]},
)
def api_quote(
    cid: CampaignDep,
    svc: ServiceDep,
    character: str,
    card: str,
    card_level: int,
    sticker: str,
    action: Literal["top", "bottom"] = "top",
    multi_target: bool = False,
    hexes: int | None = Query(None),
) -> Any:
    with refusing():
        return svc.quote_enhancement(
            cid, character, card, card_level, action, sticker, multi_target, hexes
        )


def _api_endpoint(cmd: WebCommand) -> Callable[..., Any]:
    model = cmd.model

    def run(svc: CampaignService, cid: str, body: BaseModel) -> Any:
        out = execute(svc, cid, cmd.name, body)
        out["view"] = svc.view(cid)
        return out

    if model is NoBody:

        def endpoint(cid: CampaignDep, svc: ServiceDep) -> Any:
            return run(svc, cid, NoBody())

    else:

        def endpoint(cid: CampaignDep, svc: ServiceDep, body: model) -> Any:  # type: ignore[valid-type,misc]
            return run(svc, cid, body)

    endpoint.__name__ = "api_" + cmd.name.replace("-", "_")
    return endpoint


for _cmd in COMMANDS.values():
    router.add_api_route(
        f"/{{cid}}/{_cmd.name}",
        _api_endpoint(_cmd),
        methods=["POST"],
        summary=_cmd.summary,
        description="Answer: `{command, lines, seq, view}` (the history entry `seq`). "
        "A refusal is 409 `{detail, code: refused}` and changes nothing.",
        responses=ERRORS,
    )
