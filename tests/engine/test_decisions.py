"""The engine's declarations: decisions, effects, presentation, seat names, score breakdowns."""

from __future__ import annotations

from typing import Any, Literal

import pytest

from tabletop.engine import Action, IllegalAction, load
from tabletop.engine.decisions import Decision, DecisionTable, prompt_of
from tabletop.engine.effects import Effect, EffectTable, effect_name
from tabletop.engine.errors import ContentError
from tabletop.engine.harness import ConformanceError, check_declared
from tabletop.engine.presentation import CardFace, Presentation, Provides
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.undo import undo_last

from .toygame import DECISIONS, Bid, StealOrPass, ToyState


def bids(players: int = 2, seed: int = 1) -> ToyState:
    state = load("toy-bids", players=players).new_state(seed)
    assert isinstance(state, ToyState)
    return state


def to_answer() -> ToyState:
    """A state where the lowest bidder (not the seat whose turn it is) answers."""
    for seed in range(50):
        state = bids(seed=seed)
        while state.prompt().kind == "bid":
            for seat in state.prompt().seats:
                state.apply(state.legal_actions(seat)[0], seat)
        if state.prompt().kind == "steal-or-pass":
            return state
    raise AssertionError("no seed reached steal-or-pass")


class TestDecisionTable:
    def test_every_kind_is_declared_once(self) -> None:
        table = DecisionTable("demo")

        @table.declare
        class One(Decision[Any]):
            kind = "one"

            def seats(self, state: Any) -> tuple[int, ...]:
                return (0,)

            def text(self, state: Any, seat: int) -> str:
                return ""

            def apply(self, state: Any, seat: int, action: Action) -> None:
                pass

        with pytest.raises(ValueError, match="decision kind 'one' declared twice"):
            table.declare(One)
        assert table.kinds() == ("one",) and "one" in table and len(table) == 1

    def test_an_unknown_kind_names_the_declared_ones(self) -> None:
        with pytest.raises(KeyError, match=r"no decision of kind 'nope' \(declared: bid, steal"):
            DECISIONS["nope"]

    def test_a_decision_without_a_kind_is_refused(self) -> None:
        class Nameless(Decision[Any]):
            def seats(self, state: Any) -> tuple[int, ...]:
                return (0,)

            def text(self, state: Any, seat: int) -> str:
                return ""

            def apply(self, state: Any, seat: int, action: Action) -> None:
                pass

        with pytest.raises(ValueError, match="declares no kind"):
            DecisionTable("demo").declare(Nameless)


class TestDecidingState:
    def test_the_prompt_comes_from_the_declaration(self) -> None:
        state = bids(players=3)
        prompt = state.prompt()
        assert (prompt.kind, prompt.seats, prompt.commit) == ("bid", (0, 1, 2), True)
        assert prompt.text == "Bid a card from your hand." and prompt.turn == 0

    def test_prompts_are_shared_objects(self) -> None:
        assert prompt_of((0,), "x", "t", 0, False) is prompt_of((0,), "x", "t", 0, False)
        assert bids()._prompt() is bids()._prompt()

    def test_an_answer_to_another_seats_decision_names_the_seat_from_1(self) -> None:
        state = to_answer()
        outsider = 1 - state.prompt().seats[0]
        with pytest.raises(IllegalAction, match=f"Seat {outsider + 1} may not act now"):
            state.apply(Action.of("pass"), outsider)

    def test_words_come_from_the_decision(self) -> None:
        state = bids()
        assert state.describe_action(Action.of("bid", card=4), 0) == "Bid 4"
        # an action the decision does not offer has no words of its own
        assert state.describe_action(Action.of("steal"), 0) == "steal"

    def test_a_decision_declared_final_is_never_undone(self, monkeypatch: Any) -> None:
        state = bids()
        before = state.clone()
        state.apply(state.legal_actions(0)[0], 0)  # a commitment, hidden: it may be taken back
        assert undo_last(state, 0, before).data == before.data
        monkeypatch.setattr(Bid, "undoable", False)
        with pytest.raises(IllegalAction, match="'bid' decision is final"):
            undo_last(state, 0, before)

    def test_the_harness_refuses_an_undeclared_offer(self, monkeypatch: Any) -> None:
        state = to_answer()
        check_declared(state, 0, 0)
        monkeypatch.setattr(StealOrPass, "offers", ("pass",))
        state.invalidate()
        if len(state.legal_actions(state.prompt().seats[0])) > 1:
            with pytest.raises(ConformanceError, match="declares only"):
                check_declared(state, 0, 0)


