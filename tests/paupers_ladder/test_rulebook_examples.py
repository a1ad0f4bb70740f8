"""Every numbered worked example of the rulebook, rebuilt with the scenario builder."""

from __future__ import annotations

from tabletop.engine import Action, piles

from .helpers import inv, kinds, log_text, me, names, strength, table, tile

A = Action.of


class TestMoving:
    def test_example_1_bird_moves_from_swamp_into_connected_forest(self) -> None:
        s = table({"seats": [{"bird_position": "swamp-1"}, {}], "char": "bird"})
        assert A("move", to="forest-1") in s.options()
        s.do("move", to="forest-1")
        assert s.view(0)["players"][0]["bird_position"] == "forest-1"
        # a Bird moves at most 1 Region; it now explores the Forest
        assert "move" not in kinds(s)
        assert "draw" in kinds(s)

    def test_example_2_pauper_pays_2_gems_for_2_extra_regions_and_ends_in_a_mine(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "pauper": "ognov",
                        "position": "beach-2",
                        "bird_position": "forest-1",
                        "gems": 5,
                    },
                    {},
                ],
                "char": "pauper",
            }
        )
        s.do("move", to="mountain-1")  # the first Region is free
        assert s.view(0)["players"][0]["gems"] == 5
        s.do("move", to="mine-1")
        s.do("move", to="mine-2")
        assert (me(s)["position"], me(s)["gems"]) == ("mine-2", 3)
        s.do("draw")
        # the Bird stays where it is, in the Forest, and explores it
        s2 = table({"seats": [{"bird_position": "forest-1"}, {}], "char": "bird"})
        assert "draw" in kinds(s2)
        s2.do("draw")
        assert s2.view(0)["players"][0]["bird_position"] == "forest-1"

    def test_a_hazard_stops_movement_and_must_be_fought(self) -> None:
        s = table(
            {
                "seats": [{"position": "greyhaven", "gems": 9}, {}],
                "char": "pauper",
                "tiles": {"beach-1": ["giant-gull"]},
            }
        )
        s.do("move", to="beach-1")
        assert kinds(s) <= {"fight", "learn", "train", "use", "discard-fragile"}
        assert "fight" in kinds(s)

    def test_starting_in_a_hazards_region_the_character_may_leave(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1"}, {}],
                "char": "pauper",
                "tiles": {"beach-1": ["giant-gull"]},
            }
        )
        assert {"move", "fight"} <= kinds(s)

    def test_regions_with_hazards_cannot_be_moved_through(self) -> None:
        s = table(
            {
                "seats": [{"position": "greyhaven", "gems": 9}, {}],
                "char": "pauper",
                "tiles": {"mountain-1": ["giant"]},
            }
        )
        s.do("move", to="mountain-1")
        assert "move" not in kinds(s)


class TestExploringWildRegions:
    def test_example_3_bird_draws_a_mine_card_onto_an_empty_tile(self) -> None:
        s = table(
            {
                "seats": [{"bird_position": "mine-2", "recipes": ["storm"]}, {}],
                "char": "bird",
                "decks": {"mine": ["pearls"]},
            }
        )
        s.do("draw")
        assert names(s.view(None)["tiles"]["mine-2"]) == ["pearls"]
        # the Bird encounters it: pearls serve storm, so it may tuck them for its Pauper
        assert s.state.prompt().kind == "ingredient"
        s.do("tuck", recipe=s.view(0)["players"][0]["recipes"][0]["recipe"])
        assert names(s.view(0)["players"][0]["recipes"][0]["ingredients"]) == ["pearls"]
        assert s.view(None)["tiles"]["mine-2"] == []

    def test_example_4_pauper_chooses_the_toadstool_already_in_the_forest(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "recipes": ["storm"]}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["toadstools"]},
            }
        )
        s.do("encounter", card=tile(s, "forest-1", "toadstools"))
        s.do("tuck", recipe=s.view(0)["players"][0]["recipes"][0]["recipe"])
        assert names(s.view(0)["players"][0]["recipes"][0]["ingredients"]) == ["toadstools"]

    def test_no_empty_tile_means_a_card_already_there_must_be_chosen(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1"}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["toadstools", "oak-moss", "pixie-dust", "toadstools"]},
            }
        )
        assert "draw" not in kinds(s)
        assert "encounter" in kinds(s)

    def test_an_unneeded_ingredient_stays_in_the_region(self) -> None:
        s = table(
            {
                "seats": [{"position": "swamp-1", "recipes": ["strength"]}, {}],
                "char": "pauper",
                "tiles": {"swamp-1": ["ectoplasm"]},
            }
        )
        s.do("encounter", card=tile(s, "swamp-1", "ectoplasm"))
        assert names(s.view(None)["tiles"]["swamp-1"]) == ["ectoplasm"]
        assert s.view(0)["turn_state"]["char"] is None  # the turn of that character ended

    def test_fragile_ingredient_may_be_discarded_before_exploring(self) -> None:
        s = table(
            {
                "seats": [{"position": "swamp-1"}, {}],
                "char": "pauper",
                "tiles": {"swamp-1": ["fragile-ectoplasm"]},
            }
        )
        s.do("discard-fragile", card=tile(s, "swamp-1", "fragile-ectoplasm"))
        assert s.view(None)["tiles"]["swamp-1"] == []
        assert "draw" in kinds(s)


