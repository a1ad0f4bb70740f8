"""When the box is first opened (rulebook 'Creating New Characters', 'Buying And Selling Items'):
the six starting classes, all copies of items 001 to 014 in the supply, the first scenario, the
event decks shuffled and the personal quest deck."""

from __future__ import annotations

from tabletop.engine.rng import Rng

from ..data import game_data
from ..model import Campaign, City
from .common import _keep_rng, quests, slug
from .decks import rebuild_decks


def new_campaign(name: str, seed: int) -> Campaign:
    data = game_data()
    rng = Rng(seed)
    c = Campaign(id=slug(name), name=name, seed=seed, rng_state=rng.state)
    c.city = City(
        item_designs=data.prosperity_unlocks[1].item_ids(),
        unlocked_classes=[k for k, v in data.classes.items() if v.starting],
        unlocked_scenarios=list(data.rules.starting_scenarios),
    )
    rebuild_decks(c, rng)
    deck = sorted(quests(c))
    rng.shuffle(deck)
    c.city.quest_deck = deck
    _keep_rng(c, rng)
    return c
