"""Fighting Hazards, Outcome Cards (allies) and The Lucky Charm (the rulebook's sections). Draw an
Outcome card for your Strength (allies add to it, draw again, or ask a price); your Pauper adds 1
weapon and the bonuses of Recipes and Equipment; boost with Equipment or roll the lucky charm once
per fight; a Strength at least the hazard's defeats it and earns a reward (its Gems, an ingredient,
Equipment, a Rarity, or the Trophy Room), otherwise the hazard's FAIL applies."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, piles
from tabletop.engine.actions import action_of
from tabletop.engine.effects import Effect

from ..abilities import Situation, amount, situation, total
from ..content import (
    ALLIES,
    VICTORY_EQUIPMENT,
    VICTORY_RARITY,
    Boost,
    CharmFree,
    Content,
    DefeatGems,
    FightBonus,
    NoAllies,
    Weapon,
    WeaponGems,
)
from ..state import PLState, new_context, new_fight, step
from ..steps import ADD_BONUSES, DRAW_FOR_FIGHT, OFFER_BOOST, WildDefeat
from . import decks, equipment, recipes, solo, survival
from .scenarios import scenario_rules


# ---------------------------------------------------------------- the hazards in a Region
def hazards_in(state: PLState, region: str) -> list[str]:
    """The hazards a character in ``region`` must fight (and which stop a move there)."""
    solo_record = state.data.get("solo")
    city_hazards = solo_record.get("city_hazards", {}) if solo_record else {}
    return hazards_at(state.content, state.data["tiles"], city_hazards, region)


def hazards_at(content: Content, tiles: Any, city_hazards: Any, region: str) -> list[str]:
    """2: Exploring: the hazards a character in ``region`` must fight: the face-up hazards in
    its tiles, or a City's hazard (solo: Saltash Necromancer's undead). Works on a state's tiles
    or a view's (the same records)."""
    if city_hazards.get(region):
        return [city_hazards[region]]
    return [c for c in tiles.get(region, ()) if content.region_card[c].kind == "hazard"]


def can_fight(state: PLState, seat: int, char: str, hazard: str) -> bool:
    return may_fight(solo.forced_weapon(state, hazard), char, state.player(seat)["inventory"])


def may_fight(forced: str | None, char: str, inventory: list[Any]) -> bool:
    """Whether a character may fight a hazard that only the weapon ``forced`` can fight (None:
    any hazard): only a Pauper holding it (solo scenarios' dragons and necromancer)."""
    if forced is None:
        return True
    return char == "pauper" and any(it["card"] == forced for it in inventory)


# ---------------------------------------------------------------- a fight, step by step
def start(state: PLState, seat: int, char: str, hazard: str, region: str) -> None:
    """A fight begins: Outcome card, bonuses, then the chance to boost."""
    data = state.data
    data["turn_state"]["fought"] = True
    card = state.content.region_card[hazard]
    data["fight"] = new_fight(seat, char, hazard, region)
    data["effect_context"] = new_context(seat, char, hazard, region)
    if solo.is_necromancer(state, hazard):
        necromancer = data["solo"]
        draws = [str(piles.draw(necromancer["necromancer_deck"], state.rng)) for _ in range(2)]
        decks.discard_into(necromancer["necromancer_deck"], draws, state.rng)
        data["fight"]["hazard_strength"] = sum(state.content.outcome[c].number for c in draws)
        data["fight"]["hazard_cards"] = draws
        state.log(
            f"The necromancer draws {' + '.join(state.card_name(c) for c in draws)}: "
            f"Strength {data['fight']['hazard_strength']}."
        )
    state.log(
        f"{state.seat_name(seat)}'s {char} fights the {card.name} "
        f"(Strength {hazard_strength(state.content, data['fight'])})."
    )
    state.run([DRAW_FOR_FIGHT, ADD_BONUSES, OFFER_BOOST])