def fight_spec(hazard: str, region: str, outcome: list[object], **seat: object) -> dict:
    me = {"pauper": "ognov", "position": region, "gems": 5, "outcome": outcome}
    me.update(seat)
    return {"seats": [me, {}], "char": "pauper", "tiles": {region: [hazard]}}


class TestFightingHazards:
    def test_example_1_outcome_5_equals_the_lizard_mans_5_and_defeats_it(self) -> None:
        s = table(fight_spec("lizard-man", "beach-1", [5]))
        s.do("fight", card=tile(s, "beach-1", "lizard-man"))
        # 5 already equals the lizard man's 5: nothing to boost, the fight resolves as a win
        assert s.state.prompt().kind == "reward"
        s.do("reward", take="trophy", recipe=None)
        assert names(s.view(0)["players"][0]["trophies"]) == ["lizard-man"]
        assert s.view(None)["tiles"]["beach-1"] == []

    def test_example_2_strength_1_pays_the_cheery_dwarf_3_gems_to_beat_the_pest(self) -> None:
        s = table(fight_spec("pest", "swamp-1", ["1:cheery-dwarf"]))
        s.do("fight", card=tile(s, "swamp-1", "pest"))
        assert s.state.prompt().kind == "ally"
        s.do("pay-ally")
        assert s.view(0)["players"][0]["gems"] == 2
        assert "Strength 4 against 4" in log_text(s)
        s.do("reward", take="gems", recipe=None)
        assert s.view(0)["players"][0]["gems"] == 4  # the pest carried 2 Gems

    def test_example_3_strength_6_pays_1_gem_and_rolls_2_to_beat_the_giant(self) -> None:
        s = table({**fight_spec("giant", "mountain-1", [6]), "charm": [2]})
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert strength(s) == 6
        assert s.state.prompt().kind == "boost"
        assert s.state.describe_action(Action.of("charm"), 0) == "Roll the lucky charm (1 Gem)"
        s.do("charm")
        assert s.view(0)["players"][0]["gems"] == 4
        assert s.state.prompt().kind == "reward"  # 6 + 2 = 8 beats the giant's 7
        assert "Strength 8 against 7" in log_text(s)

    def test_the_lucky_charm_is_used_once_per_fight(self) -> None:
        s = table({**fight_spec("giant", "mountain-1", [0]), "charm": [0]})
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        s.do("charm")
        # no second roll: with nothing else to add, the fight resolves (and is lost)
        assert s.state.prompt().kind == "turn"
        assert s.view(None)["last_fight"]["strength"] == 0 and not s.view(None)["last_fight"]["won"]

    def test_failing_leaves_the_hazard_and_applies_fail_razor_fish(self) -> None:
        s = table(fight_spec("razor-fish", "beach-1", [2], trophies=["pest", "giant-gull"]))
        s.do("fight", card=tile(s, "beach-1", "razor-fish"))
        s.do("resolve")
        # FAIL: discard 1 vermin from the Trophy Room (both are vermin: the player picks)
        assert s.state.prompt().kind == "pick"
        s.do("pick", card=s.view(0)["players"][0]["trophies"][0])
        assert len(s.view(0)["players"][0]["trophies"]) == 1
        assert names(s.view(None)["tiles"]["beach-1"]) == ["razor-fish"]

    def test_one_weapon_only_plus_other_equipment_and_recipes(self) -> None:
        s = table(
            fight_spec(
                "giant",
                "mountain-1",
                [3],
                inventory=["sword", "dagger", "shield"],
                recipes=[{"recipe": "strength", "learned": True}],
            )
        )
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        # two weapons: the player chooses the 1 weapon used (3 + shield 1 + strength 1 so far)
        assert s.state.prompt().kind == "weapon" and s.state.prompt().seats == (0,)
        assert {a["item"] for a in s.options()} == {inv(s, 0, "sword"), inv(s, 0, "dagger")}
        assert strength(s) == 5
        assert "sword (+2)" in s.state.describe_action(A("weapon", item=inv(s, 0, "sword")), 0)
        s.do("weapon", item=inv(s, 0, "sword"))
        # 3 + sword 2 (not the dagger too) + shield 1 + strength 1
        assert strength(s) == 7

    def test_one_weapon_the_player_may_choose_the_weaker_one(self) -> None:
        s = table(fight_spec("giant", "mountain-1", [3], inventory=["sword", "dagger"]))
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        s.do("weapon", item=inv(s, 0, "dagger"))
        assert strength(s) == 3 + 1 and s.view(0)["fight"]["weapon"] == inv(s, 0, "dagger")

    def test_a_single_weapon_is_used_without_asking(self) -> None:
        s = table(fight_spec("giant", "mountain-1", [3], inventory=["sword"]))
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert s.state.prompt().kind == "boost" and strength(s) == 5

    def test_a_recipe_learned_this_turn_is_not_usable_yet(self) -> None:
        s = table(
            fight_spec(
                "giant",
                "mountain-1",
                [3],
                recipes=[{"recipe": "strength", "learned": True, "fresh": True}],
            )
        )
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert strength(s) == 3

    def test_birds_use_no_weapons_equipment_or_recipes(self) -> None:
        spec = fight_spec("giant", "mountain-1", [3], inventory=["sword"])
        spec["seats"][0]["bird_position"] = "mountain-1"
        spec["char"] = "bird"
        s = table(spec)
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert strength(s) == 3

    def test_each_character_fights_once_then_its_turn_ends(self) -> None:
        s = table(fight_spec("pest", "swamp-1", [6]))
        s.do("fight", card=tile(s, "swamp-1", "pest"))
        s.do("reward", take="gems", recipe=None)
        assert s.state.prompt().kind == "turn"
        assert s.view(0)["turn_state"]["done"] == ["pauper"]