class TestEffectTable:
    def table(self) -> EffectTable[Any]:
        return EffectTable("demo", "triggered")

    def test_an_effect_is_named_in_kebab_case(self) -> None:
        class Bad(Effect):
            effect: Literal["gain_gems"]

        with pytest.raises(ValueError, match="'gain_gems' is not kebab-case"):
            self.table().effect(Bad)

    def test_a_model_without_a_literal_name_is_refused(self) -> None:
        class Loose(Effect):
            pass

        with pytest.raises(TypeError, match="declares effect: Literal"):
            effect_name(Loose)

    def test_one_handler_per_effect(self) -> None:
        table = self.table()

        @table.effect
        class Gain(Effect):
            effect: Literal["gain"]
            n: int

        assert table.missing() == ["gain"]
        table.handles(Gain)(lambda e: e.n)
        with pytest.raises(ValueError, match="two handlers for the gain effect"):
            table.handles(Gain)(lambda e: e.n)
        assert table.missing() == [] and table.names() == {"gain"}
        assert table.handler(Gain(effect="gain", n=2))(Gain(effect="gain", n=2)) == 2

    def test_a_handler_for_a_model_of_another_table_is_refused(self) -> None:
        class Stray(Effect):
            effect: Literal["stray"]

        with pytest.raises(ValueError, match="not a triggered effect of this table"):
            self.table().handles(Stray)

    def test_bad_content_names_file_entry_and_field(self) -> None:
        table = self.table()

        @table.effect
        class Gain(Effect):
            effect: Literal["gain"]
            n: int

        assert table.check({"effect": "gain", "n": "x"}, "cards.yaml", "ruby") == [
            "cards.yaml, entry 'ruby', effect 'gain', field 'n': Input should be a valid "
            "integer, unable to parse string as an integer"
        ]
        assert "unknown triggered effect 'lose'" in table.check({"effect": "lose"}, "f", "e")[0]
        with pytest.raises(ContentError, match="field 'n'"):
            table.parse({"effect": "gain", "n": "x"}, "cards.yaml", "ruby")
        assert table.parse({"effect": "gain", "n": 3}, "f", "e") == Gain(effect="gain", n=3)


class TestPresentation:
    class Cards(Presentation):
        provides = Provides(cards=True)

        def cards(self) -> dict[str, CardFace]:
            return {
                "golem": CardFace("golem", "Golem", "Strong.", (("Cost", "2 Gold"),)),
                "goblin": CardFace("goblin", "Goblin", "Quick."),
            }

    def test_card_text_by_id_name_or_unique_prefix(self) -> None:
        p = self.Cards()
        assert p.card_text("golem") == "Golem (Cost 2 Gold): Strong."
        assert p.card_text("  GOBLIN ") == "Goblin: Quick."
        assert p.card_text("gole") == "Golem (Cost 2 Gold): Strong."
        assert p.card_text("go") is None  # two cards start so
        assert p.card_text("dragon") is None

    def test_the_generic_presentation_provides_nothing(self) -> None:
        assert Presentation().provides == Provides()
        with pytest.raises(NotImplementedError):
            Presentation().terminal({})


class TestSeatNames:
    def test_every_view_names_the_seats_from_1(self) -> None:
        view = bids(players=3).view(None)
        assert view is not None and view["seat_names"] == ["Seat 1", "Seat 2", "Seat 3"]


class TestScoreBreakdown:
    def test_a_total_is_the_sum_of_its_sources_and_tiebreaks_stand_apart(self) -> None:
        line = SeatScore(
            1, "Blue", (ScoreItem("Wars", 6), ScoreItem("Buildings", 2.5)), (ScoreItem("Gold", 4),)
        )
        assert line.total == 8.5
        assert SeatScore.from_json(line.to_json()) == line
