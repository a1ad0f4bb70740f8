"""What a new player met with the keeper's commands (card names for enhancements, messages in
words, negative adjustments, a quest kept at creation, items by name, --db once, several characters
in one command). Each test failed before its fix."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletop.cli.gloomhaven import app
from tabletop.games.gloomhaven import rules as ops
from tabletop.store.gloomhaven import CampaignService

from .conftest import make_campaign
from .test_cli import gh

runner = CliRunner()


def enhancer():
    c = make_campaign()
    c.city.global_achievements["The Power of Enhancement"] = 1
    ch = ops.character(c, "brute0")
    ch.xp, ch.gold = 95, 500
    return c


class TestEnhancingAbilityCards:
    def test_unknown_card_name_is_refused_listing_the_class_cards(self) -> None:
        c = enhancer()
        before = c.dump()
        with pytest.raises(ops.Refused) as exc:
            ops.enhance(c.model_copy(deep=True), "brute0", "Fireball", 1, "top", "move")
        text = str(exc.value)
        assert "the Brute has no ability card 'Fireball'" in text
        for known in ("Trample", "Skewer", "Brute Force", "Face Your End"):
            assert known in text
        assert c.dump() == before

    def test_a_card_of_another_class_is_refused(self) -> None:
        with pytest.raises(ops.Refused, match="no ability card 'Mana Bolt'"):
            ops.enhance(enhancer(), "brute0", "Mana Bolt", 1, "top", "move")

    def test_name_in_any_case_is_stored_as_printed_and_level_defaults_to_the_card(self) -> None:
        c = enhancer()
        ops.enhance(c, "brute0", "trample", None, "top", "move")
        e = c.city.enhancements["brute"][-1]
        assert (e.card, e.card_level, e.cost) == ("Trample", 1, 30)

    def test_x_cards_are_enhanced_at_level_one(self) -> None:
        c = enhancer()
        ops.enhance(c, "brute0", "Skewer", None, "bottom", "move")
        assert c.city.enhancements["brute"][-1].cost == 30

    def test_a_wrong_level_is_refused(self) -> None:
        with pytest.raises(ops.Refused, match="Trample is a level 1 card, not level 3"):
            ops.enhance(enhancer(), "brute0", "Trample", 3, "top", "move")

    def test_the_cli_takes_the_card_without_its_level(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        assert gh(url, "adjust", "global-achievement", "--name", "The Power of Enhancement")[0] == 0
        code, out = gh(url, "enhance", "ana", "--card", "Trample", "--sticker", "move")
        assert code == 0, out
        assert CampaignService(url).get().city.enhancements["brute"][0].card == "Trample"


class TestLevelingUp:
    def test_the_new_card_is_one_of_the_class_cards(self) -> None:
        c = enhancer()
        with pytest.raises(ops.Refused, match="no ability card 'Card Two'"):
            ops.level_up(c, "brute0", "Card Two", 2, "p")
        with pytest.raises(ops.Refused, match="Trample is a starting card"):
            ops.level_up(c, "brute0", "Trample", None, "p")
        with pytest.raises(ops.Refused, match="level 1 to 2; Brute Force is 3"):
            ops.level_up(c, "brute0", "Brute Force", None, "p")
        ops.level_up(c, "brute0", "juggernaut", None, "Add one +3 card")
        assert ops.character(c, "brute0").cards[-1].name == "Juggernaut"


class TestMessagesUseNames:
    def test_no_ids_or_command_names_in_what_happened(self) -> None:
        c = ops.new_campaign("Words", 3)
        ops.create_party(c, "Lions")
        ops.change_prosperity(c, 9)  # level 3
        out = ops.create_character(c, "lions", "Cy", "carol", "tinkerer", 3)
        text = "\n".join(out)
        offer = ops.character(c, "cy").quest_offer
        for q in offer:
            assert q not in text
            assert ops.quest_name(c, q) in text
        out += ops.keep_quest(c, "cy", ops.quest_name(c, offer[0]).upper())
        assert ops.character(c, "cy").personal_quest == offer[0]
        text = "\n".join(out)
        for command in ("keep-quest", "level-up", "rise-to-prosperity", "load-items", "--party"):
            assert command not in text
        with pytest.raises(ops.Refused) as exc:
            ops.adjust(c, "reputation", -1)
        assert "--party" not in str(exc.value)

    def test_unknown_character_lists_names(self, camp) -> None:
        with pytest.raises(ops.Refused, match=r"known: Brute0, Spellweaver1"):
            ops.character(camp, "zed")


def _campaign(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'keeper.db'}"
    assert gh(url, "new-campaign", "Saga", "--seed", "9")[0] == 0
    assert gh(url, "new-party", "Lions")[0] == 0
    for name, cls in (("Ana", "brute"), ("Bo", "spellweaver")):
        code, out = gh(url, "new-character", "lions", name, "--player", name, "--class", cls)
        assert code == 0, out
        offer = CampaignService(url).get().characters[name.lower()].quest_offer
        assert gh(url, "keep-quest", name.lower(), offer[0])[0] == 0
    return url


class TestCommandLine:
    def test_adjust_reputation_minus_one_as_the_help_says(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        code, out = gh(url, "adjust", "reputation", "-1", "--party", "lions")
        assert code == 0, out
        assert CampaignService(url).get().parties["lions"].reputation == -1

    def test_db_once_before_the_subcommand(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        result = runner.invoke(app, ["--db", url, "party", "lions"])
        assert result.exit_code == 0, result.output
        assert "Ana" in result.output
        result = runner.invoke(app, ["--db", url, "-c", "saga", "donate", "ana"])
        assert result.exit_code == 0, result.output
        assert "ana" in CampaignService(url).get().parties["lions"].donated

    def test_quest_kept_at_creation(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        svc = CampaignService(url)
        deck = svc.get().city.quest_deck
        quest = deck[0]
        name = ops.quest_name(svc.get(), quest)
        code, out = gh(
            url,
            "new-character",
            "lions",
            "Cy",
            "--player",
            "c",
            "--class",
            "tinkerer",
            "--quest",
            name,
        )
        assert code == 0, out
        c = svc.get()
        cy = c.characters["cy"]
        assert (cy.personal_quest, cy.quest_offer) == (quest, [])
        assert quest not in c.city.quest_deck and len(c.city.quest_deck) == len(deck) - 1
        doc = svc.document()
        new_character = ["new-character", "lions", "Di", "--player", "d", "--class", "brute"]
        refusals = {
            name: "not in the deck",
            "Slay the moon": "unknown personal quest 'Slay the moon'",
        }
        for quest_named, refusal in refusals.items():
            code, out = gh(url, *new_character, "--quest", quest_named)
            assert code == 2 and refusal in out, quest_named
        assert svc.document() == doc

    def test_buy_and_sell_by_name(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        code, out = gh(url, "buy", "ana", "boots of striding")
        assert code == 0, out
        assert CampaignService(url).get().characters["ana"].items == ["001"]
        code, out = gh(url, "sell", "ana", "Boots of Striding")
        assert code == 0, out
        assert CampaignService(url).get().characters["ana"].items == []
        code, out = gh(url, "buy", "ana", "Boots of Flying")
        assert code == 2 and "unknown item 'Boots of Flying'" in out

    def test_several_characters_buy_in_one_change(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        svc = CampaignService(url)
        n = len(svc.history())
        code, out = gh(url, "buy", "ana", "001", "bo", "Minor Healing Potion")
        assert code == 0, out
        c = svc.get()
        assert (c.characters["ana"].items, c.characters["bo"].items) == (["001"], ["012"])
        assert len(svc.history()) == n + 1
        doc = svc.document()
        code, out = gh(url, "buy", "ana", "012", "bo")
        assert code == 2 and "pairs" in out
        code, out = gh(url, "buy", "ana", "012", "bo", "001", "bo", "009")  # bo cannot pay
        assert code == 2 and "Bo has" in out
        assert svc.document() == doc  # all or nothing

    def test_several_characters_donate_in_one_change(self, tmp_path) -> None:
        url = _campaign(tmp_path)
        svc = CampaignService(url)
        code, out = gh(url, "donate", "ana", "bo")
        assert code == 0, out
        p = svc.get().parties["lions"]
        assert p.donated == ["ana", "bo"]
        assert svc.get().city.donations == 20
        assert svc.history()[-1]["arguments"] == {"character": "ana", "others": ["bo"]}