class TestAllies:
    def test_city_guard_adds_2_in_a_region_connected_to_a_city(self) -> None:
        s = table(fight_spec("pest", "beach-1", ["2:city-guard"]))
        s.do("fight", card=tile(s, "beach-1", "pest"))
        assert strength(s) == 4

    def test_city_guard_adds_nothing_away_from_cities(self) -> None:
        s = table(fight_spec("pest", "mine-2", ["2:city-guard"]))
        s.do("fight", card=tile(s, "mine-2", "pest"))
        assert strength(s) == 2

    def test_coastguard_draws_another_card_and_allies_chain(self) -> None:
        s = table(fight_spec("giant", "beach-1", ["1:coastguard", "2:coastguard", 5]))
        s.do("fight", card=tile(s, "beach-1", "giant"))
        assert strength(s) == 8
        assert len(s.view(None)["last_fight"]["cards"]) == 3

    def test_coastguard_does_nothing_inland(self) -> None:
        s = table(fight_spec("giant", "mine-2", ["1:coastguard", 5]))
        s.do("fight", card=tile(s, "mine-2", "giant"))
        assert strength(s) == 1

    def test_zombie_forbids_allies(self) -> None:
        s = table(fight_spec("zombie", "swamp-2", ["2:city-guard"]))
        s.do("fight", card=tile(s, "swamp-2", "zombie"))
        assert strength(s) == 2

    def test_allies_are_ignored_outside_fights(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1", "outcome": ["3:city-guard"]}, {}],
                "char": "pauper",
                "tiles": {"beach-1": ["lost-fisherman"]},
            }
        )
        s.do("encounter", card=tile(s, "beach-1", "lost-fisherman"))
        s.do("option", n=0)
        # 3 is below the rescue number 4 even though the City Guard would add 2 in a fight
        assert names(s.view(None)["tiles"]["beach-1"]) == ["lost-fisherman"]


class TestLuckyCharm:
    def test_shallow_cave_wink_face_collects_a_rarity_and_the_cave_leaves(self) -> None:
        s = table(
            {
                "seats": [{"position": "mountain-1"}, {}],
                "char": "pauper",
                "tiles": {"mountain-1": ["shallow-cave"]},
                "charm": ["wink"],
            }
        )
        s.do("encounter", card=tile(s, "mountain-1", "shallow-cave"))
        s.do("option", n=0)
        assert [it["card"].split(".")[0] for it in me(s)["inventory"]] == ["rar"]
        assert s.view(None)["tiles"]["mountain-1"] == []

    def test_shallow_cave_happy_face_pays_2_gems_and_the_cave_stays(self) -> None:
        s = table(
            {
                "seats": [{"position": "mountain-1", "gems": 5}, {}],
                "char": "pauper",
                "tiles": {"mountain-1": ["shallow-cave"]},
                "charm": ["happy"],
            }
        )
        s.do("encounter", card=tile(s, "mountain-1", "shallow-cave"))
        s.do("option", n=0)
        assert s.view(0)["players"][0]["gems"] == 7
        assert names(s.view(None)["tiles"]["mountain-1"]) == ["shallow-cave"]


