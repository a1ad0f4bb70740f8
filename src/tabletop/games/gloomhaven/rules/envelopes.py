"""Rulebook 'Special Conditions For Opening Envelopes' and the boxes of 'Announcing Retirement':
each condition fires once; a box or envelope opened twice gives a random item design and a random
side scenario instead; a class unlocked adds its events to both decks."""

from __future__ import annotations

from tabletop.engine.rng import Rng

from ..data import Trigger, game_data
from ..model import Campaign
from .common import Refused, _keep_rng, _rng, classes
from .decks import add_events
from .rewards import gain_global_achievement, random_item_design, random_side_scenario


def unlock_class(c: Campaign, class_id: str, rng: Rng) -> list[str]:
    """A new class: playable from now on, and its unlock events join both decks."""
    cls = classes(c).get(class_id)
    if cls is None:
        raise Refused(f"unknown class {class_id!r}: enter its class sheet first")
    if class_id in c.city.unlocked_classes:
        raise Refused(f"class {cls.name} is already unlocked")
    c.city.unlocked_classes.append(class_id)
    out = [f"class {cls.name} unlocked"]
    if cls.unlock_event is not None:
        out += add_events(c, "both", cls.unlock_event, rng)
    return out


def unlock_class_command(c: Campaign, class_id: str) -> list[str]:
    """Unlock an entered class by hand."""
    rng = _rng(c)
    out = unlock_class(c, class_id.strip().lower(), rng)
    _keep_rng(c, rng)
    return out


def open_envelope(c: Campaign, label: str, rng: Rng) -> list[str]:
    """Open a box or envelope; if it was opened before, a random item design and a random side
    scenario instead."""
    if label in c.city.envelopes:
        return [
            f"{label} was already opened, so instead:",
            *random_item_design(c, rng),
            *random_side_scenario(c, rng),
        ]
    c.city.envelopes.append(label)
    out = [f"open {label}"]
    for cls in classes(c).values():
        if cls.unlocked_by == label and cls.id not in c.city.unlocked_classes:
            out += unlock_class(c, cls.id, rng)
    return out


def condition_met(c: Campaign, t: Trigger) -> bool:
    parties = c.parties.values()
    if t.when == "reputation_at_least":
        return any(p.reputation >= t.value for p in parties)
    if t.when == "reputation_at_most":
        return any(p.reputation <= t.value for p in parties)
    if t.when == "donations_at_least":
        return c.city.donations >= t.value
    if t.when == "global_achievement_count":
        return c.city.global_achievements.get(t.achievement or "", 0) >= t.value
    if t.when == "party_achievements_all":
        return any(all(a in p.achievements for a in t.achievements) for p in parties)
    return c.city.retirements >= t.value


def check_triggers(c: Campaign, rng: Rng) -> list[str]:
    """Every special condition met now and not fired before fires, once per campaign."""
    out: list[str] = []
    for t in game_data().rules.triggers:
        if t.id in c.city.triggers_fired or not condition_met(c, t):
            continue
        c.city.triggers_fired.append(t.id)
        out.append(f"special condition {t.id!r} met:")
        if t.open:
            out += open_envelope(c, t.open, rng)
        for ref in t.add_events:
            out += add_events(c, ref.deck, ref.number, rng)
        if t.global_achievement:
            out += gain_global_achievement(c, t.global_achievement)
    return out
