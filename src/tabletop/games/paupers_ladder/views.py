"""What each seat may see of the game (its view and the outcome), and the resampling of what it
cannot see for search bots. Not a rulebook section: the rules live in the sections' modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Outcome, piles
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.views import log_for

from . import hidden
from .content import CITIES, WILD

if TYPE_CHECKING:
    from .rules import PLState


@trait
class Views:
    """Views, the outcome, and resampling hidden information."""

    __slots__ = ()

    def game_outcome(self: PLState) -> Outcome:
        d = self.data
        winners = tuple(d.get("winners", []))
        if d.get("solo"):
            data = self.C.solo["scenarios"][d["solo"]["scenario"]]
            won = bool(winners)
            why = {
                "objectives": "All the objectives are complete.",
                "time": "The Time token reached zero.",
                "lives": "A character lost its last Life.",
            }.get(d.get("reason", "time"), "")
            result = ScoreItem(f"{data['name']} {'won' if won else 'lost'}", 1 if won else 0, why)
            return Outcome(
                winners=winners,
                scores={0: 1.0 if won else 0.0},
                reason=d.get("reason", "time"),
                text=f"{data['name']}: {'won' if won else 'lost'}. {why} "
                + str(data["win" if won else "lose"]),
                breakdown=(SeatScore(0, self.pname(0), (result,)),),
            )
        scores = {s: float(len(self.P(s)["virtues"])) for s in range(self.n())}
        if d.get("reason") == "virtues":
            text = f"{self.pname(winners[0])} learns a third Virtue and wins."
        else:
            text = "The round limit ends the tournament; most Virtues wins."
        breakdown = tuple(self.virtue_score(s) for s in range(self.n()))
        return Outcome(
            winners=winners,
            scores=scores,
            reason=d.get("reason", "virtues"),
            text=text,
            breakdown=breakdown if d["phase"] == "over" else (),
        )

    def virtue_score(self: PLState, seat: int) -> SeatScore:
        """A seat's Virtues, one point each, with the round each was learnt in."""
        p = self.P(seat)
        when = p["virtue_rounds"]
        items = tuple(
            ScoreItem(
                f"Virtue of {v.capitalize()}",
                1,
                f"learnt in round {when[v]}" if v in when else "",
            )
            for v in p["virtues"]
        )
        return SeatScore(seat, self.pname(seat), items)

    def view_of(self: PLState, seat: int | None) -> dict[str, Any]:
        d = self.data
        players = []
        for s, p in enumerate(d["players"]):
            mine = seat == s
            pv: dict[str, Any] = {
                "seat": s,
                "pauper": p["pauper"],
                "name": self.pname(s),
                "bird": p["bird"],
                "trained": p["trained"],
                "gems": p["gems"],
                "position": p["position"],
                "bird_position": p["bird_position"],
                "recipes": [dict(r) for r in p["recipes"]],
                "inventory": [dict(i) for i in p["inventory"]],
                "trophies": list(p["trophies"]),
                "journal": list(p["journal"]),
                "virtues": list(p["virtues"]),
                "outcome_count": hidden.deck_size(self, "outcome", s),
                "outcome_discard": piles.discards(p["outcome_deck"]),
                "misses_turn": bool(p.get("misses_turn")),
                "charges": p.get("charges", 0),
                "hand_count": len(self.hand(s)),
            }
            if "lives" in p:
                pv["lives"] = dict(p["lives"])
                pv["max_lives"] = self.max_lives()
            if mine:
                pv["hand"] = self.hand(s)
                pv["outcome_known_top"] = hidden.known_top(self, "outcome", s, owner=s)
                pv["region_known_top"] = {
                    dk: known for dk in WILD if (known := hidden.known_top(self, dk, s))
                }
            players.append(pv)
        shops = {
            city: {
                "count": len(hidden.shop(self, city)),
                "known": hidden.shop_known(self, city, seat) if seat is not None else [],
            }
            for city in CITIES
        }
        stack = []
        for f in d["stack"]:
            if f.get("private") and f["seat"] != seat:
                stack.append({"t": f["t"], "seat": f["seat"]})
            elif f["t"] == "keep":  # the cards it offers, from the zones they lie in
                stack.append({**f, "cards": hidden.keep_cards(self, f)})
            elif f["t"] == "reorder":
                shown = {k: v for k, v in f.items() if k != "count"}
                stack.append({**shown, "cards": hidden.reorder_cards(self, f)})
            else:
                stack.append(dict(f))
        decks = {
            k: {"count": hidden.deck_size(self, k), "discard": list(v["discard"])}
            for k, v in d["decks"].items()
        }
        return {
            "phase": d["phase"],
            "round": d.get("round", 0),
            "turn": d.get("turn"),
            "players": players,
            "tiles": {k: list(v) for k, v in d["tiles"].items()},
            "card_gems": dict(d["card_gems"]),
            "tucked": {k: list(v) for k, v in d["tucked"].items()},
            "quests": dict(d["quests"]),
            "shops": shops,
            "dispensary": [
                {"count": len(s), "top": s[-1] if s else None} for s in hidden.dispensary(self)
            ],
            "decks": decks,
            "paupers_shown": list(d["paupers_shown"]),
            "birds_shown": list(d["birds_shown"]),
            "turn_state": dict(d["turn_state"]) if d["turn_state"] else None,
            "fight": dict(d["fight"]) if d.get("fight") else None,
            "last_fight": d.get("last_fight"),
            "stack": stack,
            "winners": list(d.get("winners", [])),
            "log": log_for(d, seat),
            **self._mode_view(),
        }

    def _mode_view(self: PLState) -> dict[str, Any]:
        d = self.data
        if d["mode"] == "standard":
            return {}
        out: dict[str, Any] = {"mode": d["mode"]}
        solo = d.get("solo")
        if not solo:
            return out
        out["solo"] = {
            "scenario": solo["scenario"],
            "name": self.C.solo["scenarios"][solo["scenario"]]["name"],
            "difficulty": solo["difficulty"],
            "time": solo["time"],
            "allowance": solo["allowance"],
            "max_lives": solo["max_lives"],
            "home": solo.get("home"),
            "objectives": self.objectives() if d["players"][0]["pauper"] else [],
            "side": self.side_objective(),
            "ordered": bool(self.C.solo["scenarios"][solo["scenario"]].get("ordered")),
            # face-down Mine cards: only where they lie, never what they are
            "facedown": hidden.facedown_regions(self),
            "city_hazards": dict(solo.get("city_hazards", {})),
            "necromancer": solo.get("necromancer")
            if solo.get("necromancer_lives") is not None
            else None,
            "necromancer_lives": solo.get("necromancer_lives"),
            "necromancer_deck": piles.size(solo["necromancer_deck"])
            if "necromancer_deck" in solo
            else None,
            "markers": list(solo.get("markers", [])),
            "collected": list(solo.get("collected", [])),
            "siege": list(solo.get("siege", [])),
        }
        return out

    def played_with(self: PLState, seat: int) -> dict[str, Any]:
        """What this seat played with, for balance reports: its Pauper, its Bird and the
        Virtues it learned."""
        p = self.P(seat)
        return {
            "Pauper": self.C.paupers[p["pauper"]].name if p["pauper"] else None,
            "Bird": self.C.birds[p["bird"]].name if p["bird"] else None,
            "Virtue": list(p["virtues"]),
        }

    def hidden_piles(self: PLState) -> dict[str, dict[str, Any]]:
        """The decks, face-down piles nobody knows the order of: the knowledge model counts
        them with the zones (hidden.py), so the engine's own resample redraws everything a seat
        has not seen and its undo policy sees a card drawn from them. Nothing is left for a
        hand-written ``_resample``."""
        return hidden.facedown_piles(self)
