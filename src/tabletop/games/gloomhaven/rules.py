"""Pure rule functions over the static tables: levels, prices, enhancement costs, scenario level."""

from __future__ import annotations

from tabletop.engine.errors import IllegalAction

from .data import game_data

MAX_LEVEL = 9


def level_for_xp(xp: int) -> int:
    """The highest level whose minimum XP is at most ``xp`` (rulebook p. 44 table)."""
    table = game_data().xp
    return max(level for level, need in table.items() if xp >= need)


def xp_minimum(level: int) -> int:
    """The minimum experience of a level (the number under it on the character sheet)."""
    table = game_data().xp
    if level not in table:
        raise IllegalAction(f"level must be 1 to {MAX_LEVEL}, got {level}")
    return table[level]


def prosperity_level(checkmarks: int) -> int:
    """Prosperity level reached with this many checkmarks on the track."""
    table = game_data().prosperity
    return max(level for level, need in table.items() if checkmarks >= need)


def prosperity_minimum(level: int) -> int:
    return game_data().prosperity[level]


def prosperity_maximum() -> int:
    """The last box of the track: reaching it is level 9; more checkmarks are not kept."""
    return max(game_data().prosperity.values())


def price_modifier(reputation: int) -> int:
    """Gold added to (positive) or taken off (negative) each purchase at this reputation."""
    for row in game_data().price_modifiers:
        if row.min <= reputation <= row.max:
            return row.modifier
    raise IllegalAction(f"reputation must be -20 to 20, got {reputation}")


def buy_price(cost: int, reputation: int) -> int:
    return max(0, cost + price_modifier(reputation))


def sell_price(cost: int) -> int:
    """Half the printed price, rounded down; reputation does not matter."""
    return cost // 2


STICKERS = [
    "move",
    "attack",
    "range",
    "shield",
    "push",
    "pull",
    "pierce",
    "retaliate",
    "heal",
    "target",
    "summon-move",
    "summon-attack",
    "summon-range",
    "summon-hp",
    "poison",
    "wound",
    "muddle",
    "immobilize",
    "disarm",
    "curse",
    "strengthen",
    "bless",
    "jump",
    "element",
    "any-element",
    "attack-hex",
]


def enhancement_cost(
    sticker: str,
    card_level: int,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
    previous: int = 0,
) -> int:
    """Gold for one enhancement sticker (rulebook p. 47 and its Brute example).

    base (attack hex: 200 / hexes targeted now, rounded down), doubled when the ability targets
    several figures (never for an attack hex), + 25 per card level above 1, + 75 per enhancement
    already on the same action."""
    data = game_data()
    row = data.stickers.get(sticker)
    if row is None:
        raise IllegalAction(
            f"unknown enhancement sticker {sticker!r}; one of: {', '.join(data.stickers)}"
        )
    if card_level not in data.level_surcharge:
        raise IllegalAction(f"card level must be 1 to {MAX_LEVEL}, got {card_level}")
    if previous < 0:
        raise IllegalAction(f"previous enhancements cannot be negative, got {previous}")
    if row.divided_by_hexes:
        if hexes is None or hexes < 1:
            raise IllegalAction("an attack hex needs the number of hexes the attack targets now")
        base = row.base // hexes
    else:
        if hexes is not None:
            raise IllegalAction("a number of hexes only applies to the attack-hex sticker")
        base = row.base * (2 if multi_target else 1)
    if previous in data.previous_surcharge:
        extra = data.previous_surcharge[previous]
    else:  # the printed table stops at 3; the rule "+75 each" continues (ruling)
        extra = 75 * previous
    return base + data.level_surcharge[card_level] + extra


def scenario_level(party_levels: list[int], difficulty: str = "normal") -> int:
    """Recommended level: ceil(average level / 2) adjusted by difficulty, kept in 0..7."""
    if not party_levels:
        raise IllegalAction("a scenario level needs at least one character")
    data = game_data()
    if difficulty not in data.difficulty:
        raise IllegalAction(
            f"unknown difficulty {difficulty!r}; one of {', '.join(data.difficulty)}"
        )
    avg_half = -(-sum(party_levels) // (2 * len(party_levels)))  # ceil(average / 2)
    return max(0, min(7, avg_half + data.difficulty[difficulty]))
