"""The factored action space: a templated decision asked one parameter at a time reaches exactly
its legal actions, every option it offers leads to one, and the numbers keep their meaning."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.adapters.encoding import EncodingError, OrdinalCodec, TableCodec, encoding_for
from tabletop.adapters.factored import Answer, ChoiceEncoder, FactoredCodec
from tabletop.engine import Action, Param, Rng, State, Template, load


def first_templated(name: str, seed: int, **params: Any) -> tuple[State, int]:
    """A random game of ``name`` played on to its first templated decision."""
    state = load(name, **params).new_state(seed)
    rng = Rng(seed)
    while not state.is_terminal():
        seat = min(state.current_seats())
        if state.templates(seat) is not None:
            return state, seat
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    raise AssertionError(f"{name}: no templated decision")


def leaves(answer: Answer) -> list[Action]:
    """Every action the choices can reach; fails on an option that leads nowhere."""
    out: list[Action] = []
    for number in sorted(answer.numbers):
        nxt = answer.choose(number)
        if isinstance(nxt, Answer):
            below = leaves(nxt)
            assert below, f"option {number} of {answer.step} leads to no legal action"
            out += below
        else:
            out.append(nxt)
    return out


@pytest.mark.parametrize(
    ("name", "params", "seed"),
    [
        ("paper-tales", {"players": 3}, 2),
        ("paper-tales", {"players": 2}, 9),
        ("paper-tales", {"mode": "solo", "players": 1, "lich_cards": 2}, 4),
        ("lairs", {"mode": "standard"}, 3),
        ("lairs", {"mode": "standard", "pack": True}, 5),
    ],
)
def test_the_choices_reach_exactly_the_legal_actions(
    name: str, params: dict[str, Any], seed: int
) -> None:
    state, seat = first_templated(name, seed, **params)
    codec = FactoredCodec(encoding_for(state.game).actions)
    answer = Answer.of(codec, state, seat)
    reached = leaves(answer)
    legal = state.legal_actions(seat)
    assert len(reached) == len(set(reached)) == len(legal)
    assert set(reached) == set(legal)
    assert all(state.is_legal(a, seat) for a in reached[:50])


def test_paper_tales_deployment_asks_card_by_card_with_small_masks() -> None:
    state, seat = first_templated("paper-tales", 2, players=3)
    (template,) = state.templates(seat) or []
    codec = FactoredCodec(encoding_for(state.game).actions)
    answer: Answer | Action = Answer.of(codec, state, seat)
    asked = []
    while isinstance(answer, Answer):
        step = answer.step
        asked.append(step.asked)
        domain = template.param(step.asked).domain  # type: ignore[union-attr]
        assert len(answer.numbers) <= len(domain) <= codec.choices
        assert all(codec.choice_start <= n < codec.size for n in answer.numbers)
        answer = answer.choose(max(answer.numbers))
    names = [p.name for p in template.params]
    assert asked == [n for n in names if n in asked]  # in the template's order
    assert answer in state.legal_actions(seat)


def test_numbers_keep_the_flat_argument_slots_and_small_ordinals() -> None:
    game = load("paupers-ladder", players=2)
    flat = encoding_for(game).actions
    codec = FactoredCodec(flat)
    assert codec.size == flat.size + codec.choices  # `order` (24) fits the choice block: kept
    paper = FactoredCodec(encoding_for(load("paper-tales")).actions)
    kinds = [s.kind for s in paper.slots()]
    assert "deploy" not in kinds and kinds[-1] == "choice"  # 43,284 ranks left out
    state = game.new_state(0)
    legal = state.legal_actions()
    assert codec.indices(legal) == flat.indices(legal)  # the first slots keep their numbers


def test_forced_choices_are_made_and_a_decision_asks_at_least_once() -> None:
    one = Template.of("put", Param.of("where", ["a", "b"]), Param.of("how", ["x", "y"]))
    codec = FactoredCodec(OrdinalCodec("toy"))
    legal = [Action.of("put", where="a", how="x"), Action.of("put", where="a", how="y")]
    answer = Answer(codec, legal, [one])
    assert answer.step.asked == "how"  # `where` can only be "a": chosen without asking
    assert sorted(answer.numbers.values()) == ["x", "y"]
    single = Answer(codec, legal[:1], [one])
    assert single.step.asked == "how" and list(single.numbers.values()) == ["x"]
    assert single.choose(next(iter(single.numbers))) == legal[0]


def test_an_unopen_choice_is_refused() -> None:
    state, seat = first_templated("lairs", 3, mode="standard")
    codec = FactoredCodec(encoding_for(state.game).actions)
    answer = Answer.of(codec, state, seat)
    closed = next(n for n in range(codec.choice_start, codec.size) if n not in answer.numbers)
    with pytest.raises(ValueError, match="is not open now"):
        answer.choose(closed)


def test_a_domain_larger_than_the_choice_block_is_named() -> None:
    big = Template.of("pick", Param.of("n", range(100)))
    codec = FactoredCodec(OrdinalCodec("toy"), choices=64)
    with pytest.raises(EncodingError, match="larger choices="):
        Answer(codec, [Action.of("pick", n=1), Action.of("pick", n=2)], [big])


def test_the_choice_block_describes_the_step_and_is_zeros_when_not_deciding() -> None:
    state, seat = first_templated("paper-tales", 2, players=3)
    codec = FactoredCodec(encoding_for(state.game).actions)
    enc = ChoiceEncoder()
    answer = Answer.of(codec, state, seat)
    block = enc.encode(answer.step)
    assert block.shape == (enc.size,) and block.any()
    assert not enc.encode(None).any()
    nxt = answer.choose(min(answer.numbers))
    assert isinstance(nxt, Answer)
    assert not (enc.encode(nxt.step) == block).all()


def test_table_codec_recall_counts_argument_slots_only() -> None:
    codec = TableCodec("toy", [("go", {"to": ("a", "b")}), ("order", 6), ("stop", {})])
    assert codec.recall_size == 3
    assert codec.recall_index(Action.of("go", to="b")) == 1
    assert codec.recall_index(Action.of("stop")) == 2
    assert codec.recall_index(Action.of("order", k=3)) is None
    assert [codec.recall_number(n) for n in range(codec.size)] == [0, 1, *[-1] * 6, 2]
