"""The Gloomhaven campaign pages, under ``/campaigns``: the list and a new campaign, the city with
its parties and characters, a party, its shop, a character and its enhancement quote, the history,
and the form every declared command posts to (``/campaigns/{cid}/do/{command}``). A page renders
the game's view (:mod:`tabletop.web.campaigns`); a refused form re-renders its page with the reason
and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote, urlencode

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError

from ...games.gloomhaven.views import validation_message
from ..campaigns import (
    COMMANDS,
    CampaignDep,
    NewCampaignIn,
    Refusal,
    ServiceDep,
    execute,
    form_to_body,
    found,
    list_page,
    missing_page,
    page_url,
    render,
)
from ..deps import FormDep, refusal

router = APIRouter(prefix="/campaigns", include_in_schema=False)


@router.get("", response_class=HTMLResponse)
def campaigns_page(request: Request, svc: ServiceDep) -> HTMLResponse:
    return list_page(request, svc, None, 200, {})


@router.post("")
async def campaigns_create(request: Request, form: FormDep, svc: ServiceDep) -> Response:
    try:
        body = NewCampaignIn.model_validate(form_to_body(form))
    except ValidationError as exc:
        return list_page(request, svc, validation_message(exc), 422, form)
    try:
        result = await anyio.to_thread.run_sync(lambda: found(svc, body))
    except Refusal as exc:
        return list_page(request, svc, exc.message, exc.status, form)
    return RedirectResponse(f"/campaigns/{quote(result.campaign.id)}", status_code=303)


# The pages that show the campaign alone: each path and the page it renders, the path's
# parameters filled in (``party:{pid}``: the party of the path's ``pid``).
PAGES: dict[str, str] = {
    "/{cid}": "campaign",
    "/{cid}/history": "history",
    "/{cid}/parties/{pid}": "party:{pid}",
    "/{cid}/characters/{chid}": "character:{chid}",
}


def _page_endpoint(page: str) -> Callable[..., HTMLResponse]:
    @refusal(missing_page)
    def endpoint(
        request: Request, cid: CampaignDep, svc: ServiceDep, done: int | None = None
    ) -> HTMLResponse:
        return render(request, svc, cid, page.format(**request.path_params), done=done)

    endpoint.__name__ = page.partition(":")[0] + "_page"
    return endpoint


for _path, _page in PAGES.items():
    router.add_api_route(_path, _page_endpoint(_page), methods=["GET"], response_class=HTMLResponse)


@router.get("/{cid}/shop", response_class=HTMLResponse)
@refusal(missing_page)
def shop_page(
    request: Request, cid: CampaignDep, svc: ServiceDep, party: str = "", done: int | None = None
) -> HTMLResponse:
    if not party:
        parties = list(svc.view(cid)["parties"])
        if not parties:
            return render(
                request,
                svc,
                cid,
                "campaign",
                error="form a party first: the shop prices depend on the buying party's reputation",
                status=409,
            )
        party = parties[0]
    return render(request, svc, cid, f"shop:{party}", done=done)


@router.get("/{cid}/characters/{chid}/enhance", response_class=HTMLResponse)
@refusal(missing_page)
def enhance_page(request: Request, cid: CampaignDep, svc: ServiceDep, chid: str) -> HTMLResponse:
    form = {k: v for k, v in request.query_params.items()}
    return render(request, svc, cid, f"enhance:{chid}", form=form)


@router.post("/{cid}/do/{command}")
@refusal(missing_page)
async def command_form(
    request: Request, form: FormDep, cid: CampaignDep, svc: ServiceDep, command: str
) -> Response:
    page = form.get("page", "campaign")
    if command not in COMMANDS:
        return render(request, svc, cid, page, error=f"unknown command {command!r}", status=404)
    try:
        model = COMMANDS[command].model
        body = model.model_validate(form_to_body(form, model))
    except ValidationError as exc:
        return render(request, svc, cid, page, error=validation_message(exc), status=422, form=form)
    try:
        out = await anyio.to_thread.run_sync(lambda: execute(svc, cid, command, body))
    except Refusal as exc:
        return render(request, svc, cid, page, error=exc.message, status=exc.status, form=form)
    target = page_url(cid, form.get("back") or page)
    sep = "&" if "?" in target else "?"
    return RedirectResponse(f"{target}{sep}{urlencode({'done': out['seq']})}", status_code=303)
