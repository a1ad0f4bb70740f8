"""Rules beyond the worked examples: set-up, Recipes, Birds, more cards, bad input."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import Action, IllegalAction, Rng, load
from tabletop.games.paupers_ladder.content import CITIES
from tabletop.games.paupers_ladder.hidden import shop
from tabletop.games.paupers_ladder.scenario import ScenarioError

from .helpers import act, build, game, inv, kinds, log_text, me, names, strength, tile

A = Action.of


class TestSettingUp:
    def test_shops_hold_one_rarity_with_dragonsbane_and_four_equipment(self) -> None:
        s = game(3).new_state(11)
        shops = {c: shop(s, c) for c in CITIES}  # the cards in the Shops: no view shows them all
        assert [c.startswith("rar.") for c in shops["bluevale"]] == [True] + [False] * 4
        rar = [c for cards in shops.values() for c in cards if c.startswith("rar.")]
        assert len(rar) == 4 and "rar.dragonsbane" in rar
        assert all(len(cards) == 5 for cards in shops.values())
        assert all(sum(c.startswith("rar.") for c in cards) == 1 for cards in shops.values())
        assert all(q is not None for q in s.view(None)["quests"].values())

    @pytest.mark.parametrize(("players", "side"), [(2, "2"), (3, "3-4"), (4, "3-4")])
    def test_pauper_sides_by_player_count(self, players: int, side: str) -> None:
        s = game(players).new_state(0)
        shown = s.view(0)["paupers_shown"]
        assert len(shown) == 4
        assert {s.C.paupers[p].side for p in shown} == {side}

    def test_first_game_birds_are_the_canary_crow_magpie_and_swift(self) -> None:
        for players in (2, 4):
            s = load("paupers-ladder", players=players, first_game_birds=True).new_state(7)
            assert s.view(0)["birds_shown"] == ["canary", "crow", "magpie", "swift"]
            while s.view(0)["phase"] == "pauper":
                act(s, "pauper", pauper=s.legal_actions()[0]["pauper"])
            offered = {a["bird"] for a in s.legal_actions()}
            assert offered == {"canary", "crow", "magpie", "swift"}
        solo = load("paupers-ladder", mode="solo", first_game_birds=True).new_state(3)
        assert solo.view(0)["birds_shown"] == ["canary", "crow", "magpie", "swift"]
        # the default shuffles the Bird deck: over a few seeds other Birds turn up
        shown = {b for seed in range(6) for b in game(2).new_state(seed).view(None)["birds_shown"]}
        assert shown - {"canary", "crow", "magpie", "swift"}

    def test_full_set_up_order_birds_in_reverse_and_the_hidden_draft(self) -> None:
        s = game(3).new_state(4)
        for seat in (0, 1, 2):
            assert s.prompt().seats == (seat,) and s.prompt().kind == "choose-pauper"
            act(s, "pauper", pauper=s.legal_actions()[0]["pauper"])
        p0 = me(s)
        assert p0["gems"] == 5 and p0["outcome_count"] == 36
        assert p0["position"] == s.C.paupers[p0["pauper"]].city == p0["bird_position"]
        for seat in (2, 1, 0):  # Birds in reverse order
            assert s.prompt().seats == (seat,)
            act(s, "bird", bird=s.legal_actions()[0]["bird"])
        # the draft: a simultaneous hidden choice
        for _round in range(3):
            assert s.prompt().kind == "draft" and s.prompt().seats == (0, 1, 2)
            hand1 = list(s.hand(1))
            pick0 = s.legal_actions(0)[0]["recipe"]
            act(s, "draft", seat=0, recipe=pick0)
            assert s.prompt().seats == (1, 2)
            view1 = json.dumps(s.view(1))
            assert s.view(1)["commitments"] == {"committed": [0], "mine": None}
            assert s.view(0)["commitments"]["mine"]["args"] == {"recipe": pick0}
            assert f'"{pick0}"' not in view1 or pick0 in hand1
            act(s, "draft", seat=1, recipe=s.legal_actions(1)[0]["recipe"])
            act(s, "draft", seat=2, recipe=s.legal_actions(2)[0]["recipe"])
        assert all(len(me(s, seat)["recipes"]) == 3 for seat in (0, 1, 2))
        assert sum(st["count"] for st in s.view(None)["dispensary"]) == 36 - 9
        # one optional purchase from the starting City Shop, in turn order
        assert s.prompt().kind == "first-purchase" and s.prompt().seats == (0,)
        assert A("pass") in s.legal_actions()
        for _ in range(3):
            act(s, "pass")
        assert s.prompt().kind == "turn" and s.view(0)["round"] == 1


class TestPlayingATurn:
    def test_both_characters_in_either_order_then_the_turn_passes(self) -> None:
        s = build({"seats": [{"position": "bluevale", "bird_position": "bluevale", "gems": 3}, {}]})
        act(s, "act", char="bird")
        act(s, "pass")
        act(s, "act", char="pauper")
        act(s, "pass")
        assert s.prompt().seats == (1,) and s.view(0)["turn"] == 1

    def test_paid_moves_cannot_revisit_a_region(self) -> None:
        s = build({"seats": [{"position": "mine-2", "gems": 9}, {}], "char": "pauper"})
        act(s, "move", to="mine-1")
        assert A("move", to="mine-2") not in s.legal_actions()

    def test_birds_never_pay_for_extra_moves_but_a_trained_swift_flies_3(self) -> None:
        s = build({"seats": [{"bird_position": "mine-2", "gems": 9}, {}], "char": "bird"})
        act(s, "move", to="mine-1")
        assert "move" not in kinds(s)
        s = build(
            {
                "seats": [{"bird": "swift", "trained": True, "bird_position": "mine-2"}, {}],
                "char": "bird",
            }
        )
        act(s, "move", to="mine-1")
        act(s, "move", to="beach-2")
        act(s, "move", to="mountain-1")
        assert "move" not in kinds(s)

    def test_voluntary_discard_of_equipment(self) -> None:
        s = build({"seats": [{"inventory": ["dagger"]}, {}]})
        act(s, "discard", item=inv(s, 0, "dagger"))
        assert s.view(0)["players"][0]["inventory"] == []
        assert names(s.view(0)["decks"]["equipment"]["discard"]) == ["dagger"]

    def test_missing_a_turn_after_the_water_mill(self) -> None:
        s = build(
            {
                "seats": [{"position": "forest-1", "gems": 3}, {"gems": 2}],
                "char": "pauper",
                "done": ["bird"],
                "tiles": {"forest-1": ["water-mill"]},
                "tucked": {"water-mill": ["dagger"]},
            }
        )
        act(s, "encounter", card=tile(s, "forest-1", "water-mill"))
        act(s, "option", n=0)
        act(s, "keep", card=s.legal_actions()[0]["card"])
        assert s.view(None)["tiles"]["forest-1"] == []  # no Equipment left: the mill goes
        assert s.view(0)["turn"] == 1
        for ch in ("pauper", "bird"):  # seat 1 stays in its City and passes
            act(s, "act", char=ch)
            act(s, "pass")
        assert s.view(0)["turn"] == 0
        assert s.view(0)["turn_state"]["done"] == ["pauper"]  # the Pauper misses this turn
        assert "missing" not in log_text(s) and "misses this turn" in log_text(s)


class TestRecipes:
    def test_two_strength_recipes_stack(self) -> None:
        s = build(
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
        act(s, "fight", card=tile(s, "mine-2", "cave-troll"))
        assert strength(s) == 4

    def test_swim_from_a_beach_to_any_coastal_region(self) -> None:
        s = build(
            {
                "seats": [
                    {"position": "beach-3", "recipes": [{"recipe": "swim", "learned": True}]},
                    {},
                ],
                "char": "pauper",
            }
        )
        assert A("swim", to="mine-2") not in s.legal_actions()  # Mines are inland
        act(s, "swim", to="forest-2")
        assert s.view(0)["players"][0]["position"] == "forest-2"
        assert "move" not in kinds(s) and "draw" in kinds(s)

    def test_transmute_an_ingredient_for_2_gems_instead_of_exploring(self) -> None:
        s = build(
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
        act(
            s,
            "transmute",
            card=tile(s, "forest-1", "toadstools"),
            via=s.view(0)["players"][0]["recipes"][0]["recipe"],
        )
        assert s.view(0)["players"][0]["gems"] == 2 and s.view(None)["tiles"]["forest-1"] == []

    def test_foresight_peeks_privately_before_moving(self) -> None:
        s = build(
            {
                "seats": [{"recipes": [{"recipe": "foresight", "learned": True}]}, {}],
                "char": "pauper",
                "decks": {"mine": ["demon"]},
            }
        )
        act(s, "foresight", via=s.view(0)["players"][0]["recipes"][0]["recipe"])
        act(s, "peek", deck="mine")
        assert "demon" in log_text(s, 0) and "Top of the mine deck" not in log_text(s, 1)
        assert names(s.view(0)["players"][0]["region_known_top"]["mine"]) == ["demon"]
        assert "region_known_top" not in s.view(1)["players"][0]
        # the knowledge survives resampling for the seat that peeked
        r = s.resample(0, Rng(3))
        # the next card drawn from the redrawn deck is the one it saw
        assert r.clone().draw_from("mine") == s.clone().draw_from("mine")

    def test_teleport_instead_of_moving(self) -> None:
        s = build(
            {
                "seats": [
                    {"position": "mine-2", "recipes": [{"recipe": "teleport", "learned": True}]},
                    {},
                ],
                "char": "pauper",
            }
        )
        rid = s.view(0)["players"][0]["recipes"][0]["recipe"]
        act(s, "teleport", to="lilacsville", via=rid)
        assert s.view(0)["players"][0]["position"] == "lilacsville"
        assert "move" not in kinds(s) and "shop" in kinds(s)

    def test_fleetfoot_gives_a_free_extra_move(self) -> None:
        s = build(
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
        act(s, "move", to="mountain-1")
        act(s, "move", to="mine-1")
        assert "move" not in kinds(s)  # no Gems for a third

    def test_the_burial_can_learn_a_recipe_in_learning_at_once(self) -> None:
        s = build(
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
        act(s, "quest", city="bluevale")
        act(s, "pick", card=s.view(0)["players"][0]["trophies"][0])
        act(s, "option", n=1)
        act(s, "pick", card=s.view(0)["players"][0]["recipes"][1]["recipe"])
        assert s.view(0)["players"][0]["recipes"][1]["learned"]
        assert s.prompt().kind == "dispensary"


class TestMoreCards:
    def test_toll_bridge_charges_every_explorer(self) -> None:
        s = build(
            {
                "seats": [{"position": "forest-1", "gems": 3}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["toll-bridge"]},
            }
        )
        act(s, "draw")
        assert s.view(0)["players"][0]["gems"] == 2

    def test_swamp_lady_buys_a_pest(self) -> None:
        s = build(
            {
                "seats": [{"position": "swamp-1", "gems": 0, "trophies": ["pest"]}, {}],
                "char": "pauper",
                "tiles": {"swamp-1": ["swamp-lady"]},
            }
        )
        act(s, "encounter", card=tile(s, "swamp-1", "swamp-lady"))
        act(s, "option", n=0)
        act(s, "pick", card=s.view(0)["players"][0]["trophies"][0])
        assert s.view(0)["players"][0]["gems"] == 6 and s.view(0)["players"][0]["trophies"] == []
        assert names(s.view(None)["tiles"]["swamp-1"]) == ["swamp-lady"]  # stays for good

    def test_pauper_only_event_does_nothing_for_a_bird(self) -> None:
        s = build(
            {
                "seats": [{"bird_position": "mine-2", "gems": 0}, {}],
                "char": "bird",
                "tiles": {"mine-2": ["gem-seam"]},
            }
        )
        act(s, "encounter", card=tile(s, "mine-2", "gem-seam"))
        assert s.view(0)["players"][0]["gems"] == 0 and s.prompt().kind == "turn"

    def test_trained_bird_only_event(self) -> None:
        s = build(
            {
                "seats": [
                    {"bird": "owl", "bird_position": "mine-2", "gems": 0, "trained": True},
                    {},
                ],
                "char": "bird",
                "tiles": {"mine-2": ["bat-roost"]},
            }
        )
        act(s, "encounter", card=tile(s, "mine-2", "bat-roost"))
        act(s, "option", n=0)
        assert s.view(0)["players"][0]["gems"] == 4

    def test_pit_trap_fail_sends_the_character_home(self) -> None:
        s = build(
            {
                "seats": [{"pauper": "ognov", "position": "mine-2", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {"mine-2": ["pit-trap"]},
                "charm": [0],
            }
        )
        act(s, "fight", card=tile(s, "mine-2", "pit-trap"))
        act(s, "resolve")
        assert s.view(0)["players"][0]["position"] == "lilacsville"

    def test_lizard_man_fail_moves_it_to_another_beach(self) -> None:
        s = build(
            {
                "seats": [{"pauper": "ognov", "position": "beach-1", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {"beach-1": ["lizard-man"]},
            }
        )
        act(s, "fight", card=tile(s, "beach-1", "lizard-man"))
        act(s, "resolve")
        # FAIL: the player whose character lost chooses the other Beach Region
        assert s.prompt().kind == "relocate"
        assert s.prompt().seats == (0,)
        assert {a["region"] for a in s.legal_actions()} == {"beach-2", "beach-3"}
        assert s.describe_action(A("relocate", region="beach-3"), 0).startswith("Move it to")
        act(s, "relocate", region="beach-3")
        assert s.view(None)["tiles"]["beach-1"] == []
        assert names(s.view(None)["tiles"]["beach-3"]) == ["lizard-man"]

    def test_lizard_man_fail_with_one_free_beach_moves_without_asking(self) -> None:
        s = build(
            {
                "seats": [{"pauper": "ognov", "position": "beach-1", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {
                    "beach-1": ["lizard-man"],
                    "beach-2": ["tide-pool", "giant-gull", "crab-swarm", "pearls"],
                },
            }
        )
        act(s, "fight", card=tile(s, "beach-1", "lizard-man"))
        act(s, "resolve")
        assert s.prompt().kind == "turn"
        assert names(s.view(None)["tiles"]["beach-3"]) == ["lizard-man"]

    def test_hazard_ingredient_reward_tucks_the_hazard(self) -> None:
        s = build(
            {
                "seats": [
                    {"pauper": "ognov", "position": "beach-1", "outcome": [8], "recipes": ["swim"]},
                    {},
                ],
                "char": "pauper",
                "tiles": {"beach-1": ["razor-fish"]},
            }
        )
        act(s, "fight", card=tile(s, "beach-1", "razor-fish"))
        rid = s.view(0)["players"][0]["recipes"][0]["recipe"]
        act(s, "reward", take="ingredient", recipe=rid)
        assert names(s.view(0)["players"][0]["recipes"][0]["ingredients"]) == ["razor-fish"]

    def test_a_bird_buys_into_its_paupers_inventory(self) -> None:
        s = build(
            {
                "seats": [{"bird_position": "bluevale", "gems": 9}, {}],
                "char": "bird",
                "shops": {"bluevale": ["dagger", "sword", "shield", "lantern", "boots"]},
            }
        )
        act(s, "shop")
        buy = next(a for a in s.legal_actions() if a.kind == "buy")
        act(s, "buy", card=buy["card"])
        assert len(s.view(0)["players"][0]["inventory"]) == 1

    def test_trained_caparrot_sells_for_2_more(self) -> None:
        s = build(
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
        act(s, "shop")
        act(s, "sell", item=inv(s, 0, "fatestone"))
        assert s.view(0)["players"][0]["gems"] == 4

    def test_magic_pouch_at_the_start_of_the_turn(self) -> None:
        s = build({"seats": [{}, {"pauper": "ognov", "gems": 2}], "done": ["pauper", "bird"]})
        act(s, "end") if "end" in kinds(s) else None
        assert s.view(0)["turn"] == 1
        assert s.view(1)["players"][1]["gems"] == 3


class TestBadInput:
    def test_scenario_errors_name_the_problem(self) -> None:
        with pytest.raises(ScenarioError, match="unknown Pauper"):
            build({"seats": [{"pauper": "nobody"}, {}]})
        with pytest.raises(ScenarioError, match="unknown scenario keys"):
            build({"sets": []})
        with pytest.raises(ScenarioError, match="no Region card 'unicorn'"):
            build({"tiles": {"beach-1": ["unicorn"]}})

    def test_an_illegal_action_changes_nothing(self) -> None:
        s = build({"seats": [{"position": "beach-1"}, {}], "char": "pauper"})
        before = json.dumps(s.data, sort_keys=True)
        with pytest.raises(IllegalAction, match="move"):
            s.apply(A("move", to="lilacsville"))
        assert json.dumps(s.data, sort_keys=True) == before

    def test_describe_action_reads_like_english(self) -> None:
        s = build({"seats": [{"position": "beach-1"}, {}], "char": "pauper"})
        words = [s.describe_action(a, 0) for a in s.legal_actions()]
        assert "Move to Greyhaven" in words and "Draw a Region card" in words


class TestHiddenShops:
    def test_thieves_guild_shows_the_shops_only_to_the_payer(self) -> None:
        s = build(
            {
                "seats": [{"position": "forest-1", "gems": 5}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["thieves-guild"]},
            }
        )
        act(s, "encounter", card=tile(s, "forest-1", "thieves-guild"))
        act(s, "option", n=0)
        other = json.dumps(s.view(1))
        for cards in [shop(s, c) for c in CITIES]:  # every card in the Shops: no view shows them
            for cid in cards:
                assert f'"{cid}"' not in other
        mine = s.view(0)
        assert all(len(v["known"]) == v["count"] for v in mine["shops"].values())