def draw(state: PLState) -> None:
    """An Outcome card for the fight's Strength; its ally helps (unless the hazard forbids it)."""
    fight = state.data["fight"]
    cid = decks.draw_outcome(state, fight["seat"])
    card = state.content.outcome[cid]
    fight["cards"].append(cid)
    fight["strength"] += card.number
    ally = state.content.allies[card.ally] if card.ally else None
    state.log(
        f"Outcome card: {card.number}" + (f" with the ally {ally.name}" if ally else "") + "."
    )
    if ally is None or _no_allies(state):
        return
    for e in ally.effects:
        ALLIES.handler(e)(state, ally.id, e)


def _no_allies(state: PLState) -> bool:
    hazard = state.content.region_card[state.data["fight"]["hazard"]]
    return any(type(e) is NoAllies for e in hazard.ongoing)


def add_bonuses(state: PLState) -> None:
    """The bonuses in force, then the weapon: the player chooses when two or more could serve,
    or when one costs something to use (bang bombs lose a Gem) and may be left unused."""
    fight = state.data["fight"]
    seat, char = fight["seat"], fight["char"]
    hazard = state.content.region_card[fight["hazard"]]
    player = state.player(seat)
    bonus = ability_bonus(state.content, state.abilities(seat, char), fight["region"], hazard.type)
    smith = player.get("smith")
    if smith and smith["char"] == char and smith["turn"] == player["turns"]:
        bonus += int(smith["bonus"])
    if bonus:
        state.log(f"Bonuses add {bonus}.")
    fight["strength"] += bonus
    fight["bonus"] = bonus
    found = weapons(state, seat)
    costly = [k for k, _ in found if weapon_costs(state.content, k)]
    if len(found) >= 2 or costly:
        frame: dict[str, Any] = {
            "kind": "weapon",
            "seat": seat,
            "options": [[k, v] for k, v in found],
        }
        if costly and not solo.forced_weapon(state, fight["hazard"]):
            frame["none"] = True
        state.push(frame)
    elif found:
        use_weapon(state, seat, *found[0])


def weapons(state: PLState, seat: int) -> list[tuple[str, int]]:
    """The weapons the fighting Pauper may use in this fight, with their bonus (one is used:
    the player's choice). A hazard that may only be fought with one weapon allows only it."""
    fight = state.data["fight"]
    if fight["char"] != "pauper":
        return []
    hazard = state.content.region_card[fight["hazard"]]
    forced = solo.forced_weapon(state, fight["hazard"])
    found = weapon_bonuses(
        state.content,
        state.abilities(seat, "pauper"),
        state.player(seat)["inventory"],
        hazard.type,
        forced,
    )
    seen: set[str] = set()  # two copies of one weapon are one choice
    out = []
    for key, value in found:
        name = state.source_name(seat, key)
        if name not in seen:
            seen.add(name)
            out.append((key, value))
    return out


def use_weapon(state: PLState, seat: int, key: str, value: int) -> None:
    fight = state.data["fight"]
    player = state.player(seat)
    fight["weapon"] = key
    if value <= 0:
        return
    fight["strength"] += value
    fight["bonus"] += value
    state.log(f"Weapon: {state.source_name(seat, key)} (+{value}).")
    held = next((i for i in player["inventory"] if i["card"] == key), None)
    if held is not None and weapon_costs(state.content, key):
        held["gems"] -= 1  # bang bombs: one Gem comes off per fight
        if held["gems"] <= 0:
            player["inventory"].remove(held)
            decks.discard_items(state, [key])


def boost_actions(state: PLState, seat: int) -> list[Action]:
    """Boost with Equipment, roll the lucky charm (once a fight, 1 Gem unless free), resolve."""
    fight = state.data["fight"]
    out: list[Action] = []
    hazard = state.content.region_card[fight["hazard"]]
    if fight["charm"] is None:
        out += [action_of("boost", item=k) for k in boost_items(state, seat, hazard.type)]
        if charm_free(state, seat, fight["char"]) or state.player(seat)["gems"] >= 1:
            out.append(action_of("charm"))
    out.append(action_of("resolve"))
    return out


