"""What the Gloomhaven campaign pages and their JSON API share: the service and the campaign as
dependencies, the commands as the web serves them, the forms derived from their declarations, and
the pages rendered from the game's view. The routes are in ``routers/campaign_pages.py`` (the pages,
under ``/campaigns``) and ``routers/campaign_api.py`` (the JSON API, under ``/api/campaigns``).

Every change goes through :class:`tabletop.store.gloomhaven.CampaignService` (one transaction, one
history row). Each command is declared once (:mod:`tabletop.games.gloomhaven.commands`: its
argument model, checks, effect and history entry) and served twice from that declaration: as a
form post that redirects to the page it came from (or re-renders that page with the refusal,
changing nothing) and as a JSON route documented in OpenAPI.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from urllib.parse import quote

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from ..games.gloomhaven import views
from ..games.gloomhaven.commands import COMMANDS as DECLARED
from ..games.gloomhaven.commands import Command
from ..store.gloomhaven import CampaignService, Result
from .deps import ApiError
from .render import humanize

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.globals.update(humanize=humanize)

ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such campaign: `{detail, code: not-found}`"},
    409: {"description": "The rules refuse the change; nothing changed: `{detail, code: refused}`"},
    422: {"description": "Malformed body: `{detail, code: malformed}`"},
}


def service(request: Request) -> CampaignService:
    return CampaignService(request.app.state.db_url)


ServiceDep = Annotated[CampaignService, Depends(service)]


# ----------------------------------------------------------------------------- command bodies


class NewCampaignIn(BaseModel):
    name: str = Field(..., examples=["Our Saga"])
    seed: int = Field(0, description="Seed for every shuffle and draw of this campaign.")


class NoBody(BaseModel):
    pass


@dataclass(frozen=True)
class WebCommand:
    """A command as the web serves it: its body model and how the service runs it."""

    name: str
    model: type[BaseModel]
    run: Callable[[CampaignService, str, Any], Result]
    summary: str


def _declared(cmd: Command) -> WebCommand:
    return WebCommand(cmd.name, cmd.args, lambda s, c, b: s.do(c, cmd, b), cmd.summary)


_COMMANDS = [_declared(cmd) for cmd in DECLARED.values() if cmd.web] + [
    WebCommand("undo", NoBody, lambda s, c, b: s.undo(c), "Undo the last change")
]
COMMANDS: dict[str, WebCommand] = {c.name: c for c in _COMMANDS}


# A refusal: the JSON API answers {code, message, detail}; a page names its answer (deps.refusal).
Refusal = ApiError


@contextmanager
def refusing() -> Iterator[None]:
    """Around a change or a quote: a ValueError of the rules (IllegalAction, Refused, content
    errors) becomes the 409 :class:`Refusal` ``refused`` with its message; nothing is stored."""
    try:
        yield
    except ValueError as exc:
        raise Refusal(409, "refused", str(exc)) from None


def found(svc: CampaignService, body: NewCampaignIn) -> Result:
    """Found the campaign a form or a JSON body names; a refusal raises :class:`Refusal`."""
    with refusing():
        return svc.create_campaign(body.name.strip(), body.seed)


def form_to_body(form: dict[str, str], model: type[BaseModel] | None = None) -> dict[str, Any]:
    """Flat form fields to a nested body: ``xp.ana=3`` -> ``{"xp": {"ana": 3}}``; empty fields
    are left out; checkboxes arrive as ``on``; the model's list fields are comma-separated."""
    lists = {
        k
        for k, f in (model.model_fields if model else {}).items()
        if get_origin(f.annotation) is list
    }
    out: dict[str, Any] = {}
    for key, value in form.items():
        if key in ("page", "back") or value.strip() == "":
            continue
        value = value.strip()
        parts = key.split(".")
        target = out
        for p in parts[:-1]:
            target = target.setdefault(p, {})
        leaf = parts[-1]
        if leaf in lists:
            target[leaf] = [v.strip() for v in value.split(",") if v.strip()]
        else:
            target[leaf] = value
    return out


