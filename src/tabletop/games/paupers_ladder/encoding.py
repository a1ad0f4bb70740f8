"""Paupers' Ladder as fixed-size vectors, for the learning adapters (``tabletop.adapters``).

The adapters find this module by its name and call :func:`encoding`. It reads a seat's view only
(never the state), so an observation holds nothing the seat may not see. Every id space comes from
the game's content, in sorted order, so the layout changes only when the content does.

Observation (``observation_blocks`` lists every block with its size): the decision (phase, prompt
kind, round, whose turn, relative to the observing seat); four player blocks, the observing seat
first and the others in seat order after it (absent seats are zeros); the observing seat's private
cards (draft hand and pick, the known tops of decks); the board (each Region card's place, Gems on
cards, tucked cards, Quests, Shops as far as the seat has seen them, the Dispensary, deck sizes,
discards); the fight under way; the solo Time, Lives and scenario pieces.

Actions (``action_slots``): one slot per action kind, numbered by its arguments' domains (Regions,
Cities, card ids, item keys); the one decision too large to spell out, putting peeked cards back in
any order, is numbered by rank among the legal orderings.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from math import factorial
from typing import Any

from tabletop.engine import Game
from tabletop.engine.observation import Index, ObservationLayout, mark_many

from .content import CITIES, VIRTUES, WILD, Content, solo_ids

PHASES = ("pauper", "bird", "draft", "buy", "play", "over")
PROMPTS = (
    "choose-pauper",
    "choose-bird",
    "draft",
    "first-purchase",
    "turn",
    "character",
    "ally",
    "boost",
    "reward",
    "event",
    "pick",
    "keep",
    "shop",
    "disaster",
    "dispensary",
    "reorder",
    "ingredient",
    "quest-reward",
    "peek-deck",
    "goto",
    "weapon",
    "make-room",
    "return-outcomes",
    "bravery",
    "magnificence",
    "nest",
    "relocate",
    "treasure",
    "hide",
    "recipe-choice",
    "city-reward",
    "game-over",
)
DECKS = (*WILD, "equipment", "rarity", "quest", "recipe")
MAX_SEATS = 4
CHARS = ("pauper", "bird")
SCENARIOS = solo_ids("scenarios")
DIFFICULTIES = solo_ids("difficulties")
REWARDS = ("trophy", "gems", "equipment", "rarity", "ingredient")
SCALE = 10.0  # counts and Gems are divided by this, to keep the vector near 0..1


class PaupersLadderEncoding(ObservationLayout):
    """The observation layout and action slots of one Paupers' Ladder game."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        content: Content = game.content  # type: ignore[attr-defined]
        self.content = content
        self.regions = Index(sorted(content.regions))
        self.cards = Index(sorted(content.region_card))
        self.items = Index(sorted(content.item))
        self.recipes = Index(sorted(content.recipe))
        self.quests = Index(sorted(content.quest))
        self.paupers = Index(sorted(content.paupers))
        self.birds = Index(sorted(content.birds))
        self.outcomes = Index(sorted(content.outcome))
        self.keys = Index(["start", "bird", *self.items.ids, *self.recipes.ids])
        self.any_card = Index(
            [*self.cards.ids, *self.items.ids, *self.recipes.ids, *self.quests.ids]
        )
        # each Region card's place: which Region of its type it lies in (3 of each wild type)
        self.slots_of = {
            t: sorted(r.id for r in content.regions.values() if r.type == t) for t in WILD
        }
        self.max_slots = max(len(v) for v in self.slots_of.values())
        self.region_slot = {r: i for regs in self.slots_of.values() for i, r in enumerate(regs)}
        self._build()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        """The blocks of the observation, in order: each its size, its words and its filler."""
        regions, cards, items, quests, recipes = (
            len(self.regions),
            len(self.cards),
            len(self.items),
            len(self.quests),
            len(self.recipes),
        )
        self.per_player = (
            1 + len(self.paupers) + len(self.birds) + 3 + 2 * regions + len(VIRTUES) + items
            + cards + 2 * recipes + 8
        )  # fmt: skip
        self._add(
            "decision",
            len(PHASES) + len(PROMPTS) + 1 + 1 + 2 * MAX_SEATS,
            "phase, prompt kind (+ other), round/10, whose turn and who decides "
            "(relative: 0 = the observing seat)",
            self._decision,
        )
        self._add(
            "players",
            MAX_SEATS * self.per_player,
            f"{MAX_SEATS} blocks of {self.per_player}, observing seat first: present, Pauper, "
            "Bird, trained, Gems/10, Journal Quests/10, Pauper and Bird Regions, Virtues, "
            "Inventory items, Trophy Room cards, Recipes learned and in learning, ingredients "
            "tucked/10, Outcome deck and discards/10, miss, charges, draft hand size, picked, "
            "Lives/10",
            self._players,
        )
        self._add(
            "private",
            2 * recipes + 1 + cards,
            "the observing seat's draft hand and pick, how many Outcome cards it knows on top/10, "
            "Region cards it knows on top of decks (1 / (1 + depth))",
            self._private,
        )
        self._add(
            "board",
            cards * self.max_slots + 2 * cards + len(CITIES) * quests
            + len(CITIES) * (1 + items) + 4 * (1 + recipes) + len(DECKS) + len(self.any_card)
            + len(self.paupers) + len(self.birds),
            "each Region card face up in Region slot j of its type (sorted Regions), Gems on "
            "cards/10, cards tucked under cards/10, each City's Quest, each Shop's size/10 and "
            "the items the seat has seen in it, each Dispensary stack's size/10 and top, deck "
            "sizes/10, every discarded card, the Paupers and Birds on offer",
            self._board,
        )  # fmt: skip
        self._add(
            "turn",
            11 + regions + cards + 6,
            "acting character (pauper, bird, none), characters done, moves/10, free moves used/10, "
            "warped, fought, moved, abilities used/10, Regions visited; the fight: hazard, "
            "Strength/10, hazard Strength/10, bonus/10, Outcome cards drawn/10, bird, under way",
            self._turn,
        )
        self._add(
            "solo",
            1 + len(SCENARIOS) + len(DIFFICULTIES) + 6 + 5 * regions + 3 * cards,
            "solo: present, scenario, difficulty, Time/10, allowance/10, necromancer Lives/10 and "
            "deck/10, objectives done/10, side objective done, face-down Regions, Cities held by "
            "hazards (City, hazard), siege dragons, Cities with Virtue markers left and taken, "
            "home City, the necromancer",
            self._solo,
        )

    def _decision(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        me = v["seat"]
        n = len(v["players"])
        _one(out, at, PHASES.index(v["phase"]) if v["phase"] in PHASES else None)
        at += len(PHASES)
        kind = v["prompt"]["kind"]
        _one(out, at, PROMPTS.index(kind) if kind in PROMPTS else len(PROMPTS))
        at += len(PROMPTS) + 1
        out[at] = float(v.get("round") or 0) / SCALE
        at += 1
        turn = v.get("turn")
        if turn is not None:
            out[at + (turn - me) % n] = 1.0
        at += MAX_SEATS
        for seat in v["prompt"]["seats"]:
            out[at + (seat - me) % n] = 1.0

    def _players(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        me = v["seat"]
        players = v["players"]
        for rel in range(len(players)):
            self._player(players[(me + rel) % len(players)], out, at + rel * self.per_player)

    def _private(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        card_index = self.cards
        p = v["players"][v["seat"]]
        for r in p.get("hand") or ():
            _set(out, at, self.recipes, r)
        at += len(self.recipes)
        _set(out, at, self.recipes, p.get("draft_pick"))
        at += len(self.recipes)
        out[at] = len(p.get("outcome_known_top") or ()) / SCALE
        at += 1
        for cards in (p.get("region_known_top") or {}).values():
            for depth, c in enumerate(cards):
                if c in card_index.at:
                    out[at + card_index.at[c]] = 1.0 / (1 + depth)

    def _board(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        card_index = self.cards
        slot_of, width = self.region_slot, self.max_slots
        for region, cards in v["tiles"].items():
            slot = slot_of.get(region, 0)
            for c in cards:
                i = card_index.at.get(c)
                if i is not None:
                    out[at + i * width + slot] = 1.0
        at += len(card_index) * self.max_slots
        for c, gems in (v.get("card_gems") or {}).items():
            if c in card_index.at:
                out[at + card_index.at[c]] = float(gems) / SCALE
        at += len(card_index)
        for c, under in (v.get("tucked") or {}).items():
            if c in card_index.at:
                out[at + card_index.at[c]] = len(under) / SCALE
        at += len(card_index)
        self._cities(v, out, at)

    def _cities(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        """The board's block from the Quests on: Shops, the Dispensary, the decks, the offer."""
        quest_index, item_index = self.quests, self.items
        for i, city in enumerate(CITIES):
            _set(out, at + i * len(quest_index), quest_index, v["quests"].get(city))
        at += len(CITIES) * len(quest_index)
        for i, city in enumerate(CITIES):
            shop = v["shops"][city]
            base = at + i * (1 + len(item_index))
            out[base] = shop["count"] / SCALE
            mark_many(out, base + 1, item_index, shop["known"])
        at += len(CITIES) * (1 + len(item_index))
        for i, stack in enumerate(v["dispensary"][:4]):
            base = at + i * (1 + len(self.recipes))
            out[base] = stack["count"] / SCALE
            _set(out, base + 1, self.recipes, stack["top"])
        at += 4 * (1 + len(self.recipes))
        for i, name in enumerate(DECKS):
            deck = v["decks"].get(name)
            if deck:
                out[at + i] = deck["count"] / SCALE
                mark_many(out, at + len(DECKS), self.any_card, deck["discard"])
        at += len(DECKS) + len(self.any_card)
        mark_many(out, at, self.paupers, v["paupers_shown"])
        at += len(self.paupers)
        mark_many(out, at, self.birds, v["birds_shown"])

    def _turn(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        region_index, card_index = self.regions, self.cards
        turn = v.get("turn_state")
        if turn:
            _one(out, at, CHARS.index(turn["char"]) if turn["char"] in CHARS else 2)
            for char in turn.get("done", ()):
                if char in CHARS:
                    out[at + 3 + CHARS.index(char)] = 1.0
            out[at + 5] = float(turn.get("moves", 0)) / SCALE
            out[at + 6] = float(turn.get("free_used", 0)) / SCALE
            out[at + 7] = float(bool(turn.get("warped")))
            out[at + 8] = float(bool(turn.get("fought")))
            out[at + 9] = float(bool(turn.get("moved")))
            out[at + 10] = len(turn.get("used", ())) / SCALE
            for r in turn.get("visited", ()):
                _set(out, at + 11, region_index, r)
        at += 11 + len(region_index)
        fight = v.get("fight")
        if fight:
            _set(out, at, card_index, fight.get("hazard"))
            at += len(card_index)
            out[at] = float(fight.get("strength", 0)) / SCALE
            out[at + 1] = float(fight.get("hazard_strength", 0)) / SCALE
            out[at + 2] = float(fight.get("bonus", 0)) / SCALE
            out[at + 3] = len(fight.get("cards", ())) / SCALE
            out[at + 4] = float(fight.get("char") == "bird")
            out[at + 5] = 1.0

    def _solo(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        region_index, card_index = self.regions, self.cards
        solo = v.get("solo")
        if not solo:
            return
        out[at] = 1.0
        scenario = solo["scenario"]
        _one(out, at + 1, SCENARIOS.index(scenario) if scenario in SCENARIOS else None)
        base = at + 1 + len(SCENARIOS)
        difficulty = solo["difficulty"]
        _one(out, base, DIFFICULTIES.index(difficulty) if difficulty in DIFFICULTIES else None)
        base += len(DIFFICULTIES)
        out[base] = float(solo.get("time") or 0) / SCALE
        out[base + 1] = float(solo.get("allowance") or 0) / SCALE
        out[base + 2] = float(solo.get("necromancer_lives") or 0) / SCALE
        out[base + 3] = float(solo.get("necromancer_deck") or 0) / SCALE
        objectives = solo.get("objectives") or []
        out[base + 4] = sum(1 for o in objectives if o.get("done")) / SCALE
        out[base + 5] = float(bool((solo.get("side") or {}).get("done")))
        base += 6
        for r in solo.get("facedown") or ():
            _set(out, base, region_index, r)
        base += len(region_index)
        for r, c in (solo.get("city_hazards") or {}).items():
            _set(out, base, region_index, r)
            _set(out, base + len(region_index), card_index, c)
        base += len(region_index) + len(card_index)
        for c in solo.get("siege") or ():
            _set(out, base, card_index, c)
        base += len(card_index)
        for i, group in enumerate(("markers", "collected")):
            for r in solo.get(group) or ():
                _set(out, base + i * len(region_index), region_index, r)
        base += 2 * len(region_index)
        _set(out, base, region_index, solo.get("home"))
        base += len(region_index)
        _set(out, base, card_index, solo.get("necromancer"))

    def _player(self, p: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        region_index, item_index, card_index = self.regions, self.items, self.cards
        out[at] = 1.0
        at += 1
        _set(out, at, self.paupers, p.get("pauper"))
        at += len(self.paupers)
        _set(out, at, self.birds, p.get("bird"))
        at += len(self.birds)
        out[at] = float(bool(p.get("trained")))
        out[at + 1] = float(p.get("gems", 0)) / SCALE
        out[at + 2] = len(p.get("journal", ())) / SCALE
        at += 3
        _set(out, at, region_index, p.get("position"))
        at += len(region_index)
        _set(out, at, region_index, p.get("bird_position"))
        at += len(region_index)
        for x in p.get("virtues", ()):
            if x in VIRTUES:
                out[at + VIRTUES.index(x)] = 1.0
        at += len(VIRTUES)
        mark_many(out, at, item_index, [it["card"] for it in p.get("inventory", ())])
        at += len(item_index)
        mark_many(out, at, card_index, p.get("trophies", ()))
        at += len(card_index)
        tucked = 0
        for r in p.get("recipes", ()):
            _set(
                out, at + (0 if r.get("learned") else len(self.recipes)), self.recipes, r["recipe"]
            )
            tucked += len(r.get("ingredients", ()))
        at += 2 * len(self.recipes)
        lives = p.get("lives") or {}
        for i, x in enumerate(
            (
                tucked / SCALE,
                p.get("outcome_count", 0) / SCALE,
                len(p.get("outcome_discard", ())) / SCALE,
                float(bool(p.get("misses_turn"))),
                float(p.get("charges", 0)),
                p.get("hand_count", 0) / SCALE,
                float(p.get("picked", False)),
                (lives.get("pauper", 0) + lives.get("bird", 0)) / SCALE,
            )
        ):
            out[at + i] = float(x)

    # ------------------------------------------------------------------ the interface
    def _keys_with(self, effect: str) -> list[str]:
        """The source keys (starting Equipment, the Bird, cards) with an ability named
        ``effect``."""
        content = self.content
        out = []
        if any(e.effect == effect for p in content.paupers.values() for e in p.equipment.abilities):
            out.append("start")
        if any(e.effect == effect for b in content.birds.values() for e in b.trained):
            out.append("bird")
        out += [
            i for i in self.items.ids if any(e.effect == effect for e in content.item[i].abilities)
        ]
        out += [
            r
            for r in self.recipes.ids
            if any(e.effect == effect for e in content.recipe[r].abilities)
        ]
        return out

    def _most_peeked(self) -> int:
        content = self.content
        effects: list[Any] = [e for i in content.item.values() for e in i.abilities]
        effects += [e for r in content.recipe.values() for e in r.abilities]
        effects += [e for p in content.paupers.values() for e in p.equipment.abilities]
        effects += [e for c in content.region_card.values() for o in c.options for e in o.effects]
        ns = [int(getattr(e, "n", 1)) for e in effects if e.effect.startswith("peek")]
        return max([4, *ns])

    def action_slots(self) -> list[tuple[str, Mapping[str, Sequence[Any]] | int]]:
        region_ids, card_ids, item_ids = self.regions.ids, self.cards.ids, self.items.ids
        recipes, keys, cards = self.recipes.ids, self.keys.ids, self.any_card.ids
        options = max(
            [len(c.options) for c in self.content.region_card.values()]
            + [len(q.reward) for q in self.content.quest.values()]
        )
        bare = [
            "back-out",
            "buy-time",
            "charm",
            "decline",
            "done",
            "draw",
            "end",
            "hand-over",
            "heal",
            "keep-gems",
            "leave",
            "pass",
            "pay-ally",
            "resolve",
            "rest",
            "shop",
            "train",
            "no-weapon",
        ]
        slots: list[tuple[str, Mapping[str, Sequence[Any]] | int]] = [(k, {}) for k in bare]
        slots += [
            ("act", {"char": CHARS}),
            ("pauper", {"pauper": self.paupers.ids}),
            ("bird", {"bird": self.birds.ids}),
            ("draft", {"recipe": recipes}),
            ("learn", {"virtue": VIRTUES}),
            ("move", {"to": region_ids}),
            ("swim", {"to": region_ids}),
            ("teleport", {"to": CITIES, "via": self._keys_with("teleport-city")}),
            ("foresight", {"via": self._keys_with("peek-region")}),
            ("use", {"item": keys}),
            ("discard", {"item": item_ids}),
            ("discard-fragile", {"card": card_ids}),
            ("encounter", {"card": card_ids}),
            ("fight", {"card": card_ids}),
            ("hide", {"card": card_ids}),
            ("withdraw", {"card": (None, *card_ids)}),
            ("transmute", {"card": card_ids, "via": self._keys_with("transmute")}),
            ("recall", {"card": card_ids, "via": self._keys_with("recall")}),
            ("quest", {"city": CITIES}),
            ("buy", {"card": item_ids}),
            ("sell", {"item": item_ids}),
            ("boost", {"item": keys}),
            ("weapon", {"item": keys}),
            ("potion", {"item": keys, "char": CHARS}),
            ("reward", {"take": REWARDS, "recipe": (None, *recipes)}),
            ("option", {"n": tuple(range(options))}),
            ("pick", {"card": cards}),
            ("keep", {"card": cards}),
            ("replace", {"city": CITIES}),
            ("take", {"stack": (0, 1, 2, 3)}),
            ("order", factorial(self._most_peeked())),
            ("tuck", {"recipe": recipes}),
            ("goto", {"city": CITIES}),
            ("return", {"card": self.outcomes.ids}),
            ("trophy", {"card": card_ids}),
            ("dragon", {"card": card_ids}),
            ("nest", {"city": CITIES}),
            ("relocate", {"region": region_ids}),
            ("choose-recipe", {"recipe": recipes}),
            ("drop-recipe", {"recipe": recipes}),
            ("city-reward", {"take": ("gems", "equipment", "lives"), "card": (None, *item_ids)}),
            ("peek", {"deck": WILD}),
            ("remove", {"card": card_ids}),
            ("reveal", {"region": region_ids}),
        ]
        return slots


def _one(out: MutableSequence[float], at: int, i: int | None) -> None:
    if i is not None:
        out[at + i] = 1.0


def _set(out: MutableSequence[float], at: int, index: Index, x: Any) -> None:
    i = index.at.get(x) if isinstance(x, str) else None
    if i is not None:
        out[at + i] = 1.0


def encoding(game: Game) -> PaupersLadderEncoding:
    """The adapters' hook (see ``tabletop.adapters.encoding``)."""
    return PaupersLadderEncoding(game)
