"""A small hidden-information game used to test the engine itself (not a product game).

Secret Bids: each seat holds a hidden hand drawn from a shuffled deck. Every round all seats bid a
card at once (a simultaneous decision: the engine keeps each bid hidden until all are in, and a
seat may change or withdraw its bid until then); the highest bid takes the round. Then the seat
with the lowest bid, which is not the seat whose turn it is, answers whether to "steal" a point
(if it still holds a card worth 1) or "pass": a decision owned by another seat than the turn's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import (
    Action,
    Deck,
    Game,
    GameSpec,
    Outcome,
    ParamSpec,
    new_deck,
    new_rng,
    register,
)
from tabletop.engine.decisions import DecidingState, Decision, DecisionTable
from tabletop.engine.rng import Rng
from tabletop.engine.views import log, log_for

DECISIONS = DecisionTable("toy-bids")


@DECISIONS.declare
class Bid(Decision["ToyState"]):
    """Every seat bids a card at once, hidden until all have."""

    kind = "bid"
    offers = ("bid",)
    commit = True

    def seats(self, state: ToyState) -> tuple[int, ...]:
        return tuple(range(len(state.data["hands"])))

    def text(self, state: ToyState, seat: int) -> str:
        return "Bid a card from your hand."

    def legal(self, state: ToyState, seat: int) -> list[Action]:
        return [Action.of("bid", card=c) for c in sorted(set(state.data["hands"][seat]))]

    def apply(self, state: ToyState, seat: int, action: Action) -> None:
        d = state.data
        d["hands"][seat].remove(action["card"])
        d["bids"][seat] = action["card"]

    def reveal(self, state: ToyState, commitments: Mapping[int, Action]) -> None:
        super().reveal(state, commitments)
        state.resolve()

    def words(self, state: ToyState, action: Action, seat: int) -> str:
        return f"Bid {action['card']}"


@DECISIONS.declare
class StealOrPass(Decision["ToyState"]):
    """The lowest bidder, who is not the seat whose turn it is, may steal a point."""

    kind = "steal-or-pass"
    offers = ("steal", "pass")

    def seats(self, state: ToyState) -> tuple[int, ...]:
        return (int(state.data["answer"]),)

    def text(self, state: ToyState, seat: int) -> str:
        return "Steal a point?"

    def legal(self, state: ToyState, seat: int) -> list[Action]:
        acts = [Action.of("pass")]
        if 1 in state.data["hands"][seat]:
            acts.append(Action.of("steal"))
        return acts

    def apply(self, state: ToyState, seat: int, action: Action) -> None:
        d = state.data
        if action.kind == "steal":
            d["hands"][seat].remove(1)
            d["score"][seat] += 1
            log(d, f"{state.seat_name(seat)} steals a point")
        state.next_round()


class ToyState(DecidingState):
    __slots__ = ()

    def decision_kind(self) -> str | None:
        phase = self.data["phase"]
        return None if phase == "over" else "bid" if phase == "bid" else "steal-or-pass"

    def whose_turn(self) -> int | None:
        return int(self.data["turn"])

    def resolve(self) -> None:
        d = self.data
        bids = d["bids"]
        best = max(bids)
        winner = min(s for s, b in enumerate(bids) if b == best)
        low = min(bids)
        loser = max(s for s, b in enumerate(bids) if b == low)
        d["score"][winner] += 1
        log(d, f"bids {bids}: {self.seat_name(winner)} wins the round")
        d["last_bids"] = bids
        d["bids"] = [None] * len(bids)
        if loser != d["turn"]:
            d["phase"] = "answer"
            d["answer"] = loser
        else:
            self.next_round()

    def next_round(self) -> None:
        d = self.data
        d["round"] += 1
        d["turn"] = (d["turn"] + 1) % len(d["hands"])
        deck = Deck(d["deck"], self.rng, reshuffle=False)
        for hand in d["hands"]:
            if len(deck):
                hand.append(deck.draw())
        if d["round"] >= d["rounds"] or any(not h for h in d["hands"]):
            d["phase"] = "over"
        else:
            d["phase"] = "bid"

    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self.data
        return {
            "round": d["round"],
            "score": list(d["score"]),
            "hand": list(d["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in d["hands"]],
            "deck": len(d["deck"]["draw"]),
            "last_bids": d.get("last_bids"),
            "log": log_for(d, seat),
        }

    def _outcome(self) -> Outcome:
        score = self.data["score"]
        best = max(score)
        return Outcome(
            tuple(s for s, v in enumerate(score) if v == best),
            {s: v for s, v in enumerate(score)},
            "rounds",
        )

    def _resample(self, seat: int | None, rng: Rng) -> ToyState:
        other = self.clone()
        d = other.data
        hidden: list[int] = list(d["deck"]["draw"])
        slots: list[tuple[int, int]] = []
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                for i, c in enumerate(hand):
                    hidden.append(c)
                    slots.append((s, i))
        rng.shuffle(hidden)
        for s, i in slots:
            d["hands"][s][i] = hidden.pop()
        d["deck"]["draw"] = hidden
        return other


@register
class ToyGame(Game):
    spec = GameSpec(
        name="toy-bids",
        title="Secret Bids (engine test game)",
        min_players=2,
        max_players=7,
        params=(
            ParamSpec("players", 2, "seats", minimum=2, maximum=7),
            ParamSpec("rounds", 6, "rounds to play", minimum=1, maximum=20),
        ),
        hidden_information=True,
        max_actions=200,
        conformance=({"players": 2}, {"players": 3, "rounds": 4}),
    )

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def new_state(self, seed: int = 0) -> ToyState:
        rng = new_rng(seed)
        n = self.num_players
        deck = new_deck([v for v in range(1, 11) for _ in range(n)], rng)
        dealer = Deck(deck, rng)
        hands = [sorted(dealer.draw() for _ in range(3)) for _ in range(n)]
        data: dict[str, Any] = {
            "phase": "bid",
            "round": 0,
            "rounds": self.params["rounds"],
            "turn": 0,
            "answer": None,
            "hands": hands,
            "bids": [None] * n,
            "score": [0] * n,
            "deck": deck,
        }
        return ToyState(self, data, rng, seed)

    def build_state(self, spec: Any, seed: int = 0) -> ToyState:
        state = self.new_state(seed)
        if "hands" in spec:
            state.data["hands"] = [list(h) for h in spec["hands"]]
        if "deck" in spec:
            state.data["deck"]["draw"] = list(reversed(spec["deck"]))
        return state


ToyState.decisions = DECISIONS
