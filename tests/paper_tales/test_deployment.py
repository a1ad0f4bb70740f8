"""Phase 2, Deployment: arranging a Kingdom face down, everyone's commitments, and the abilities
of the Units revealed, asserted through the seats' views."""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.rng import Rng
from tabletop.games.paper_tales.rules import deployment
from tabletop.testing import Scenario

from .helpers import arrangement, card, game, place, reveal_all, units

A = Action.of


class TestDeployment:
    def _deploy(self, **seat0: object) -> Scenario:
        spec = {"phase": "deploy", "seats": [dict(seat0), {"hand": ["cook"]}, {}]}
        return game(spec)

    def test_new_units_are_paid_at_reveal_and_old_ones_are_not(self) -> None:
        s = self._deploy(gold=3, hand=["knight", "monkey"], kingdom={2: "dragon"})
        place(s, 0, "knight", 0)
        place(s, 0, "monkey", 1)
        reveal_all(s)
        v = s.view(0)
        assert units(s, 0) == ["knight", "monkey", "dragon", None, None]
        # Knight 1, Monkey -1, the Dragon paid before; then Wars and 2 Gold of Income follow
        assert v["players"][0]["gold"] == 3 - 0 + 2

    def test_a_row_holds_no_more_units_than_its_spots(self) -> None:
        s = self._deploy(gold=5, hand=["knight"], kingdom={0: "farmer", 1: "farmer"})
        knight = card(s, 0, "knight")
        reason = s.refuse(arrangement(s, 0, {knight: "front"}), 0)
        assert "3 Units in the Front, but your Kingdom has 2 Front spots" in reason
        # moving a Farmer to the Back makes room
        farmer = s.data["players"][0]["kingdom"][0]["card"]
        s.state.apply(arrangement(s, 0, {knight: "front", farmer: "back"}), 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", "farmer", "farmer", None, None]

    def test_a_full_kingdom_takes_no_more(self) -> None:
        full = {0: "farmer", 1: "farmer", 2: "farmer", 3: "woodcutter"}
        s = self._deploy(gold=5, hand=["knight"], kingdom=full)
        knight = card(s, 0, "knight")
        placed = [a for a in s.options(0) if a[knight] in ("front", "back")]
        assert placed and all(sum(v == "discard" for _, v in a.args) >= 1 for a in placed)
        assert s.refuse(arrangement(s, 0, {knight: "back"}), 0)

    def test_units_you_cannot_pay_for_are_refused(self) -> None:
        s = self._deploy(gold=1, hand=["kraken", "knight"])
        reason = s.refuse(arrangement(s, 0, {card(s, 0, "kraken"): "front"}), 0)
        assert "your new Units cost 6 Gold and you have 1" in reason
        s.state.apply(arrangement(s, 0, {card(s, 0, "knight"): "front"}), 0)

    def test_the_template_offers_no_row_to_a_unit_the_hand_cannot_pay_for(self) -> None:
        # 2 Gold and a Monkey (it gives 1): the Knight (1) and the Dragon (3) may be placed,
        # the Kraken (6) only kept or discarded; refused, it is still refused for its cost
        s = self._deploy(gold=2, hand=["kraken", "dragon", "knight", "monkey"])
        (template,) = s.view(0)["templates"]
        domains = {p["name"].split(".")[0]: p["domain"] for p in template["params"]}
        assert domains["kraken"] == ["discard", "keep"]
        assert {"front", "back"} <= set(domains["dragon"]) and "front" in domains["knight"]
        kraken = card(s, 0, "kraken")
        reason = s.refuse(arrangement(s, 0, {kraken: "front"}), 0)
        assert "your new Units cost 6 Gold and you have 2" in reason
        dragon, monkey = card(s, 0, "dragon"), card(s, 0, "monkey")
        s.state.apply(arrangement(s, 0, {dragon: "front", monkey: "back"}), 0)

    def test_every_legal_arrangement_is_one_the_template_admits(self) -> None:
        for gold, hand in ((0, ["kraken", "monkey", "monkey", "knight"]), (3, ["dragon", "cook"])):
            s = self._deploy(gold=gold, hand=hand, kingdom={2: "farmer"})
            (template,) = s.state.templates(0) or []
            listed = s.options(0)
            assert listed and all(template.admits(a) for a in listed)
            drawn = {a for a in template.actions() if deployment.why_not(s.state, 0, a) is None}
            assert drawn == set(listed)

    def test_a_level_2_building_opens_a_third_front_spot(self) -> None:
        s = self._deploy(gold=5, hand=["knight", "farmer", "cook"], buildings={"town": 2})
        assert 4 in s.view(0)["players"][0]["spots"]
        for unit in ("knight", "farmer", "cook"):
            place(s, 0, unit, 0)
        reveal_all(s)
        assert sorted(str(u) for u in units(s, 0)) == ["None", "None", "cook", "farmer", "knight"]
        assert units(s, 0)[2:4] == [None, None]

    def test_units_in_play_may_be_moved_or_discarded(self) -> None:
        s = self._deploy(gold=0, kingdom={0: "farmer", 2: "knight"})
        farmer = s.data["players"][0]["kingdom"][0]["card"]
        knight = s.data["players"][0]["kingdom"][2]["card"]
        # the Knight to the Front, the Farmer discarded
        s.state.apply(arrangement(s, 0, {knight: "front"}, discard=(farmer,)), 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", None, None, None, None]
        assert s.view(0)["discards"] == 1 + 1  # the Farmer, and seat 1's unplaced Cook

    def test_a_unit_staying_in_its_row_keeps_its_spot(self) -> None:
        s = self._deploy(gold=3, hand=["knight"], kingdom={1: "farmer", 3: "woodcutter"})
        place(s, 0, "knight", 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", "farmer", None, "woodcutter", None]

    def test_one_card_is_kept_face_down_the_rest_discarded(self) -> None:
        s = self._deploy(gold=0, hand=["knight", "farmer", "cook"])
        keep = card(s, 0, "knight")
        reveal_all(s, keep={0: keep})
        v = s.view(0)
        assert v["players"][0]["kept"] == keep
        assert v["players"][0]["hand"] == []
        assert s.view(1)["players"][0]["has_kept"] is True
        assert "kept" not in s.view(1)["players"][0]

    def test_at_most_one_card_is_kept(self) -> None:
        s = self._deploy(gold=0, hand=["knight", "farmer"])
        both = {card(s, 0, "knight"): "keep", card(s, 0, "farmer"): "keep"}
        assert "keep at most one card face down" in s.refuse(arrangement(s, 0, both), 0)

    def test_an_arrangement_must_say_where_every_card_goes(self) -> None:
        s = self._deploy(gold=3, hand=["knight", "farmer"])
        reason = s.refuse(A("deploy", **{card(s, 0, "knight"): "front"}), 0)
        assert "say where every card goes; nothing said for Farmer" in reason
        other = card(s, 1, "cook")
        reason = s.refuse(A("deploy", **{other: "front"}), 0)
        assert "not in your hand or Kingdom" in reason


class TestDeploymentCommitments:
    """Deployment: everyone arranges at once, face down, as one commitment each."""

    POOL = ("knight", "farmer", "militiaman", "miner", "peddler", "blacksmith", "cerberus")
    OLD = ("woodcutter",) * 3 + ("forest-child",) * 3 + ("manticore",)

    def _hand(self, seat: int) -> tuple[str, str]:
        return self.POOL[seat], self.POOL[(seat + 1) % 7]

    def _seven(self) -> Scenario:
        seats = [
            {"gold": 4, "hand": list(self._hand(i)), "kingdom": {i % 4: self.OLD[i]}}
            for i in range(7)
        ]
        return game({"phase": "deploy", "seats": seats}, players=7, new_units=True)

    def _choices(self, s: Scenario) -> dict[int, Action]:
        out = {}
        for seat in range(7):
            one, two = (card(s, seat, u) for u in self._hand(seat))
            rows = {one: "front"} if seat % 2 else {one: "back", two: "front"}
            out[seat] = arrangement(s, seat, rows, keep=two if seat % 2 else None)
        return out

    def test_seven_seats_committing_in_any_order_give_the_same_state(self) -> None:
        results = []
        for order_seed in range(4):
            s = self._seven()
            choices = self._choices(s)
            order = list(range(7))
            Rng(order_seed).shuffle(order)
            for seat in order:
                s.state.apply(choices[seat], seat)
            results.append((s.state.data, s.state.rng.state))
        assert all(r == results[0] for r in results[1:])
        assert results[0][0]["phase"] != "deploy"  # everyone revealed

    def test_a_commitment_is_hidden_and_may_change_until_the_last_commits(self) -> None:
        s = self._seven()
        choices = self._choices(s)
        knight = card(s, 0, "knight")  # seat 0 puts its Knight in the Back
        s.state.apply(choices[0], 0)
        assert s.state.prompt().committed == (0,)
        for seat in (1, None):
            v = s.view(seat)
            assert v["commitments"]["committed"] == [0]
            assert knight not in str(v)
        assert s.view(0)["players"][0]["plan"][2]["card"] == knight  # in the Back, to seat 0
        changed = arrangement(s, 0, {knight: "front"})
        s.state.apply(changed, 0)
        assert s.state.commitment(0) == changed
        for seat in range(1, 7):
            s.state.apply(choices[seat], seat)
        assert units(s, 0)[:2] == ["woodcutter", "knight"]  # the change, in the Front

    def test_one_arrangement_is_checked_without_listing_them_all(self) -> None:
        s = self._seven()
        deployment._options.cache_clear()  # the listing is remembered: any listing is counted
        knight = card(s, 0, "knight")
        assert s.state.is_legal(arrangement(s, 0, {knight: "front"}), 0)
        two = arrangement(s, 0, {knight: "keep", card(s, 0, "farmer"): "keep"})
        assert not s.state.is_legal(two, 0)
        s.state.apply(arrangement(s, 0, {knight: "front"}), 0)  # a commitment, checked alike
        assert s.state.prompt().committed == (0,)
        assert deployment._options.cache_info().misses == 0  # never listed

    def test_deployment_is_offered_as_one_template(self) -> None:
        s = self._seven()
        v = s.view(0)
        assert v["actions"] == []
        (t,) = v["templates"]
        assert t["kind"] == "deploy"
        names = {p["name"] for p in t["params"]}
        assert names == {
            card(s, 0, "knight"),
            card(s, 0, "farmer"),
            v["players"][0]["kingdom"][0]["card"],
        }
        assert s.state.is_legal(arrangement(s, 0, {card(s, 0, "knight"): "front"}), 0)


class TestDeploymentAbilities:
    def test_kraken_penalty_counts_after_golem_upgrades(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [
                {
                    "gold": 9,
                    "legend_points": 10,
                    "hand": ["kraken", "golem"],
                    "buildings": {"town": 1},
                },
                {},
                {},
            ],
        }
        s = game(spec)
        place(s, 0, "kraken", 0)
        place(s, 0, "golem", 1)
        reveal_all(s)
        v = s.view(0)
        assert v["players"][0]["buildings"] == {"town": 2}
        # one Level 2 Building, counted after the Golem: -3; then Wars won against both: +6
        assert "loses 3 LP" in " ".join(e["text"] for e in v["log"])
        assert v["players"][0]["legend_points"] == 10 - 3 + 6
        ages = {u["unit"]: u["age"] for u in v["players"][0]["kingdom"] if u}
        assert ages == {"kraken": 0, "golem": 1}  # the Kraken aged the Golem

    def test_time_master_puts_two_age_tokens_on_a_unit_of_your_choice(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"hand": ["time-master"], "kingdom": {0: "militiaman"}}],
        }
        s = game({**spec, "seats": [*spec["seats"], {}, {}]})
        place(s, 0, "time-master", 1)
        reveal_all(s)
        s.expect("age-one", seat=0)
        s.do("age", spot=0)
        v = s.view(0)
        assert v["players"][0]["kingdom"][0]["age"] == 2
        assert v["players"][0]["kingdom"][0]["strength"] == 4  # Militiaman: 2 + 1 per Age

    def test_veteran_enters_aged(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["veteran"]}, {}, {}]})
        place(s, 0, "veteran", 0)
        reveal_all(s)
        assert s.view(0)["players"][0]["kingdom"][0]["age"] == 1

    def test_shapeshifter_becomes_a_cheap_unit_with_an_age_token(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["shapeshifter"]}, {}, {}]}, seed=9)
        place(s, 0, "shapeshifter", 0)
        reveal_all(s)
        u = s.view(0)["players"][0]["kingdom"][0]
        assert u["unit"] != "shapeshifter"
        assert s.state.content.units[u["unit"]].cost <= 3
        assert u["age"] == 1
