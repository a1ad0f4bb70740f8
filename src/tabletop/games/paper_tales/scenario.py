"""Scenario builder for tests: a state from a compact spec, cards named by Unit type.

``{"turn": 2, "phase": "deploy", "seats": [{"gold": 5, "lp": 3, "hand": ["knight"],
"kingdom": {0: "forest-spirit", 1: {"unit": "golem", "age": 1}}, "buildings": {"town": 2}}],
"solo": {"line": [...], "revealed": 2, "nether": ["miner", ...], "lich": [...]}}``

Each named Unit takes a free copy out of the draw pile, so the deck stays whole. Phases that wait
for a decision (``draft``, ``deploy``, ``build``) are set up as at their start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine import new_rng, piles
from tabletop.engine.errors import ContentError

from . import hidden
from .rules import deployment, recruitment, solo
from .state import new_data

if TYPE_CHECKING:
    from . import PaperTales
    from .play import PTState


def build(game: PaperTales, spec: Mapping[str, Any], seed: int = 0) -> PTState:
    from .play import PTState

    st = game.new_state(seed)
    rng = new_rng(seed)
    deck = game.content.deck(base=True, expansion=bool(game.params["new_units"]))
    data = new_data(game.num_players, deck, st.data["buildings"], st.data["tiles"], 3, rng)
    state = PTState(game, dict(data), rng, seed)
    if game.params["mode"] == "solo":
        solo.setup(state, int(game.params["lich_cards"]))
    d = state.data
    d["turn"] = int(spec.get("turn", 1))

    def take(name: str) -> str:
        if name not in game.content.units:
            raise ContentError("scenario", f"unknown Unit {name!r}")
        for card in piles.cards(d["deck"]):
            if card.split(".")[0] == name:
                return str(piles.take(d["deck"], card))
        raise ContentError("scenario", f"no copy of {name!r} left in the draw pile")

    for seat, s in enumerate(spec.get("seats", [])):
        p = d["players"][seat]
        p["gold"] = int(s.get("gold", p["gold"]))
        p["lp"] = int(s.get("lp", 0))
        p["buildings"] = dict(s.get("buildings", {}))
        hidden.deal(state, f"hand:{seat}", [take(n) for n in s.get("hand", [])], seat)
        if s.get("kept"):
            hidden.deal(state, f"kept:{seat}", [take(s["kept"])], seat)
        for spot, u in dict(s.get("kingdom", {})).items():
            u = {"unit": u} if isinstance(u, str) else u
            p["kingdom"][int(spot)] = {
                "c": take(u["unit"]),
                "age": int(u.get("age", 0)),
                "new": False,
            }
    sol = spec.get("solo")
    if sol is not None:
        so = d["solo"]
        assert so is not None, "a solo spec needs mode=solo"
        so["revealed"] = int(sol.get("revealed", d["turn"]))
        if "line" in sol:
            solo.set_line(state, list(sol["line"]), so["revealed"])
        else:
            solo.reveal(state, so["revealed"])
        so["lich"] = list(sol.get("lich", so["lich"]))
        so["lp"] = int(sol.get("lp", 0))
        so["nether"] = [take(n) for n in sol.get("nether", [])]
    phase = spec.get("phase", "setup")
    if phase == "setup":
        from .rules import turn

        turn.advance(state)
    elif phase == "draft":
        recruitment.start(state)
    elif phase == "deploy":
        deployment.start(state)
    else:
        d["phase"] = phase
    state.invalidate()
    return state
