"""Rulebook 'Scenario Completion': experience and money earned in play, the completion bonus,
battle-goal checkmarks, and on a campaign success the scenario's rewards (losses never more than
the party has); casual play keeps no story rewards. Rewards the catalog lacks are entered by hand
(``adjust``)."""

from __future__ import annotations

from tabletop.engine.rng import Rng

from ..data import ScenarioRewards
from ..model import Campaign, Character, Party, ScenarioRecord
from .common import (
    Refused,
    _keep_rng,
    _rng,
    character,
    describe_location,
    members,
    party,
    scenarios,
)
from .decks import add_events
from .envelopes import check_triggers
from .gains import describe, each
from .levels import levelups_due
from .prosperity import change_prosperity
from .reputation import change_reputation
from .rewards import (
    add_item_design,
    gain_global_achievement,
    gain_party_achievement,
    give_item,
    lose_global_achievement,
    lose_party_achievement,
    unlock_scenario,
)
from .scaling import level_table
from .scaling import scenario_level as level_for_party


def _achievements(c: Campaign, p: Party, rewards: ScenarioRewards) -> list[str]:
    out: list[str] = []
    for name in rewards.global_achievements:
        out += gain_global_achievement(c, name)
    for name in rewards.lose_global_achievements:
        out += lose_global_achievement(c, name)
    for name in rewards.party_achievements:
        out += gain_party_achievement(p, name)
    for name in rewards.lose_party_achievements:
        out += lose_party_achievement(p, name)
    return out


def apply_rewards(
    c: Campaign, p: Party, rewards: ScenarioRewards, rng: Rng, recipient: str | None
) -> list[str]:
    """A scenario's rewards, in the order the Scenario Book lists them."""
    out: list[str] = []
    for what, amount in (("gold", rewards.gold_each), ("xp", rewards.xp_each)):
        if amount:
            out.append(describe(c, each(members(c, p), what, amount), f"{what} {amount:+d} each"))
    if rewards.prosperity:
        out += change_prosperity(c, rewards.prosperity)
    if rewards.reputation:
        out += change_reputation(p, rewards.reputation)
    out += _achievements(c, p, rewards)
    for s in rewards.unlock_scenarios:
        out += unlock_scenario(c, s)
    for i in rewards.items:
        out += give_item(c, p, i, recipient)
    for i in rewards.item_designs:
        out += add_item_design(c, i)
    for ref in rewards.add_events:
        out += add_events(c, ref.deck, ref.number, rng)
    return out


def _earned_in_play(
    c: Campaign, p: Party, success: bool, given: dict[str, dict[str, int] | None]
) -> dict[str, dict[str, int]]:
    """XP, money tokens and checkmarks per member, each checked (a member of the party, not
    negative, checkmarks only on a success: ruling T7)."""
    ids = set(p.members)
    per_char: dict[str, dict[str, int]] = {}
    for label, values in given.items():
        for ref, value in (values or {}).items():
            ch = character(c, ref)
            if ch.id not in ids:
                raise Refused(f"{ch.name} is not in party {p.name!r}")
            if value < 0:
                raise Refused(f"{label} for {ch.name} cannot be negative")
            per_char.setdefault(ch.id, {})[label] = value
    if not success and any(v.get("checkmarks") for v in per_char.values()):
        raise Refused("battle goals only pay checkmarks when the scenario is successful")
    return per_char


def _credit(ch: Character, got: dict[str, int], bonus_xp: int, gold_per_coin: int) -> str:
    gained_xp = got.get("xp", 0) + bonus_xp
    gained_gold = got.get("coins", 0) * gold_per_coin
    ch.xp += gained_xp
    ch.gold += gained_gold
    ch.checkmarks += got.get("checkmarks", 0)
    ch.blesses_next_scenario = 0
    line = f"{ch.name}: +{gained_xp} XP, +{gained_gold} gold"
    if got.get("checkmarks"):
        line += f", +{got['checkmarks']} checkmark(s)"
    if levelups_due(ch):
        line += " (level-up due in town)"
    return line