def boost_items(state: PLState, seat: int, hazard_type: str | None) -> list[str]:
    fight = state.data["fight"]
    if fight["char"] != "pauper":
        return []
    boosts = state.having(seat, "pauper", Boost)
    if not boosts:  # mostly none: no Situation to make
        return []
    at = situation(state.content, hazard_type=hazard_type)
    charges = state.player(seat).get("charges", 0)
    out = []
    for key, e in boosts:
        if key in fight["boosts"] or state.used(key) or not amount(e, at):
            continue
        if key == "start" and charges <= 0:
            continue
        out.append(key)
    return out


def boost(state: PLState, seat: int, key: str) -> None:
    fight = state.data["fight"]
    hazard = state.content.region_card[fight["hazard"]]
    at = situation(state.content, hazard_type=hazard.type)
    e = next(e for found, e in state.having(seat, "pauper", Boost) if found == key)
    added = amount(e, at)
    fight["boosts"].append(key)
    fight["strength"] += added
    state.use(key)
    if key == "start":
        state.player(seat)["charges"] -= 1
    else:
        equipment.spend_item(state, seat, key)
    state.log(f"{state.source_name(seat, key)} adds {added}.")
    state.run([OFFER_BOOST])


def roll_charm(state: PLState, seat: int) -> None:
    """The Lucky Charm: its number adds to the Strength, once a fight."""
    fight = state.data["fight"]
    state.player(seat)["gems"] -= charm_cost(state, seat, fight["char"])
    face = state.roll_charm()
    fight["charm"] = face
    fight["strength"] += int(face["number"])
    state.log(f"The lucky charm shows {face['face']} ({face['number']}).")
    state.run([OFFER_BOOST])


def charm_free(state: PLState, seat: int, char: str) -> bool:
    return total(state.abilities(seat, char), CharmFree) > 0


def charm_cost(state: PLState, seat: int, char: str) -> int:
    """The Gems a roll of the lucky charm costs ``char`` now (none when an ability makes it
    free)."""
    return 0 if charm_free(state, seat, char) else int(state.content.number["charm_cost"])


def offer_boost(state: PLState) -> None:
    """A fight not won yet with a boost to offer asks for one; otherwise it resolves."""
    fight = state.data["fight"]
    won = fight["strength"] >= hazard_strength(state.content, fight)
    if not won and len(boost_actions(state, fight["seat"])) > 1:
        state.push({"kind": "boost", "seat": fight["seat"]})
    else:
        resolve(state)


def resolve(state: PLState) -> None:
    """The fight ends: the hazard is defeated (its reward), or it wins (its FAIL)."""
    data = state.data
    fight = data["fight"]
    seat, char, region = fight["seat"], fight["char"], fight["region"]
    hazard = state.content.region_card[fight["hazard"]]
    decks.discard_outcomes(state, seat, fight["cards"])
    needed = hazard_strength(state.content, fight)
    won = fight["strength"] >= needed
    data["last_fight"] = {
        "seat": seat,
        "char": char,
        "hazard": fight["hazard"],
        "strength": fight["strength"],
        "hazard_strength": needed,
        "won": won,
        "cards": list(fight["cards"]),
    }
    rules = scenario_rules(state)
    if (
        won
        and rules is not None
        and rules.special_defeat(state, seat, char, fight["hazard"], region)
    ):
        data["fight"] = None
        return
    if won:
        state.log(f"Strength {fight['strength']} against {needed}: the {hazard.name} is defeated!")
        _defeated(state, fight)
    else:
        state.log(f"Strength {fight['strength']} against {needed}: the {hazard.name} wins.")
        survival.fight_lost(state, seat, char)
        state.run(hazard.fail)
    data["fight"] = None


