"""Rules beyond the worked examples: set-up, Recipes, Birds, more cards, bad input."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import Action, BadParameter, IllegalAction, Rng, load
from tabletop.games.paupers_ladder import hidden
from tabletop.games.paupers_ladder.content import CITIES
from tabletop.games.paupers_ladder.hidden import shop
from tabletop.games.paupers_ladder.rules import decks
from tabletop.games.paupers_ladder.scenario import ScenarioError

from .helpers import inv, kinds, log_text, me, names, strength, table, tile

A = Action.of


class TestSettingUp:
    def test_shops_hold_one_rarity_with_dragonsbane_and_four_equipment(self) -> None:
        s = table(players=3, seed=11)
        shops = {
            c: shop(s.state, c) for c in CITIES
        }  # the cards in the Shops: no view shows them all
        assert [c.startswith("rar.") for c in shops["bluevale"]] == [True] + [False] * 4
        rar = [c for cards in shops.values() for c in cards if c.startswith("rar.")]
        assert len(rar) == 4 and "rar.dragonsbane" in rar
        assert all(len(cards) == 5 for cards in shops.values())
        assert all(sum(c.startswith("rar.") for c in cards) == 1 for cards in shops.values())
        assert all(q is not None for q in s.view(None)["quests"].values())

    @pytest.mark.parametrize(("players", "side"), [(2, "2"), (3, "3-4"), (4, "3-4")])
    def test_pauper_sides_by_player_count(self, players: int, side: str) -> None:
        s = table(players=players, seed=0)
        shown = s.view(0)["paupers_shown"]
        assert len(shown) == 4
        assert {s.state.content.paupers[p].side for p in shown} == {side}

    def test_first_game_birds_are_the_canary_crow_magpie_and_swift(self) -> None:
        for players in (2, 4):
            s = table(players=players, seed=7, first_game_birds=True)
            assert s.view(0)["birds_shown"] == ["canary", "crow", "magpie", "swift"]
            while s.view(0)["phase"] == "pauper":
                s.do("pauper", pauper=s.options()[0]["pauper"])
            offered = {a["bird"] for a in s.options()}
            assert offered == {"canary", "crow", "magpie", "swift"}
        solo = load("paupers-ladder", mode="solo", first_game_birds=True).new_state(3)
        assert solo.view(0)["birds_shown"] == ["canary", "crow", "magpie", "swift"]
        # the default shuffles the Bird deck: over a few seeds other Birds turn up
        shown = {
            b for seed in range(6) for b in table(players=2, seed=seed).view(None)["birds_shown"]
        }
        assert shown - {"canary", "crow", "magpie", "swift"}

    def test_full_set_up_order_birds_in_reverse_and_the_hidden_draft(self) -> None:
        s = table(players=3, seed=4)
        for seat in (0, 1, 2):
            assert s.state.prompt().seats == (seat,) and s.state.prompt().kind == "choose-pauper"
            s.do("pauper", pauper=s.options()[0]["pauper"])
        p0 = me(s)
        assert p0["gems"] == 5 and p0["outcome_count"] == 36
        assert p0["position"] == s.state.content.paupers[p0["pauper"]].city == p0["bird_position"]
        for seat in (2, 1, 0):  # Birds in reverse order
            assert s.state.prompt().seats == (seat,)
            s.do("bird", bird=s.options()[0]["bird"])
        # the draft: a simultaneous hidden choice
        for _round in range(3):
            assert s.state.prompt().kind == "draft" and s.state.prompt().seats == (0, 1, 2)
            hand1 = hidden.hand(s.state, 1)
            pick0 = s.options(0)[0]["recipe"]
            s.do("draft", by=0, recipe=pick0)
            assert s.state.prompt().seats == (1, 2)
            view1 = json.dumps(s.view(1))
            assert s.view(1)["commitments"] == {"committed": [0], "mine": None}
            assert s.view(0)["commitments"]["mine"]["args"] == {"recipe": pick0}
            assert f'"{pick0}"' not in view1 or pick0 in hand1
            s.do("draft", by=1, recipe=s.options(1)[0]["recipe"])
            s.do("draft", by=2, recipe=s.options(2)[0]["recipe"])
        assert all(len(me(s, seat)["recipes"]) == 3 for seat in (0, 1, 2))
        assert sum(st["count"] for st in s.view(None)["dispensary"]) == 36 - 9
        # one optional purchase from the starting City Shop, in turn order
        assert s.state.prompt().kind == "first-purchase" and s.state.prompt().seats == (0,)
        assert A("pass") in s.options()
        for _ in range(3):
            s.do("pass")
        assert s.state.prompt().kind == "turn" and s.view(0)["round"] == 1


class TestPlayingATurn:
    def test_both_characters_in_either_order_then_the_turn_passes(self) -> None:
        s = table({"seats": [{"position": "bluevale", "bird_position": "bluevale", "gems": 3}, {}]})
        s.do("act", char="bird")
        s.do("pass")
        s.do("act", char="pauper")
        s.do("pass")
        assert s.state.prompt().seats == (1,) and s.view(0)["turn"] == 1

    def test_paid_moves_cannot_revisit_a_region(self) -> None:
        s = table({"seats": [{"position": "mine-2", "gems": 9}, {}], "char": "pauper"})
        s.do("move", to="mine-1")
        assert A("move", to="mine-2") not in s.options()

    def test_birds_never_pay_for_extra_moves_but_a_trained_swift_flies_3(self) -> None:
        s = table({"seats": [{"bird_position": "mine-2", "gems": 9}, {}], "char": "bird"})
        s.do("move", to="mine-1")
        assert "move" not in kinds(s)
        s = table(
            {
                "seats": [{"bird": "swift", "trained": True, "bird_position": "mine-2"}, {}],
                "char": "bird",
            }
        )
        s.do("move", to="mine-1")
        s.do("move", to="beach-2")
        s.do("move", to="mountain-1")
        assert "move" not in kinds(s)

    def test_voluntary_discard_of_equipment(self) -> None:
        s = table({"seats": [{"inventory": ["dagger"]}, {}]})
        s.do("discard", item=inv(s, 0, "dagger"))
        assert s.view(0)["players"][0]["inventory"] == []
        assert names(s.view(0)["decks"]["equipment"]["discard"]) == ["dagger"]

    def test_missing_a_turn_after_the_water_mill(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "gems": 3}, {"gems": 2}],
                "char": "pauper",
                "done": ["bird"],
                "tiles": {"forest-1": ["water-mill"]},
                "tucked": {"water-mill": ["dagger"]},
            }
        )
        s.do("encounter", card=tile(s, "forest-1", "water-mill"))
        s.do("option", n=0)
        s.do("keep", card=s.options()[0]["card"])
        assert s.view(None)["tiles"]["forest-1"] == []  # no Equipment left: the mill goes
        assert s.view(0)["turn"] == 1
        for ch in ("pauper", "bird"):  # seat 1 stays in its City and passes
            s.do("act", char=ch)
            s.do("pass")
        assert s.view(0)["turn"] == 0
        assert s.view(0)["turn_state"]["done"] == ["pauper"]  # the Pauper misses this turn
        assert "missing" not in log_text(s) and "misses this turn" in log_text(s)


class TestRecipes:
    def test_two_strength_recipes_stack(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "pauper": "ognov",
                        "position": "mine-2",
                        "outcome": [2],
                        "recipes": [
                            {"recipe": "strength", "learned": True},
                            {"recipe": "strength", "learned": True},
                        ],
                    },
                    {},
                ],
                "char": "pauper",
                "tiles": {"mine-2": ["cave-troll"]},
            }
        )
        s.do("fight", card=tile(s, "mine-2", "cave-troll"))
        assert strength(s) == 4

    def test_swim_from_a_beach_to_any_coastal_region(self) -> None:
        s = table(
            {
                "seats": [
                    {"position": "beach-3", "recipes": [{"recipe": "swim", "learned": True}]},
                    {},
                ],
                "char": "pauper",
            }
        )
        assert A("swim", to="mine-2") not in s.options()  # Mines are inland
        s.do("swim", to="forest-2")
        assert s.view(0)["players"][0]["position"] == "forest-2"
        assert "move" not in kinds(s) and "draw" in kinds(s)

    def test_transmute_an_ingredient_for_2_gems_instead_of_exploring(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "forest-1",
                        "gems": 0,
                        "recipes": [{"recipe": "transmute", "learned": True}],
                    },
                    {},
                ],
                "char": "pauper",
                "tiles": {"forest-1": ["toadstools"]},
            }
        )
        s.do(
            "transmute",
            card=tile(s, "forest-1", "toadstools"),
            via=s.view(0)["players"][0]["recipes"][0]["recipe"],
        )
        assert s.view(0)["players"][0]["gems"] == 2 and s.view(None)["tiles"]["forest-1"] == []

    def test_foresight_peeks_privately_before_moving(self) -> None:
        s = table(
            {
                "seats": [{"recipes": [{"recipe": "foresight", "learned": True}]}, {}],
                "char": "pauper",
                "decks": {"mine": ["demon"]},
            }
        )
        s.do("foresight", via=s.view(0)["players"][0]["recipes"][0]["recipe"])
        s.do("peek", deck="mine")
        assert "demon" in log_text(s, 0) and "Top of the mine deck" not in log_text(s, 1)
        assert names(s.view(0)["players"][0]["region_known_top"]["mine"]) == ["demon"]
        assert "region_known_top" not in s.view(1)["players"][0]
        # the knowledge survives resampling for the seat that peeked
        r = s.state.resample(0, Rng(3))
        # the next card drawn from the redrawn deck is the one it saw
        assert decks.draw_from(r.clone(), "mine") == decks.draw_from(s.state.clone(), "mine")

    def test_teleport_instead_of_moving(self) -> None:
        s = table(
            {
                "seats": [
                    {"position": "mine-2", "recipes": [{"recipe": "teleport", "learned": True}]},
                    {},
                ],
                "char": "pauper",
            }
        )
        rid = s.view(0)["players"][0]["recipes"][0]["recipe"]
        s.do("teleport", to="lilacsville", via=rid)
        assert s.view(0)["players"][0]["position"] == "lilacsville"
        assert "move" not in kinds(s) and "shop" in kinds(s)

    def test_fleetfoot_gives_a_free_extra_move(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "beach-2",
                        "gems": 0,
                        "recipes": [{"recipe": "fleetfoot", "learned": True}],
                    },
                    {},
                ],
                "char": "pauper",
            }
        )
        s.do("move", to="mountain-1")
        s.do("move", to="mine-1")
        assert "move" not in kinds(s)  # no Gems for a third

    def test_the_burial_can_learn_a_recipe_in_learning_at_once(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "bluevale",
                        "trophies": ["skeleton"],
                        "recipes": ["storm", "swim", "haggle"],
                    },
                    {},
                ],
                "char": "pauper",
                "quests": {"bluevale": "the-burial"},
            }
        )
        s.do("quest", city="bluevale")
        s.do("pick", card=s.view(0)["players"][0]["trophies"][0])
        s.do("option", n=1)
        s.do("pick", card=s.view(0)["players"][0]["recipes"][1]["recipe"])
        assert s.view(0)["players"][0]["recipes"][1]["learned"]
        assert s.state.prompt().kind == "dispensary"


class TestMoreCards:
    def test_toll_bridge_charges_every_explorer(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "gems": 3}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["toll-bridge"]},
            }
        )
        s.do("draw")
        assert s.view(0)["players"][0]["gems"] == 2

    def test_swamp_lady_buys_a_pest(self) -> None:
        s = table(
            {
                "seats": [{"position": "swamp-1", "gems": 0, "trophies": ["pest"]}, {}],
                "char": "pauper",
                "tiles": {"swamp-1": ["swamp-lady"]},
            }
        )
        s.do("encounter", card=tile(s, "swamp-1", "swamp-lady"))
        s.do("option", n=0)
        s.do("pick", card=s.view(0)["players"][0]["trophies"][0])
        assert s.view(0)["players"][0]["gems"] == 6 and s.view(0)["players"][0]["trophies"] == []
        assert names(s.view(None)["tiles"]["swamp-1"]) == ["swamp-lady"]  # stays for good

    def test_pauper_only_event_does_nothing_for_a_bird(self) -> None:
        s = table(
            {
                "seats": [{"bird_position": "mine-2", "gems": 0}, {}],
                "char": "bird",
                "tiles": {"mine-2": ["gem-seam"]},
            }
        )
        s.do("encounter", card=tile(s, "mine-2", "gem-seam"))
        assert s.view(0)["players"][0]["gems"] == 0 and s.state.prompt().kind == "turn"

    def test_trained_bird_only_event(self) -> None:
        s = table(
            {
                "seats": [
                    {"bird": "owl", "bird_position": "mine-2", "gems": 0, "trained": True},
                    {},
                ],
                "char": "bird",
                "tiles": {"mine-2": ["bat-roost"]},
            }
        )
        s.do("encounter", card=tile(s, "mine-2", "bat-roost"))
        s.do("option", n=0)
        assert s.view(0)["players"][0]["gems"] == 4

    def test_pit_trap_fail_sends_the_character_home(self) -> None:
        s = table(
            {
                "seats": [{"pauper": "ognov", "position": "mine-2", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {"mine-2": ["pit-trap"]},
                "charm": [0],
            }
        )
        s.do("fight", card=tile(s, "mine-2", "pit-trap"))
        s.do("resolve")
        assert s.view(0)["players"][0]["position"] == "lilacsville"

    def test_lizard_man_fail_moves_it_to_another_beach(self) -> None:
        s = table(
            {
                "seats": [{"pauper": "ognov", "position": "beach-1", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {"beach-1": ["lizard-man"]},
            }
        )
        s.do("fight", card=tile(s, "beach-1", "lizard-man"))
        s.do("resolve")
        # FAIL: the player whose character lost chooses the other Beach Region
        assert s.state.prompt().kind == "relocate"
        assert s.state.prompt().seats == (0,)
        assert {a["region"] for a in s.options()} == {"beach-2", "beach-3"}
        assert s.state.describe_action(A("relocate", region="beach-3"), 0).startswith("Move it to")
        s.do("relocate", region="beach-3")
        assert s.view(None)["tiles"]["beach-1"] == []
        assert names(s.view(None)["tiles"]["beach-3"]) == ["lizard-man"]

    def test_lizard_man_fail_with_one_free_beach_moves_without_asking(self) -> None:
        s = table(
            {
                "seats": [{"pauper": "ognov", "position": "beach-1", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {
                    "beach-1": ["lizard-man"],
                    "beach-2": ["tide-pool", "giant-gull", "crab-swarm", "pearls"],
                },
            }
        )
        s.do("fight", card=tile(s, "beach-1", "lizard-man"))
        s.do("resolve")
        assert s.state.prompt().kind == "turn"
        assert names(s.view(None)["tiles"]["beach-3"]) == ["lizard-man"]

    def test_hazard_ingredient_reward_tucks_the_hazard(self) -> None:
        s = table(
            {
                "seats": [
                    {"pauper": "ognov", "position": "beach-1", "outcome": [8], "recipes": ["swim"]},
                    {},
                ],
                "char": "pauper",
                "tiles": {"beach-1": ["razor-fish"]},
            }
        )
        s.do("fight", card=tile(s, "beach-1", "razor-fish"))
        rid = s.view(0)["players"][0]["recipes"][0]["recipe"]
        s.do("reward", take="ingredient", recipe=rid)
        assert names(s.view(0)["players"][0]["recipes"][0]["ingredients"]) == ["razor-fish"]

    def test_a_bird_buys_into_its_paupers_inventory(self) -> None:
        s = table(
            {
                "seats": [{"bird_position": "bluevale", "gems": 9}, {}],
                "char": "bird",
                "shops": {"bluevale": ["dagger", "sword", "shield", "lantern", "boots"]},
            }
        )
        s.do("shop")
        buy = next(a for a in s.options() if a.kind == "buy")
        s.do("buy", card=buy["card"])
        assert len(s.view(0)["players"][0]["inventory"]) == 1

    def test_trained_caparrot_sells_for_2_more(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "bird": "caparrot",
                        "trained": True,
                        "bird_position": "bluevale",
                        "gems": 0,
                        "inventory": ["fatestone"],
                    },
                    {},
                ],
                "char": "bird",
            }
        )
        s.do("shop")
        sale = Action.of("sell", item=inv(s, 0, "fatestone"))
        assert s.state.describe_action(sale, 0) == "Sell the fatestone for 4 Gems"
        s.do("sell", item=inv(s, 0, "fatestone"))
        assert s.view(0)["players"][0]["gems"] == 4

    def test_magic_pouch_at_the_start_of_the_turn(self) -> None:
        s = table({"seats": [{}, {"pauper": "ognov", "gems": 2}], "done": ["pauper", "bird"]})
        s.do("end") if "end" in kinds(s) else None
        assert s.view(0)["turn"] == 1
        assert s.view(1)["players"][1]["gems"] == 3


class TestBadInput:
    def test_scenario_errors_name_the_problem(self) -> None:
        with pytest.raises(ScenarioError, match="unknown Pauper"):
            table({"seats": [{"pauper": "nobody"}, {}]})
        with pytest.raises(BadParameter, match="scenario spec, sets: Extra inputs"):
            table({"sets": []})
        with pytest.raises(ScenarioError, match="no Region card 'unicorn'"):
            table({"tiles": {"beach-1": ["unicorn"]}})

    def test_an_illegal_action_changes_nothing(self) -> None:
        s = table({"seats": [{"position": "beach-1"}, {}], "char": "pauper"})
        before = json.dumps(s.data, sort_keys=True)
        with pytest.raises(IllegalAction, match="move"):
            s.state.apply(A("move", to="lilacsville"))
        assert json.dumps(s.data, sort_keys=True) == before

    def test_describe_action_reads_like_english(self) -> None:
        s = table({"seats": [{"position": "beach-1"}, {}], "char": "pauper"})
        words = [s.state.describe_action(a, 0) for a in s.options()]
        assert "Move to Greyhaven" in words and "Draw a Region card" in words


class TestHiddenShops:
    def test_thieves_guild_shows_the_shops_only_to_the_payer(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "gems": 5}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["thieves-guild"]},
            }
        )
        s.do("encounter", card=tile(s, "forest-1", "thieves-guild"))
        s.do("option", n=0)
        other = json.dumps(s.view(1))
        for cards in [
            shop(s.state, c) for c in CITIES
        ]:  # every card in the Shops: no view shows them
            for cid in cards:
                assert f'"{cid}"' not in other
        mine = s.view(0)
        assert all(len(v["known"]) == v["count"] for v in mine["shops"].values())
