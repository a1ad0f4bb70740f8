"""Random command sequences never break the campaign's invariants, and every refusal leaves the
campaign exactly as it was (checked on the document, as the store would save it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.gloomhaven import integrity, rules
from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.model import Campaign

from .conftest import make_campaign

CHARS = ["brute0", "spellweaver1"]
ITEMS = ["001", "003", "006", "012", "015", "999"]
# level 1 (refused on a level-up), then two level 2 and two level 3 cards of each class
CARDS = {
    "brute0": ["Trample", "Juggernaut", "Fatal Advance", "Hook and Chain", "Brute Force"],
    "spellweaver1": ["Mana Bolt", "Icy Blast", "Flashing Burst", "Cold Fire", "Elemental Aid"],
}

command = st.one_of(
    st.tuples(st.just("buy"), st.sampled_from(CHARS), st.sampled_from(ITEMS)),
    st.tuples(st.just("sell"), st.sampled_from(CHARS), st.sampled_from(ITEMS)),
    st.tuples(st.just("donate"), st.sampled_from(CHARS)),
    st.tuples(st.just("travel"), st.sampled_from(["1", "2"]), st.booleans()),
    st.tuples(st.just("city_event")),
    st.tuples(st.just("choose"), st.sampled_from(["A", "B"])),
    st.tuples(st.just("finish"), st.booleans(), st.integers(0, 60), st.integers(0, 4)),
    st.tuples(st.just("return")),
    st.tuples(st.just("level_up"), st.sampled_from(CHARS), st.integers(0, 4)),
    st.tuples(st.just("mark_perk"), st.sampled_from(CHARS)),
    st.tuples(st.just("retire"), st.sampled_from(CHARS)),
    st.tuples(st.just("adjust"), st.sampled_from(["prosperity", "reputation"]), st.integers(-8, 8)),
)


def open_perk(c: Campaign, who: str) -> str:
    """The first perk of the character's class with a box left (a perk the rules take)."""
    ch = ops.character(c, who)
    perks = ops.perk_choices(ops.classes(c)[ch.class_id], ch)
    return next((p["text"] for p in perks if p["open"]), "every perk is marked")


def apply(c: Campaign, cmd: tuple, step: int) -> None:
    name, *args = cmd
    if name == "buy":
        ops.buy(c, args[0], args[1])
    elif name == "sell":
        ops.sell(c, args[0], args[1])
    elif name == "donate":
        ops.donate(c, args[0])
    elif name == "travel":
        ops.travel(c, "lions", args[0], casual=args[1])
    elif name == "city_event":
        ops.draw_city_event(c, "lions")
    elif name == "choose":
        ops.resolve_event(c, "lions", args[0])
    elif name == "finish":
        ids = list(c.parties["lions"].members)
        ops.finish_scenario(
            c,
            "lions",
            args[0],
            xp=dict.fromkeys(ids, args[1]),
            coins=dict.fromkeys(ids, args[2]),
            checkmarks=dict.fromkeys(ids, 1) if args[0] else None,
        )
    elif name == "return":
        ops.return_to_town(c, "lions")
    elif name == "level_up":
        ops.level_up(c, args[0], CARDS[args[0]][args[1]], None, open_perk(c, args[0]))
    elif name == "mark_perk":
        ops.mark_perk(c, args[0], open_perk(c, args[0]))
    elif name == "retire":
        ch = ops.character(c, args[0])
        if ch.quest_fulfilled:
            ops.retire(c, args[0])
        else:
            ops.fulfil_quest(c, args[0])
    else:
        ops.adjust(c, args[0], args[1], "lions")


def check(c: Campaign) -> None:
    assert integrity.problems(c) == []  # what an import is checked against
    p = c.parties["lions"]
    assert -20 <= p.reputation <= 20
    level = ops.prosperity_level(c)
    assert rules.prosperity_minimum(level) <= c.city.prosperity <= 64
    for ch in c.characters.values():
        assert ch.gold >= 0
        assert ch.xp >= rules.xp_minimum(ch.level)
        assert len(ch.items) == len(set(ch.items))
        assert ops.perks_unmarked(ch) >= 0
        if ch.retired:
            assert ch.gold == 0 and ch.items == [] and ch.id not in p.members
    for deck in (c.city.road_deck, c.city.city_deck):
        cards = deck.draw + deck.discard + deck.removed
        held = [q.pending_event.card for q in c.parties.values() if q.pending_event]
        assert len(cards + held) == len(set(cards + held))
    for item in ("001", "003", "006", "012"):
        owned = sum(1 for ch in ops.members(c, p) if item in ch.items)
        assert owned <= ops.items(c)[item].copies


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(command, max_size=25))
def test_random_campaigns_keep_invariants_and_refusals_change_nothing(seed, commands) -> None:
    c = make_campaign(seed)
    for step, cmd in enumerate(commands):
        before = c.dump()
        work = c.model_copy(deep=True)
        try:
            apply(work, cmd, step)
        except ops.Refused:
            assert work.dump() == before, f"refused {cmd} but changed the campaign"
            continue
        c = work
        check(c)
