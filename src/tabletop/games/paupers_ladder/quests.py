"""Quests, Quest Card Symbols and Quests and Natural Disasters (the rulebook's sections). Each City
shows a Quest; City Quests are completed by exploring a City with the objective met (Tower
Quests only in their own City), wild Quests as soon as a character does what they ask (defeat,
rescue). A completed Quest goes to the Journal, pays its reward and is replaced; a natural
disaster replaces 1 or 2 Quests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Action

from .base import A, J, region_name
from .content import CITIES
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .content import Content, Quest
    from .rules import PLState


@trait
class Quests:
    """Completing and replacing Quests."""

    __slots__ = ()

    def quest_completable(self: PLState, seat: int, ch: str, city: str, here: str) -> bool:
        qid = self.data["quests"].get(city)
        if qid is None:
            return False
        q = self.C.quest[qid]
        return open_to(q, ch, city, here) and objective_met(self.C, self.P(seat), q)

    def _quest_candidates(self: PLState, seat: int, q: Any) -> tuple[str, list[str]]:
        p = self.P(seat)
        o = q.objective
        if o.kind == "equipment":
            return "inv", [it["card"] for it in p["inventory"]]
        if o.kind == "trophies":
            return "troph", list(p["trophies"])
        if o.kind == "trophy_type":
            return "troph", [c for c in p["trophies"] if self.C.region_card[c].type in o.types]
        return "troph", [c for c in p["trophies"] if self.C.region_card[c].name in o.names]

    def complete_quest(self: PLState, seat: int, city: str) -> None:
        qid = self.data["quests"][city]
        q = self.C.quest[qid]
        self.log(f"{self.pname(seat)} completes the Quest {q.name} in {city.capitalize()}.")
        self.P(seat)["journal"].append(qid)
        self.data["quests"][city] = None
        self._replace_quest(city)
        self._hook_quest_completed(seat)
        if len(q.reward) > 1:
            self.push({"t": "quest-reward", "seat": seat, "quest": qid})
        else:
            self.run(q.reward_effects[0], front=True)

    def _replace_quest(self: PLState, city: str) -> None:
        new = self.draw_from("quest")
        self.data["quests"][city] = new
        if new:
            self.log(
                f"New Quest in {city.capitalize()}: {self.cname(new)} - {self.C.quest[new].text}"
            )

    def check_wild_quests(
        self: PLState, seat: int, ch: str, kind: str, region: str, hazard: str | None = None
    ) -> None:
        for city in CITIES:
            qid = self.data["quests"].get(city)
            if qid is None:
                continue
            q = self.C.quest[qid]
            o = q.objective
            if not q.wild or o.kind != kind or (q.pauper_only and ch != "pauper"):
                continue
            if o.regions and self.rtype(region) not in o.regions:
                continue
            if hazard is not None:
                card = self.C.region_card[hazard]
                if o.types and card.type not in o.types:
                    continue
                if card.strength < o.min_strength:
                    continue
            self.complete_quest(seat, city)

    def _do_quest(self: PLState, seat: int, city: str) -> None:
        q = self.C.quest[self.data["quests"][city]]
        o = q.objective
        then = [{"effect": "_complete_quest", "city": city}]
        if o.kind == "gems":
            self.P(seat)["gems"] -= o.n
            self.log(f"{self.pname(seat)} gives {o.n} Gems for the Quest.")
            self.run(then)
            return
        zone, cands = self._quest_candidates(seat, q)
        self.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": zone,
                "why": "Quest",
                "cands": cands,
                "n": o.n,
                "then": then,
            }
        )


# ---------------------------------------------------------------- who may complete a City Quest
def open_to(q: Quest, ch: str, city: str, here: str) -> bool:
    """Quest Card Symbols: whether this character exploring ``here`` may complete the Quest shown
    in ``city`` (never a wild Quest, a Tower Quest only in its own City, a Pauper's Quest only by
    the Pauper)."""
    return not (q.wild or (q.tower and city != here) or (q.pauper_only and ch != "pauper"))


def objective_met(C: Content, player: J, q: Quest) -> bool:
    """Whether a player meets a City Quest's objective: works on a state's player or a view's
    (``gems``, ``inventory`` and ``trophies`` are the same records)."""
    o = q.objective
    if o.kind == "gems":
        return bool(player["gems"] >= o.n)
    if o.kind == "equipment":
        return len(player["inventory"]) >= o.n
    if o.kind == "trophies":
        return len(player["trophies"]) >= o.n
    if o.kind == "trophy_type":
        return sum(1 for c in player["trophies"] if C.region_card[c].type in o.types) >= o.n
    if o.kind == "trophy_name":
        return sum(1 for c in player["trophies"] if C.region_card[c].name in o.names) >= o.n
    return False


# ---------------------------------------------------------------- decisions about Quests
@decision
class QuestReward(Decision):
    """Quest Card Symbols: a Quest whose reward offers a choice."""

    kind = "quest-reward"

    def text(self, s: PLState, f: J) -> str:
        return "Choose the Quest reward."

    def legal(self, s: PLState, f: J) -> list[Action]:
        q = s.C.quest[f["quest"]]
        return [A("option", n=i) for i in range(len(q.reward))]

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        q = s.C.quest[f["quest"]]
        s.run(q.reward_effects[a["n"]])


@decision
class Disaster(Decision):
    """Quests and Natural Disasters: replace 1 or 2 of the Quests."""

    kind = "disaster"
    actions = ("replace",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose Quests to replace (1 or 2)."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [
            A("replace", city=c) for c in CITIES if c not in f["done"] and s.data["quests"].get(c)
        ]
        if len(f["done"]) >= 2:
            acts = []
        if f["done"] or not acts:
            acts.append(A("done"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Replace the Quest in {region_name(s.C, a['city'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind != "replace":
            return
        d = s.data
        old = d["quests"][a["city"]]
        s.discard_to("quest", [old])
        d["quests"][a["city"]] = None
        s.log(f"The Quest {s.cname(old)} is swept away.")
        s._replace_quest(a["city"])
        f["done"].append(a["city"])
        s.push(f)


@decision
class Treasure(Decision):
    """Treasure at Sea: hand the Gems found in the wreck to the old pirate, or keep them."""

    kind = "treasure"
    actions = ("hand-over", "keep-gems")

    def text(self, s: PLState, f: J) -> str:
        return "Hand the Gems from the wreck to the old pirate (Treasure at Sea)?"

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("hand-over"), A("keep-gems")]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        if a.kind == "keep-gems":
            return "Keep the Gems (Treasure at Sea stays open)"
        found = s._top_frame().get("found", 0)
        return f"Hand the {found} Gems to the old pirate and complete Treasure at Sea"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "hand-over":
            s.lose(seat, f["found"], "handed to the old pirate")
            s.complete_quest(seat, f["city"])
        else:
            s.log(f"{s.pname(seat)} keeps the Gems from the wreck.")
