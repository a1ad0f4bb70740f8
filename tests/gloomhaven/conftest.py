from __future__ import annotations

import pytest

from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.model import Campaign
from tabletop.store.gloomhaven import CampaignService


def make_campaign(seed: int = 1, classes: tuple[str, ...] = ("brute", "spellweaver")) -> Campaign:
    """A campaign with party 'lions' in Gloomhaven and one character per class, quests kept."""
    c = ops.new_campaign("Test", seed)
    ops.create_party(c, "Lions")
    for i, cls in enumerate(classes):
        name = f"{cls.title()}{i}"
        ops.create_character(c, "lions", name, f"player{i}", cls)
        ch = ops.character(c, name)
        ops.keep_quest(c, ch.id, ch.quest_offer[0])
    return c


def chars(c: Campaign) -> list:
    return ops.members(c, c.parties["lions"])


@pytest.fixture
def camp() -> Campaign:
    return make_campaign()


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'gh.db'}"


@pytest.fixture
def svc(url: str) -> CampaignService:
    s = CampaignService(url)
    s.create_campaign("Test", seed=5)
    s.create_party(None, "Lions")
    for name, cls in (("Ana", "brute"), ("Bo", "spellweaver")):
        s.create_character(None, "lions", name, name.lower(), cls)
        offer = s.get().characters[name.lower()].quest_offer
        s.keep_quest(None, name, offer[0])
    return s