def _story_rewards(
    c: Campaign, p: Party, extra: ScenarioRewards | None, rng: Rng, recipient: str | None
) -> list[str]:
    """A campaign success: the scenario completed for every party, the catalog's rewards and the
    extra ones given."""
    scen = p.location
    if scen not in c.city.completed_scenarios:
        c.city.completed_scenarios.append(scen)
    out: list[str] = []
    s = scenarios(c).get(scen)
    if s is not None:
        out += apply_rewards(c, p, s.rewards, rng, recipient)
    if extra is not None:
        out += apply_rewards(c, p, extra, rng, recipient)
    return out


def finish_scenario(
    c: Campaign,
    party_ref: str,
    success: bool,
    *,
    scenario_level: int | None = None,
    xp: dict[str, int] | None = None,
    coins: dict[str, int] | None = None,
    checkmarks: dict[str, int] | None = None,
    extra: ScenarioRewards | None = None,
    recipient: str | None = None,
) -> list[str]:
    """End the scenario at hand: XP and gold earned in play, the completion bonus, battle-goal
    checkmarks and (on a campaign success) the scenario's rewards."""
    p = party(c, party_ref)
    if p.status != "scenario":
        raise Refused(f"party {p.name!r} is {describe_location(p)}, not playing a scenario")
    earned = _earned_in_play(c, p, success, {"xp": xp, "coins": coins, "checkmarks": checkmarks})
    chars = members(c, p)
    level = recommended_level(chars) if scenario_level is None else scenario_level
    table = level_table(level)
    rng = _rng(c)
    out = [
        f"{p.name!r} {'completes' if success else 'fails'} scenario {p.location} at level {level}"
    ]
    bonus_xp = table.bonus_xp if success else 0
    out += [_credit(ch, earned.get(ch.id, {}), bonus_xp, table.gold_per_coin) for ch in chars]
    p.next_scenario_notes = []
    p.history.append(
        ScenarioRecord(
            scenario=p.location, success=success, casual=p.casual, level=level, visit=p.visit
        )
    )
    if success and not p.casual:
        out += _story_rewards(c, p, extra, rng, recipient)
    elif success:
        out.append("casual mode: no story rewards")
    p.status = "after_scenario"
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


def recommended_level(chars: list[Character]) -> int:
    """The level a scenario is played at unless the party chose another (ruling T11)."""
    return level_for_party([ch.level for ch in chars])


def _adjust_achievement(
    c: Campaign, what: str, amount: int, party_ref: str | None, name: str
) -> list[str]:
    if not name.strip():
        raise Refused("name the achievement")
    if what == "global-achievement":
        change = gain_global_achievement if amount >= 0 else lose_global_achievement
        return change(c, name.strip())
    if party_ref is None:
        raise Refused("a party achievement belongs to a party: name the party")
    p = party(c, party_ref)
    return (gain_party_achievement if amount >= 0 else lose_party_achievement)(p, name.strip())


def adjust(
    c: Campaign, what: str, amount: int = 0, party_ref: str | None = None, name: str = ""
) -> list[str]:
    """Gains and losses by hand, for rewards the catalog lacks: prosperity, reputation, global
    or party achievements (amount > 0 gains, < 0 loses); the track limits still hold."""
    rng = _rng(c)
    if what in ("global-achievement", "party-achievement"):
        out = _adjust_achievement(c, what, amount, party_ref, name)
    elif what == "prosperity":
        out = change_prosperity(c, amount)
    elif what == "reputation":
        if party_ref is None:
            raise Refused("reputation belongs to a party: name the party")
        out = change_reputation(party(c, party_ref), amount)
    else:
        raise Refused(
            "can adjust prosperity, reputation, global-achievement or party-achievement, "
            f"not {what!r}"
        )
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out