class TestCards:
    def test_thieves_guild_pay_2_take_shop_equipment_then_leaves(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "gems": 5}, {}],
                "char": "pauper",
                "tiles": {"forest-1": ["thieves-guild"]},
                "shops": {"greyhaven": ["sword", "dagger", "shield", "lantern", "dragonsbane"]},
            }
        )
        s.do("encounter", card=tile(s, "forest-1", "thieves-guild"))
        s.do("option", n=0)
        assert s.view(0)["players"][0]["gems"] == 3
        keeps = [a["card"] for a in s.options() if a.kind == "keep"]
        assert not any(c.startswith("rar.") for c in keeps)  # not a Rarity
        sword = next(c for c in keeps if c.startswith("eq.sword"))
        s.do("keep", card=sword)
        assert inv(s, 0, "sword") == sword
        assert s.view(0)["shops"]["greyhaven"]["count"] == 5  # restocked
        assert s.view(None)["tiles"]["forest-1"] == []

    def test_water_mill_tucks_3_pauper_keeps_1_and_misses_next_turn(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1", "gems": 9}, {}],
                "char": "pauper",
                "decks": {"forest": ["water-mill"]},
            }
        )
        s.do("draw")
        mill = tile(s, "forest-1", "water-mill")
        assert len(s.view(None)["tucked"][mill]) == 3
        s.do("option", n=0)
        s.do("keep", card=s.view(None)["tucked"][mill][0])
        assert len(s.view(None)["tucked"][mill]) == 2
        assert s.view(0)["players"][0]["misses_turn"] is True

    def test_stone_dragon_appear_removes_all_other_cards(self) -> None:
        s = table(
            {
                "seats": [{"position": "mountain-1", "outcome": [0]}, {}],
                "char": "pauper",
                "tiles": {"mountain-1": ["dwarf-beard", "eyrie"]},
                "decks": {"mountain": ["stone-dragon"]},
            }
        )
        s.do("draw")
        assert names(s.view(None)["tiles"]["mountain-1"]) == ["stone-dragon"]

    def test_natural_disaster_clears_beaches_replaces_quests_and_reshuffles(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1"}, {}],
                "char": "pauper",
                "tiles": {"beach-2": ["pearls"], "beach-3": ["old-shipwreck"]},
                "decks": {"beach": ["natural-disaster-beach"]},
            }
        )
        before = dict(s.view(None)["quests"])
        s.do("draw")
        assert all(s.view(None)["tiles"][r] == [] for r in ("beach-1", "beach-2", "beach-3"))
        assert s.state.prompt().kind == "disaster"
        assert "done" not in kinds(s)  # at least 1 Quest
        s.do("replace", city="bluevale")
        s.do("replace", city="greyhaven")
        assert kinds(s) == {"done"}  # at most 2
        s.do("done")
        assert s.view(None)["quests"]["bluevale"] != before["bluevale"]
        assert s.view(None)["quests"]["lilacsville"] == before["lilacsville"]
        removed = s.data["decks"]["beach"]["removed"]  # cards out of the game: no view shows them
        assert names(removed).count("natural-disaster-beach") == 1
        beach = s.view(None)["decks"]["beach"]
        assert beach["discard"] == [] and beach["count"] == 46

    def test_storm_learned_with_pearls_and_toadstools(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "forest-1",
                        "recipes": [
                            {"recipe": "storm", "ingredients": ["pearls"]},
                            "strength",
                            "swim",
                        ],
                    },
                    {},
                ],
                "char": "pauper",
                "tiles": {"forest-1": ["toadstools"]},
            }
        )
        storm = s.view(0)["players"][0]["recipes"][0]["recipe"]
        s.do("encounter", card=tile(s, "forest-1", "toadstools"))
        s.do("tuck", recipe=storm)
        rec = s.view(0)["players"][0]["recipes"][0]
        assert rec["learned"] and rec["ingredients"] == []
        assert s.state.prompt().kind == "dispensary"  # a new Recipe In Learning
        s.do("take", stack=0)
        assert len(s.view(0)["players"][0]["recipes"]) == 4

    def test_recipe_limit_5_and_knowledge_on_the_fifth(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "forest-1",
                        "recipes": [
                            {"recipe": "strength", "learned": True},
                            {"recipe": "swim", "learned": True},
                            {"recipe": "haggle", "learned": True},
                            {"recipe": "fortune", "learned": True},
                            {"recipe": "storm", "ingredients": ["pearls"]},
                        ],
                    },
                    {},
                ],
                "char": "pauper",
                "tiles": {"forest-1": ["toadstools"]},
            }
        )
        s.do("encounter", card=tile(s, "forest-1", "toadstools"))
        s.do("tuck", recipe=s.view(0)["players"][0]["recipes"][4]["recipe"])
        assert "knowledge" in s.view(0)["players"][0]["virtues"]
        assert s.state.prompt().kind != "dispensary"

    def test_fatestone_peeks_and_reorders_the_top_4_then_is_discarded(self) -> None:
        s = table(
            {
                "seats": [
                    {"position": "mine-2", "inventory": ["fatestone"], "outcome": [1, 2, 3, 8]},
                    {},
                ],
                "char": "pauper",
            }
        )
        s.do("use", item=inv(s, 0, "fatestone"))
        order = [a for a in s.options() if a.kind == "order"]
        assert len(order) == 24
        best = max(order, key=lambda a: [s.state.content.outcome[c].number for c in a["cards"]])
        s.do("order", cards=best["cards"])
        top = me(s)["outcome_known_top"][0]  # the order it chose, known to it alone
        assert "outcome_known_top" not in s.view(1)["players"][0]
        assert s.state.content.outcome[top].number == 8
        assert s.view(0)["players"][0]["inventory"] == []

    def test_crystal_ball_costs_3_has_2_uses_and_sells_for_2(self) -> None:
        s = table(
            {"seats": [{"position": "mine-2", "inventory": ["crystal-ball"]}, {}], "char": "pauper"}
        )
        ball = s.state.content.item[inv(s, 0, "crystal-ball")]
        assert (ball.cost, ball.uses) == (3, "2")
        s.do("use", item=inv(s, 0, "crystal-ball"))
        s.do("peek", deck="mine")
        s.do("order", cards=s.options()[0]["cards"])
        assert s.view(0)["players"][0]["inventory"][0]["uses"] == 1  # rotated, not discarded

    def test_bang_bombs_acquire_3_gems_and_lose_one_per_fight(self) -> None:
        s = table(fight_spec("giant", "mountain-1", [4], inventory=["bang-bombs"]))
        assert s.view(0)["players"][0]["inventory"][0]["gems"] == 3
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        # using the bombs costs a Gem, so the player is asked even with no other weapon
        assert s.state.prompt().kind == "weapon" and set(kinds(s)) == {"weapon", "no-weapon"}
        s.do("weapon", item=inv(s, 0, "bang-bombs"))
        assert strength(s) == 7
        assert s.view(0)["players"][0]["inventory"][0]["gems"] == 2

    def test_bang_bombs_the_player_may_fight_with_no_weapon(self) -> None:
        s = table(fight_spec("giant", "mountain-1", [4], inventory=["bang-bombs"]))
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert "bang bombs keep their Gems" in s.state.describe_action(A("no-weapon"), 0)
        s.do("no-weapon")
        assert strength(s) == 4 and s.view(0)["fight"]["weapon"] is None
        assert s.view(0)["players"][0]["inventory"][0]["gems"] == 3  # no Gem comes off

    def test_bang_bombs_and_a_sword_no_weapon_is_a_choice_too(self) -> None:
        s = table(fight_spec("giant", "mountain-1", [4], inventory=["bang-bombs", "sword"]))
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert {a.get("item") for a in s.options()} == {
            inv(s, 0, "bang-bombs"),
            inv(s, 0, "sword"),
            None,
        }
        assert "or none" in s.state.prompt().text

    def test_selling_a_fatestone_worth_3_pays_2(self) -> None:
        s = table(
            {
                "seats": [{"position": "bluevale", "gems": 0, "inventory": ["fatestone"]}, {}],
                "char": "pauper",
            }
        )
        s.do("shop")
        sale = Action.of("sell", item=inv(s, 0, "fatestone"))
        assert s.state.describe_action(sale, 0) == "Sell the fatestone for 2 Gems"
        s.do("sell", item=inv(s, 0, "fatestone"))
        assert s.view(0)["players"][0]["gems"] == 2
        assert s.view(0)["shops"]["bluevale"]["count"] == 6

    def test_buying_restocks_the_shop_to_5(self) -> None:
        s = table(
            {
                "seats": [{"position": "bluevale", "gems": 9}, {}],
                "char": "pauper",
                "shops": {"bluevale": ["dagger", "sword", "shield", "lantern", "boots"]},
            }
        )
        s.do("shop")
        dagger = next(
            a["card"] for a in s.options() if a.kind == "buy" and a["card"].startswith("eq.dagger")
        )
        s.do("buy", card=dagger)
        assert s.view(0)["players"][0]["gems"] == 7
        assert s.view(0)["shops"]["bluevale"]["count"] == 5

    def test_trained_magpie_collects_1_gem_when_it_neither_moved_nor_fought(self) -> None:
        s = table(
            {
                "seats": [
                    {"bird": "magpie", "trained": True, "bird_position": "bluevale", "gems": 0},
                    {},
                ],
                "char": "bird",
            }
        )
        s.do("pass")
        assert s.view(0)["players"][0]["gems"] == 1

    def test_training_a_bird_costs_4_gems(self) -> None:
        s = table({"seats": [{"gems": 6}, {}]})
        s.do("train")
        assert me(s)["trained"] and me(s)["gems"] == 2

    def test_inventory_of_5_discards_the_excess_at_once(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "pauper": "ognov",
                        "position": "bluevale",
                        "gems": 9,
                        "inventory": ["dagger", "sword", "shield", "lantern", "boots"],
                    },
                    {},
                ],
                "char": "pauper",
            }
        )
        s.do("shop")
        buy = next(a for a in s.options() if a.kind == "buy")
        s.do("buy", card=buy["card"])
        assert s.state.prompt().kind == "pick"
        s.do("pick", card=s.view(0)["players"][0]["inventory"][0]["card"])
        assert len(s.view(0)["players"][0]["inventory"]) == 5

    def test_kzaahs_bag_has_no_inventory_limit(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "pauper": "kzaah",
                        "position": "bluevale",
                        "gems": 9,
                        "inventory": ["dagger", "sword", "shield", "lantern", "boots"],
                    },
                    {},
                    {},
                ],
                "char": "pauper",
            },
            players=3,
        )
        s.do("shop")
        buy = next(a for a in s.options() if a.kind == "buy")
        s.do("buy", card=buy["card"])
        assert len(s.view(0)["players"][0]["inventory"]) == 6


