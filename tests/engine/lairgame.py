"""A second engine test game, a miniature of Paper Tales and Lairs (not a product game).

Drafters' Lairs: up to 7 players draft cards at the same time and pass the rest of their hand to
the left (a simultaneous decision: picks stay hidden until all are in), then each builds the
cards it kept into its own secret grid, one card a round, all at the same time (a decision of any
size: ``build card=... cell=... rotation=...``, offered as a template). Everybody sees which cells
are built, nobody else what lies there or which way it faces, until the grids are revealed at the
end. Optionally the Archivist, an automaton of the rules, sits in the draft circle after the last
seat: it takes the highest card of each hand it is passed and competes on the sum of its cards.

Scoring: each built card scores its value, +1 per neighbouring card of its colour, +1 if it faces
(rotation 0 north, 1 east, 2 south, 3 west) a built cell, +1 if it is of the colour the judge's
die favours (rolled when the grids are revealed). Ties share the win.

Every hidden card lives in the engine's knowledge zones, so views, resampling and the undo policy
come from the knowledge model, not from code written for this game.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import (
    TERMINAL_PROMPT,
    Action,
    Automaton,
    Game,
    GameSpec,
    Outcome,
    Param,
    ParamSpec,
    Prompt,
    State,
    Template,
    Zones,
    new_rng,
    register,
)
from tabletop.engine.knowledge import bit, everyone
from tabletop.engine.views import log, log_for

COLOURS = ("red", "green", "blue", "gold")
EMPTY = ""  # an empty cell (public: everybody sees it is empty)
ARCHIVIST = "the Archivist"


def colour(card: str) -> str:
    return COLOURS["rgbo".index(card[0])]


def value(card: str) -> int:
    return int(card[1])


class LairsState(State):
    __slots__ = ()

    # ------------------------------------------------------------------ helpers
    def n(self) -> int:
        return int(self.game.num_players)

    def circle(self) -> int:
        """Everyone who drafts: the seats, then the Archivist when it plays."""
        return self.n() + (1 if self.data["archivist"] else 0)

    def zones(self) -> Zones:
        return Zones(self.data, self.n())

    def size(self) -> int:
        return int(self.data["size"])

    # ------------------------------------------------------------------ prompt and actions
    def _prompt(self) -> Prompt:
        d = self.data
        if d["phase"] == "over":
            return TERMINAL_PROMPT
        if d["phase"] == "draft":
            text = f"Draft pick {d['pick'] + 1} of {d['picks']}: keep 1 card, pass the rest left."
            return Prompt(tuple(range(self.circle())), "draft", text, commit=True)
        text = f"Build round {d['built'] + 1} of {d['picks']}: place a kept card in your lair."
        return Prompt(tuple(range(self.n())), "build", text, commit=True)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.data["phase"] == "draft":
            return [
                Action.of("draft", card=c) for c in sorted(set(self.zones().items(f"hand:{seat}")))
            ]
        return self.expand_templates(seat)

    def _templates(self, seat: int) -> list[Template] | None:
        if self.data["phase"] != "build":
            return None
        cell, rotation = self.game.build_params()  # type: ignore[attr-defined]
        card = Param.of("card", sorted(set(self.zones().items(f"keep:{seat}"))), "card")
        return [
            Template.of(
                "build",
                card,
                cell,
                rotation,
                text="Build a kept card into a cell of your lair, facing one way.",
            )
        ]

    def _is_legal(self, seat: int, action: Action) -> bool:
        return self.data["_zones"][f"grid:{seat}"]["items"][action["cell"]] == EMPTY

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        if action.kind == "build" and isinstance(action.get("cell"), int):
            cell = action["cell"]
            if 0 <= cell < self.size() ** 2 and not self._is_legal(seat, action):
                return f"cell {cell} is already built"
        return None

    def _apply(self, seat: int, action: Action) -> None:
        raise AssertionError(f"every decision of this game is simultaneous: {action}")

    def _reveal(self, commitments: Any) -> None:
        d = self.data
        z = self.zones()
        if d["phase"] == "draft":
            for who in range(self.circle()):
                card = commitments[who]["card"]
                z.move(
                    f"hand:{who}", f"keep:{who}", card, seen_by=bit(who) if who < self.n() else 0
                )
            d["pick"] += 1
            total = self.circle()
            hands = [(z.items(f"hand:{w}"), z.known(f"hand:{w}")) for w in range(total)]
            for who in range(total):
                target = d["_zones"][f"hand:{(who + 1) % total}"]
                target["items"], target["known"] = list(hands[who][0]), list(hands[who][1])
                receiver = (who + 1) % total
                if receiver < self.n():
                    z.learn(f"hand:{receiver}", bit(receiver), "passed")
            log(d, f"Draft pick {d['pick']} is revealed; hands pass left.")
            if d["pick"] == d["picks"]:
                for who in range(total):
                    while z.size(f"hand:{who}"):
                        z.move(
                            f"hand:{who}",
                            "discard",
                            seen_by=everyone(self.n()),
                            learn=everyone(self.n()),
                            how="revealed",
                        )
                d["phase"] = "build"
            return
        for seat in range(self.n()):
            a = commitments[seat]
            cell = a["cell"]
            card, mask = z.take(f"keep:{seat}", a["card"], seen_by=bit(seat))
            z.put(f"grid:{seat}", card, known=mask | bit(seat), how="built", at=cell)
            z.put(f"turn:{seat}", a["rotation"], known=bit(seat), how="built", at=cell)
        d["built"] += 1
        log(d, f"Build round {d['built']}: every lair grows by one card.")
        if d["built"] == d["picks"]:
            self._finish()

    def _finish(self) -> None:
        d = self.data
        z = self.zones()
        for seat in range(self.n()):
            z.reveal(f"grid:{seat}")
            z.reveal(f"turn:{seat}")
        for who in range(self.n(), self.circle()):
            z.reveal(f"keep:{who}")
        d["favoured"] = COLOURS[self.rng.below(len(COLOURS))]  # the judge's die
        log(d, f"The lairs are revealed; the judge's die favours {d['favoured']}.")
        d["scores"] = [self.score(s) for s in range(self.n())]
        if d["archivist"]:
            kept = z.items(f"keep:{self.n()}")
            d["archivist_score"] = sum(value(c) + (colour(c) == d["favoured"]) for c in kept)
        d["phase"] = "over"

    def score(self, seat: int) -> int:
        d = self.data
        side = self.size()
        grid = d["_zones"][f"grid:{seat}"]["items"]
        turns = d["_zones"][f"turn:{seat}"]["items"]
        total = 0
        for cell, card in enumerate(grid):
            if card == EMPTY:
                continue
            r, c = divmod(cell, side)
            total += value(card) + (colour(card) == d["favoured"])
            for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < side and 0 <= cc < side) or grid[rr * side + cc] == EMPTY:
                    continue
                total += colour(grid[rr * side + cc]) == colour(card)
                total += turns[cell] == k
        return total

    # ------------------------------------------------------------------ views and outcome
    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self.data
        z = self.zones()
        out: dict[str, Any] = {
            "phase": d["phase"],
            "pick": d["pick"],
            "picks": d["picks"],
            "built": d["built"],
            "size": d["size"],
            "hands": [z.view(f"hand:{s}", seat) for s in range(self.n())],
            "kept": [z.view(f"keep:{s}", seat) for s in range(self.n())],
            "lairs": [z.view(f"grid:{s}", seat) for s in range(self.n())],
            "facing": [z.view(f"turn:{s}", seat) for s in range(self.n())],
            "discard": z.items("discard"),
            "favoured": d.get("favoured"),
            "scores": d.get("scores"),
            "log": log_for(d, seat),
        }
        if d["archivist"]:
            out["archivist"] = {
                "hand": z.size(f"hand:{self.n()}"),
                "kept": z.view(f"keep:{self.n()}", seat),
                "score": d.get("archivist_score"),
            }
        return out

    def _outcome(self) -> Outcome:
        d = self.data
        scores = d["scores"]
        best = max(scores)
        if d["archivist"] and d["archivist_score"] > best:
            return Outcome((), dict(enumerate(scores)), "archivist", f"{ARCHIVIST} wins")
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(winners, dict(enumerate(scores)), "score")


class Archivist(Automaton):
    """Takes the highest card of the hand it holds (the first such card in card order)."""

    name = ARCHIVIST

    def act(self, state: State, who: int) -> Action:
        hand = state.data["_zones"][f"hand:{who}"]["items"]
        return Action.of("draft", card=max(sorted(hand), key=value))


@register
class LairsGame(Game):
    spec = GameSpec(
        name="toy-lairs",
        title="Drafters' Lairs (engine test game)",
        min_players=2,
        max_players=7,
        params=(
            ParamSpec("players", 5, "seats", minimum=2, maximum=7),
            ParamSpec("hand", 4, "cards in each draft hand", minimum=2, maximum=6),
            ParamSpec("size", 3, "the side of each lair's grid", minimum=2, maximum=60),
            ParamSpec("archivist", False, "the Archivist, an automaton, drafts with you"),
        ),
        hidden_information=True,
        max_actions=200,
        conformance=(
            {"players": 5},
            {"players": 3, "archivist": True, "size": 2, "hand": 3},
        ),
    )

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def build_params(self) -> tuple[Param, Param]:
        """The cell and rotation parameters of a build: static, built once per game."""
        found: tuple[Param, Param] | None = self.memo.get("build_params")
        if found is None:
            side = int(self.params["size"])
            cells = range(side * side)
            labels = [f"row {c // side + 1}, column {c % side + 1}" for c in cells]
            found = (
                Param.of("cell", list(cells), "cell", labels),
                Param.of("rotation", [0, 1, 2, 3], "facing", ["north", "east", "south", "west"]),
            )
            self.memo["build_params"] = found
        return found

    def automata(self) -> dict[int, Automaton]:
        return {self.num_players: Archivist()} if self.params["archivist"] else {}

    def new_state(self, seed: int = 0) -> LairsState:
        rng = new_rng(seed)
        n = self.num_players
        circle = n + (1 if self.params["archivist"] else 0)
        hand = int(self.params["hand"])
        copies = (circle * hand + 11) // 12
        cards = [f"{c}{v}.{k}" for k in range(copies) for c in "rgbo" for v in (1, 2, 3)]
        data: dict[str, Any] = {
            "phase": "draft",
            "pick": 0,
            "picks": hand - 1,
            "built": 0,
            "size": int(self.params["size"]),
            "archivist": bool(self.params["archivist"]),
        }
        z = Zones(data, n)
        z.create("deck", cards, pool="cards")
        z.shuffle("deck", rng)
        z.create("discard", pool="cards")
        cells = int(self.params["size"]) ** 2
        for who in range(circle):
            z.create(f"hand:{who}", pool="cards")
            z.create(f"keep:{who}", pool="cards")
            for _ in range(hand):
                z.move(
                    "deck", f"hand:{who}", seen_by=0, learn=bit(who) if who < n else 0, how="looked"
                )
        for seat in range(n):
            z.create(f"grid:{seat}", [EMPTY] * cells, pool="cards", known=everyone(n))
            z.create(f"turn:{seat}", [None] * cells, pool="turns", known=everyone(n))
        state = LairsState(self, data, rng, seed)
        return state