def known_campaign(svc: CampaignService, cid: str) -> str:
    for row in svc.campaigns():
        if row["id"] == cid or str(row["name"]).lower() == cid.lower():
            return str(row["id"])
    raise Refusal(404, "not-found", f"no Gloomhaven campaign {cid!r}")


def campaign_id(cid: str, svc: ServiceDep) -> str:
    """The campaign named in the path (by id or name), or 404 ``not-found``."""
    return known_campaign(svc, cid)


CampaignDep = Annotated[str, Depends(campaign_id)]


def execute(svc: CampaignService, cid: str, command: str, body: BaseModel) -> dict[str, Any]:
    """Run one command on a known campaign; a refusal raises :class:`Refusal` and nothing is
    stored."""
    with refusing():
        result = COMMANDS[command].run(svc, cid, body)
    return {"command": result.command, "lines": result.lines, "seq": result.seq}


# ----------------------------------------------------------------------------- derived forms


def form_fields(
    command: str,
    *,
    values: dict[str, Any] | None = None,
    choices: dict[str, list[tuple[str, str]]] | None = None,
    skip: tuple[str, ...] = (),
    lists: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The inputs of a command's form, from its declared argument model: each field's label
    (``title``), hint (``description``), input kind and default. ``choices`` turn a field into a
    select; ``lists`` attach a datalist of suggestions; ``values`` refill a refused form."""
    values, choices, lists = values or {}, choices or {}, lists or {}
    out: list[dict[str, Any]] = []
    for name, f in COMMANDS[command].model.model_fields.items():
        if name in skip:
            continue
        kind_of = f.annotation
        if get_origin(kind_of) in (list, dict):
            continue  # several values: not on a one-line form
        optional = get_origin(kind_of) in (Union, UnionType)
        base = next(a for a in get_args(kind_of) if a is not type(None)) if optional else kind_of
        options = choices.get(name)
        if options is None and get_origin(base) is Literal:
            options = [(str(a), str(a)) for a in get_args(base)]
        kind = (
            "select"
            if options is not None
            else "checkbox"
            if base is bool
            else "number"
            if base is int
            else "text"
        )
        default = None if f.is_required() else f.get_default(call_default_factory=True)
        value = values.get(name, "" if default in (None, False) else default)
        out.append(
            {
                "name": name,
                "label": f.title or name.replace("_", " ").capitalize(),
                "hint": f.description or "",
                "kind": kind,
                "required": f.is_required(),
                "value": value,
                "options": options or [],
                "list": lists.get(name),
                "max_length": next(
                    (m.max_length for m in f.metadata if hasattr(m, "max_length")), None
                ),
            }
        )
    return out


templates.env.globals.update(form_fields=form_fields)


# ----------------------------------------------------------------------------- page contexts


def campaign_context(svc: CampaignService, cid: str) -> dict[str, Any]:
    """What every campaign page renders: the game's view of the campaign (``v``), its names, and
    the choices its forms offer as (value, label) pairs."""
    v = views.campaign_view(svc.get(cid))
    offer = v["choices"]
    return {
        "v": v,
        "cid": v["id"],
        "names": v["names"],
        "choices": {
            "party": [(pid, p["name"]) for pid, p in v["parties"].items()],
            "class_id": [(k, name) for k, name in offer["classes"]],
            "level": [(str(n), str(n)) for n in offer["starting_levels"]],
            "scenario": [(k, label) for k, label in offer["scenarios"]],
            "sticker": [(k, k) for k in offer["stickers"]],
        },
    }


def perk_choices(ch: dict[str, Any]) -> list[tuple[str, str]] | None:
    """The perks a character may mark, as a select's (value, label) pairs: every perk of the
    class's list with a box left. None for a class entered without its list (a text field)."""
    if not ch["perk_list"]:
        return None
    return [
        (
            p["text"],
            p["text"] + (f" ({p['marked']} of {p['boxes']} marked)" if p["boxes"] > 1 else ""),
        )
        for p in ch["perk_list"]
        if p["open"]
    ]


def _done_lines(svc: CampaignService, cid: str, seq: int | None) -> list[str]:
    if seq is None:
        return []
    for h in svc.history(cid):
        if h["seq"] == seq:
            return str(h["summary"]).splitlines()
    return []


def page_url(cid: str, page: str) -> str:
    """``party:lions`` -> ``/campaigns/x/parties/lions``. Unknown pages go to the campaign."""
    kind, _, arg = page.partition(":")
    base = f"/campaigns/{quote(cid)}"
    if kind == "party" and arg:
        return f"{base}/parties/{quote(arg)}"
    if kind == "shop" and arg:
        return f"{base}/shop?party={quote(arg)}"
    if kind == "character" and arg:
        return f"{base}/characters/{quote(arg)}"
    if kind == "history":
        return f"{base}/history"
    return base


def render(
    request: Request,
    svc: CampaignService,
    cid: str,
    page: str,
    *,
    error: str | None = None,
    status: int = 200,
    done: int | None = None,
    form: dict[str, str] | None = None,
) -> HTMLResponse:
    """Render one campaign page (``campaign``, ``history``, ``party:ID``, ``shop:ID``,
    ``character:ID``, ``enhance:ID``) with an optional refusal message."""
    kind, _, arg = page.partition(":")
    ctx = campaign_context(svc, cid)
    ctx.update(
        error=error,
        done=_done_lines(svc, ctx["cid"], done),
        form=form or {},
        page=page,
    )
    v = ctx["v"]
    if kind in ("party", "shop"):
        if arg not in v["parties"]:
            return not_found(request, f"no party {arg!r} in this campaign")
        ctx["p"] = v["parties"][arg]
        ctx["members"] = [v["characters"][m] for m in ctx["p"]["members"]]
        name = "gloomhaven/party.html" if kind == "party" else "gloomhaven/shop.html"
    elif kind in ("character", "enhance"):
        if arg not in v["characters"]:
            return not_found(request, f"no character {arg!r} in this campaign")
        ch = v["characters"][arg]
        ctx["ch"] = ch
        ctx["p"] = v["parties"].get(ch["party"]) if ch["party"] else None
        ctx["enh"] = v["enhancements"].get(ch["class_id"])
        ctx["perk_choices"] = perk_choices(ch)
        name = "gloomhaven/character.html"
        if kind == "enhance":
            ctx["quote"] = enhancement_quote(svc, ctx["cid"], arg, form or {})
            name = "gloomhaven/enhance.html"
    elif kind == "history":
        hist = svc.history(ctx["cid"])
        undone = {h["undoes"] for h in hist if h["undoes"] is not None}
        ctx["history"] = list(reversed(hist))
        ctx["undone"] = undone
        name = "gloomhaven/history.html"
    else:
        name = "gloomhaven/campaign.html"
    return templates.TemplateResponse(request, name, ctx, status_code=status)


def not_found(request: Request, message: str) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "gloomhaven/missing.html", {"message": message}, status_code=404
    )


def missing_page(request: Request, exc: ApiError) -> Response:
    """A campaign page's refusal from its dependencies: no such campaign."""
    return not_found(request, exc.message)


def enhancement_quote(
    svc: CampaignService, cid: str, char: str, form: dict[str, str]
) -> dict[str, Any]:
    """The quote for the enhancement in ``form`` (read-only), or why it cannot be quoted."""
    return views.enhancement_quote(svc.get(cid), {**form_to_body(form), "character": char})


def list_page(
    request: Request, svc: CampaignService, error: str | None, status: int, form: dict[str, str]
) -> HTMLResponse:
    rows = sorted(svc.campaigns(), key=lambda r: str(r["name"]).lower())
    return templates.TemplateResponse(
        request,
        "gloomhaven/list.html",
        {"campaigns": rows, "error": error, "form": form},
        status_code=status,
    )