class TestQuests:
    def test_treasure_at_sea_gems_found_in_the_shipwreck_are_given_up(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1", "gems": 1}, {}],
                "char": "pauper",
                "quests": {"bluevale": "treasure-at-sea"},
                "decks": {"beach": ["old-shipwreck"]},
            }
        )
        s.do("draw")
        s.do("option", n=0)
        # APPEAR: 4 Gems; the Pauper finds them, and chooses to discard them for the Quest
        assert me(s)["gems"] == 5 and s.state.prompt().kind == "treasure"
        assert set(kinds(s)) == {"hand-over", "keep-gems"}
        assert "4 Gems" in s.state.describe_action(A("hand-over"), 0)
        s.do("hand-over")
        assert me(s)["gems"] == 1
        assert names(me(s)["journal"]) == ["treasure-at-sea"]
        assert s.state.prompt().kind == "keep"  # draw 2 Equipment, keep 1
        s.do("keep", card=s.options()[0]["card"])
        assert len(me(s)["inventory"]) == 1
        assert s.view(None)["quests"]["bluevale"] != me(s)["journal"][0]

    def test_treasure_at_sea_the_finder_may_keep_the_gems_instead(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1", "gems": 1}, {}],
                "char": "pauper",
                "quests": {"bluevale": "treasure-at-sea"},
                "decks": {"beach": ["old-shipwreck"]},
            }
        )
        s.do("draw")
        s.do("option", n=0)
        s.do("keep-gems")
        assert me(s)["gems"] == 5 and me(s)["journal"] == []
        assert s.state.content.quest[s.view(None)["quests"]["bluevale"]].id == "treasure-at-sea"

    def test_the_burial_in_this_city_5_gems_or_learn_a_recipe(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "position": "bluevale",
                        "gems": 0,
                        "trophies": ["skeleton"],
                        "recipes": ["storm"],
                    },
                    {},
                ],
                "char": "pauper",
                "quests": {"bluevale": "the-burial", "greyhaven": "the-ornithologist"},
            }
        )
        s.do("quest", city="bluevale")
        s.do("pick", card=s.view(0)["players"][0]["trophies"][0])
        assert s.state.prompt().kind == "quest-reward"
        s.do("option", n=0)
        assert (
            me(s)["gems"] == 5
            and me(s)["trophies"] == []
            and names(me(s)["journal"]) == ["the-burial"]
        )

    def test_the_burial_tower_quest_cannot_be_done_from_another_city(self) -> None:
        s = table(
            {
                "seats": [{"position": "greyhaven", "trophies": ["skeleton"]}, {}],
                "char": "pauper",
                "quests": {"bluevale": "the-burial"},
            }
        )
        assert A("quest", city="bluevale") not in s.options()

    def test_lost_villagers_rescue_shuffles_4_outcome_cards_back(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1", "outcome": [6]}, {}],
                "char": "pauper",
                "quests": {"lilacsville": "lost-villagers"},
                "tiles": {"beach-1": ["lost-fisherman"]},
            }
        )
        p = s.data["players"][0]  # the Scenario builder sets no Outcome discards: set them here
        draw = piles.cards(p["outcome_deck"])
        piles.set_cards(p["outcome_deck"], draw[6:])
        piles.add_discards(p["outcome_deck"], draw[:6])
        s.do("encounter", card=tile(s, "beach-1", "lost-fisherman"))
        s.do("option", n=0)
        assert names(p["journal"]) == ["lost-villagers"]
        # REWARD: the player chooses which 4 discarded Outcome cards go back
        assert s.state.prompt().kind == "return-outcomes" and s.state.prompt().seats == (0,)
        disc = piles.discards(p["outcome_deck"])
        chosen = sorted(disc, key=lambda c: s.state.content.outcome[c].number)[:4]
        for c in chosen:
            legal = {s.state.content.outcome[a["card"]].number for a in s.options()}
            assert s.state.content.outcome[c].number in legal
            s.do("return", card=c)
        assert s.state.prompt().kind == "turn"
        assert piles.size(p["outcome_deck"]) == 36 - 6 - 1 + 4
        assert not set(chosen) & set(piles.discards(p["outcome_deck"]))
        assert set(chosen) <= set(piles.cards(p["outcome_deck"]))
        assert s.view(None)["tiles"]["beach-1"] == []

    def test_lost_villagers_with_4_or_fewer_discards_all_go_back(self) -> None:
        s = table(
            {
                "seats": [{"position": "beach-1", "outcome": [6]}, {}],
                "char": "pauper",
                "quests": {"lilacsville": "lost-villagers"},
                "tiles": {"beach-1": ["lost-fisherman"]},
            }
        )
        p = s.data["players"][0]  # the Scenario builder sets no Outcome discards: set them here
        draw = piles.cards(p["outcome_deck"])
        piles.set_cards(p["outcome_deck"], draw[2:])
        piles.add_discards(p["outcome_deck"], draw[:2])
        s.do("encounter", card=tile(s, "beach-1", "lost-fisherman"))
        s.do("option", n=0)
        assert s.state.prompt().kind == "turn"
        assert (
            piles.discards(p["outcome_deck"]) == [] and piles.size(p["outcome_deck"]) == 36 - 1 + 1
        )

    def test_the_ornithologist_discard_a_giant_gull_for_4_gems(self) -> None:
        s = table(
            {
                "seats": [{"position": "greyhaven", "gems": 0, "trophies": ["giant-gull"]}, {}],
                "char": "pauper",
                "quests": {"greyhaven": "the-ornithologist"},
            }
        )
        s.do("quest", city="greyhaven")
        s.do("pick", card=s.view(0)["players"][0]["trophies"][0])
        s.do("option", n=0)
        assert s.view(0)["players"][0]["gems"] == 4

    def test_wild_quest_completes_the_moment_its_objective_is_met(self) -> None:
        s = table(
            {**fight_spec("lizard-man", "beach-1", [6]), "quests": {"bluevale": "beach-patrol"}}
        )
        s.do("fight", card=tile(s, "beach-1", "lizard-man"))
        s.do("reward", take="trophy", recipe=None)
        assert names(s.view(0)["players"][0]["journal"]) == ["beach-patrol"]


