"""Survival Mode (the rulebook's section): each character has Lives; a lost fight costs one, and a
character at 0 is badly wounded and carried back to its Pauper's City. Places of rest, potions and
the City healer restore Lives; Garolium's National Duty of Vigour heals the penniless for free.
The Lives rules are shared by solo play (where the last Life lost ends the game)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.engine.actions import action_of

from ..content import Boost, Content
from ..state import PLState
from . import ending, equipment


def max_lives(state: PLState) -> int:
    solo = state.data.get("solo")
    if solo:
        return int(solo["max_lives"])
    return int(state.content.solo["survival"]["lives"])


def restore(state: PLState, seat: int, char: str, n: int, why: str) -> None:
    lives = state.player(seat)["lives"]
    k = max(0, min(n, max_lives(state) - lives[char]))
    lives[char] += k
    state.log(f"{state.seat_name(seat)}'s {char} restores {k} Life ({why}): {lives[char]} now.")


def may_heal_now(state: PLState, seat: int, char: str) -> bool:
    data = state.data
    player = state.player(seat)
    return may_heal(state.content, data["mode"], player, max_lives(state), char, data["turn_state"])


def heal(state: PLState, seat: int, char: str) -> None:
    """The City healer: 1 Gem (free by the Duty of Vigour) restores 1 Life, once a turn."""
    state.data["turn_state"].setdefault("healed", []).append(char)
    if vigour(state.data["mode"], state.player(seat), char):
        state.log("Garolium's National Duty of Vigour: the City healer treats you free.")
    else:
        state.lose(seat, int(state.content.solo["healer_cost"]["value"]), "the City healer")
    restore(state, seat, char, 1, "the City healer")


def potions(state: PLState, seat: int) -> list[str]:
    """The potions a seat may drink now (by source key), each once a turn."""
    player = state.player(seat)
    content = state.content
    out = [it["card"] for it in player["inventory"] if "potion" in content.item[it["card"]].tags]
    if player.get("charges", 0) > 0 and any(
        type(e) is Boost and e.charges
        for e in content.paupers[player["pauper"]].equipment.abilities
    ):
        out.append("start")
    return [k for k in out if not state.used(k)]


def potion_actions(state: PLState, seat: int) -> list[Action]:
    """Survival Mode: drink a potion to restore a Life to the Pauper, or to the Bird beside it."""
    player = state.player(seat)
    most = max_lives(state)
    out = []
    for key in potions(state, seat):
        if player["lives"]["pauper"] < most:
            out.append(action_of("potion", item=key, char="pauper"))
        if player["bird_position"] == player["position"] and player["lives"]["bird"] < most:
            out.append(action_of("potion", item=key, char="bird"))
    return out


def drink(state: PLState, seat: int, key: str, char: str) -> None:
    state.use(key)
    if key == "start":
        state.player(seat)["charges"] -= 1
    else:
        equipment.spend_item(state, seat, key)
    restore(state, seat, char, 1, f"a potion ({state.source_name(seat, key)})")


def fight_lost(state: PLState, seat: int, char: str) -> None:
    """Survival/solo: a lost fight costs a Life; badly wounded (Survival) or lost (solo)."""
    data = state.data
    if data["mode"] == "standard":
        return
    lives = state.player(seat)["lives"]
    lives[char] = max(0, lives[char] - 1)
    state.log(f"{state.seat_name(seat)}'s {char} loses a Life: {lives[char]} left.")
    if lives[char] > 0:
        return
    if data["mode"] == "solo":
        ending.solo_over(state, False, "lives")
        return
    home = state.content.paupers[state.player(seat)["pauper"]].city
    state.set_position(seat, char, home)
    state.log(f"Badly wounded, the {char} is carried back to {home.capitalize()}.")


def may_heal(
    content: Content,
    mode: str,
    player: Any,
    most: int,
    char: str,
    turn_state: Any,
) -> bool:
    """The City healer: whether a character below its most Lives may be healed now (once a
    turn, for the healer's cost or by the Duty of Vigour). Works on a state's records or a
    view's (the player's ``lives`` and ``gems``, the turn's ``healed``)."""
    if mode == "standard" or char in turn_state.get("healed", []):
        return False
    if player["lives"][char] >= most:
        return False
    cost = int(content.solo["healer_cost"]["value"])
    return bool(player["gems"] >= cost or vigour(mode, player, char))


def vigour(mode: str, player: Any, char: str) -> bool:
    """Garolium's National Duty of Vigour (Survival Mode): a badly wounded character with an
    empty Purse is healed for free."""
    return bool(mode == "survival" and player["lives"][char] == 0 and player["gems"] == 0)