def _defeated(state: PLState, fight: Any) -> None:
    """A defeated hazard leaves its Region; the victor's bonus, then the choice of reward."""
    seat, char, region = fight["seat"], fight["char"], fight["region"]
    hazard = state.content.region_card[fight["hazard"]]
    decks.remove_tile(state, region, fight["hazard"])
    state.gain(seat, total(state.abilities(seat, char), DefeatGems), "bonus for the victory")
    solo.earn_time_for(state, "hazard")
    options: list[list[Any]] = []
    if hazard.gems:
        options.append(["gems", None])
    provided = hazard.provides or {}
    if "ingredient" in provided:
        options += [["ingredient", r] for r in recipes.needs(state, seat, provided["ingredient"])]
    if provided.get("equipment") and decks.deck_available(state, "equipment"):
        options.append(["equipment", None])
    if provided.get("rarity") and decks.deck_available(state, "rarity"):
        options.append(["rarity", None])
    options.append(["trophy", None])
    state.push({"kind": "reward", "seat": seat, "options": options, "hazard": fight["hazard"]})
    state.run([step(WildDefeat, hazard=fight["hazard"], region=region, char=char)])


def take_reward(state: PLState, seat: int, frame: Any, kind: str, rid: str | None) -> None:
    """A defeated hazard's reward: the Trophy Room, an ingredient, or (the card discarded) its
    Gems, an Equipment card or a Rarity."""
    hazard = state.content.region_card[frame["hazard"]]
    player = state.player(seat)
    if kind == "trophy":
        player["trophies"].append(frame["hazard"])
        state.log(f"{state.seat_name(seat)} puts the {hazard.name} in the Trophy Room.")
        return
    if kind == "ingredient":
        assert rid is not None
        recipes.tuck(state, seat, frame["hazard"], rid)
        return
    decks.discard_region_card(state, frame["hazard"])
    if kind == "gems":
        state.gain(seat, hazard.gems, f"carried by the {hazard.name}")
    elif kind == "equipment":
        state.run([VICTORY_EQUIPMENT])
    elif kind == "rarity":
        state.run([VICTORY_RARITY])


def pay_ally(state: PLState, seat: int, frame: Any) -> None:
    state.player(seat)["gems"] -= frame["cost"]
    state.data["fight"]["strength"] += frame["bonus"]
    state.log(
        f"{state.seat_name(seat)} pays the {state.content.allies[frame['ally']].name} "
        f"{frame['cost']} Gems for +{frame['bonus']}."
    )


# ---------------------------------------------------------------- what abilities add (views too)
def ability_bonus(
    content: Content, abilities: list[tuple[str, Effect]], region: str, hazard_type: str | None
) -> int:
    """Fighting Hazards: the Strength bonuses of Recipes, Equipment and a trained Bird in force
    against a hazard of ``hazard_type`` in ``region`` (weapons apart: only 1 is used)."""
    if not any(type(e) is FightBonus for _, e in abilities):  # no Situation to make
        return 0
    return total(abilities, FightBonus, situation(content, region, hazard_type))


def weapon_costs(content: Content, key: str) -> bool:
    """True for a weapon with a cost or drawback for being used (bang bombs lose a Gem)."""
    item = content.item.get(key)
    return item is not None and any(type(e) is WeaponGems for e in item.abilities)


def hazard_strength(content: Content, fight: Any) -> int:
    """The Strength to beat in a fight (a state's fight or a view's): the hazard's printed
    Strength, or the one drawn for it (solo: the necromancer's)."""
    if "hazard_strength" in fight:
        return int(fight["hazard_strength"])
    return int(content.region_card[fight["hazard"]].strength)


def weapon_bonuses(
    content: Content,
    abilities: list[tuple[str, Effect]],
    inventory: list[Any],
    hazard_type: str | None,
    forced: str | None,
) -> list[tuple[str, int]]:
    """Each weapon the Pauper holds with its bonus against a hazard of ``hazard_type`` (bang
    bombs: the Gems on them); only ``forced`` when a hazard may be fought with that weapon
    alone."""
    out: list[tuple[str, int]] = []
    against: Situation | None = None  # made for the first weapon (most Paupers hold none)
    for key, e in abilities:
        if forced and key != forced:
            continue
        if type(e) is Weapon:
            if against is None:
                against = situation(content, hazard_type=hazard_type)
            out.append((key, amount(e, against)))
        elif type(e) is WeaponGems:
            held = next(i for i in inventory if i["card"] == key)
            gems = amount(e, situation(content, gems=int(held["gems"])))
            if gems > 0:
                out.append((key, gems))
    return out