class TestVirtues:
    def test_generosity_needs_40_gems_in_2_player_and_30_in_3_player(self) -> None:
        s = table({"seats": [{"gems": 39}, {}]})
        assert "learn" not in kinds(s)
        s = table({"seats": [{"gems": 40}, {}]})
        s.do("learn", virtue="generosity")
        assert s.view(0)["players"][0]["gems"] == 0
        s3 = table({"seats": [{"gems": 31}, {}, {}]}, players=3)
        s3.do("learn", virtue="generosity")
        assert s3.view(0)["players"][0]["gems"] == 1

    def test_bravery_discards_enough_strength_in_one_go(self) -> None:
        s = table(
            {
                "seats": [
                    {
                        "trophies": [
                            "giant",
                            "giant",
                            "golem",
                            "sea-beast",
                            "pest",
                            "pest",
                            "pest",
                            "crab-swarm",
                        ]
                    },
                    {},
                ]
            }
        )
        s.do("learn", virtue="bravery")
        # the player picks the Trophy Room cards, one at a time, until they reach 40
        assert s.state.prompt().kind == "bravery" and "bravery" not in me(s)["virtues"]
        for name in ["pest", "pest", "pest", "crab-swarm", "giant", "giant", "golem"]:
            assert "bravery" not in me(s)["virtues"]
            (card,) = [
                a["card"]
                for a in s.options()
                if a.kind == "trophy" and names([a["card"]]) == [name]
            ]
            s.do("trophy", card=card)
        chosen = s.view(0)["stack"][-1]["chosen"]
        assert sum(s.state.content.region_card[c].strength for c in chosen) == 37  # not 40 yet
        s.do("trophy", card=next(c for c in me(s)["trophies"] if names([c]) == ["sea-beast"]))
        assert "bravery" in me(s)["virtues"] and me(s)["trophies"] == []

    def test_bravery_the_player_may_back_out_before_the_threshold(self) -> None:
        troph = ["giant", "giant", "golem", "sea-beast", "pest", "pest", "pest", "crab-swarm"]
        s = table({"seats": [{"trophies": troph}, {}]})
        before = list(me(s)["trophies"])
        s.do("learn", virtue="bravery")
        for name in ["giant", "golem"]:
            (card,) = [
                a["card"]
                for a in s.options()
                if a.kind == "trophy" and names([a["card"]]) == [name]
            ]
            s.do("trophy", card=card)
        assert "back-out" in kinds(s)
        assert "not learned" in s.state.describe_action(A("back-out"), 0)
        s.do("back-out")
        # nothing is discarded "in one go" until the threshold is reached: the picks stay
        assert s.state.prompt().kind == "turn" and s.view(0)["stack"] == []
        assert me(s)["trophies"] == before and "bravery" not in me(s)["virtues"]
        assert "backs out of bravery" in log_text(s)
        assert A("learn", virtue="bravery") in s.options()  # may try again later

    def test_magnificence_and_fellowship(self) -> None:
        s = table(
            {
                "seats": [
                    {"trophies": ["green-dragon"], "journal": ["tithe", "charity", "scrap-drive"]},
                    {},
                ]
            }
        )
        s.do("learn", virtue="magnificence")
        s.do("learn", virtue="fellowship")
        assert me(s)["trophies"] == [] and me(s)["journal"] == []
        assert s.state.prompt().kind == "turn"

    def test_magnificence_the_player_chooses_which_dragon_to_discard(self) -> None:
        s = table({"seats": [{"trophies": ["green-dragon", "sea-dragon", "giant"]}, {}]})
        s.do("learn", virtue="magnificence")
        assert s.state.prompt().kind == "magnificence" and s.state.prompt().seats == (0,)
        assert "magnificence" not in me(s)["virtues"]
        assert sorted(names([a["card"] for a in s.options()])) == [
            "green-dragon",
            "sea-dragon",
        ]
        sea = next(c for c in me(s)["trophies"] if names([c]) == ["sea-dragon"])
        assert "sea dragon" in s.state.describe_action(A("dragon", card=sea), 0)
        s.do("dragon", card=sea)  # not the first one
        assert "magnificence" in me(s)["virtues"]
        assert sorted(names(me(s)["trophies"])) == ["giant", "green-dragon"]
        assert sea in s.view(None)["decks"][s.state.content.region_deck_of[sea]]["discard"]

    def test_magnificence_with_one_dragon_does_not_ask(self) -> None:
        s = table({"seats": [{"trophies": ["giant", "stone-dragon"]}, {}]})
        s.do("learn", virtue="magnificence")
        assert s.state.prompt().kind == "turn"
        assert names(s.view(0)["players"][0]["trophies"]) == ["giant"]

    def test_the_third_virtue_ends_the_game_at_once(self) -> None:
        s = table({"seats": [{"gems": 45, "virtues": ["bravery", "knowledge"]}, {}]})
        s.do("learn", virtue="generosity")
        assert s.state.is_terminal()
        assert s.state.outcome().winners == (0,) and s.state.outcome().reason == "virtues"
