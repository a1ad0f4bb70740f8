"""Whole games: content lint, random playouts (clone/JSON checks), greedy games, views, resample."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabletop.engine import Action, ContentError, Rng, load, piles
from tabletop.engine.bots import make_bot, play_out
from tabletop.engine.snapshots import restore
from tabletop.games.paupers_ladder import hidden, lint
from tabletop.games.paupers_ladder.content import CITIES, DATA, Content
from tabletop.games.paupers_ladder.hidden import shop
from tabletop.games.paupers_ladder.saves import renamed_keys, upgrade
from tabletop.store.db import session_scope
from tabletop.store.games import GameStore
from tabletop.store.models import SavedGame

from .helpers import table


class TestContent:
    def test_lint_is_clean(self) -> None:
        assert load("paupers-ladder").lint() == []

    def test_component_counts(self) -> None:
        c = Content()
        assert len(c.paupers) == 8 and len(c.birds) == 8
        assert sum(len(v) for v in c.outcome_lists.values()) == 144
        assert len(c.recipe_list) == 36 and len(c.equipment_list) == 66
        assert len(c.rarity_list) == 12 and len(c.quest_list) == 34
        assert len(c.region_card) == 240

    def test_lint_finds_dangling_references_and_wrong_counts(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        shutil.copytree(DATA, data)
        text = (data / "recipes.yaml").read_text()
        (data / "recipes.yaml").write_text(text.replace("- fish-scales", "- unicorn-horn", 1))
        quests = (data / "quests.yaml").read_text().replace("- giant gull", "- roc", 1)
        (data / "quests.yaml").write_text(quests)
        cards = (data / "region_cards.yaml").read_text().replace("copies: 3", "copies: 4", 1)
        (data / "region_cards.yaml").write_text(cards)
        problems = lint.problems(Content(data))
        assert any("unknown ingredient 'unicorn-horn'" in p for p in problems)
        assert any("unknown hazard 'roc'" in p and "the-ornithologist" in p for p in problems)
        assert any("expected 48 cards, found 49" in p for p in problems)

    def test_an_unknown_effect_is_refused_at_load(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        shutil.copytree(DATA, data)
        text = (data / "recipes.yaml").read_text().replace("effect: swim", "effect: fly", 1)
        (data / "recipes.yaml").write_text(text)
        with pytest.raises(ContentError, match=r"recipes\.yaml, entry 'swim', field 'abilities'"):
            Content(data)

    def test_bad_entry_names_file_entry_and_field(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        shutil.copytree(DATA, data)
        text = (data / "birds.yaml").read_text().replace("source: designed", "source: dreamt", 1)
        (data / "birds.yaml").write_text(text)
        with pytest.raises(ContentError) as err:
            Content(data)
        assert "birds.yaml" in str(err.value) and "'source'" in str(err.value)


def random_playout(players: int, seed: int) -> int:
    game = load("paupers-ladder", players=players)
    s = game.new_state(seed)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal():
        seat = rng.choice(s.current_seats())
        legal = s.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        s.apply(rng.choice(legal), seat)
        n += 1
        assert n < game.spec.max_actions
        if n % 97 == 0:
            assert s.clone() == s
            again = game.state_from_json(json.loads(s.dumps()))
            assert again.data == s.data
    return n


class TestPlayouts:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_random_playouts_end(self, players: int) -> None:
        for seed in range(4):
            random_playout(players, seed)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_greedy_games_end_by_a_virtue_win(self, players: int) -> None:
        game = load("paupers-ladder", players=players)
        for seed in range(3):
            s = game.new_state(seed)
            play_out(s, {i: make_bot(game, "greedy", i, seed) for i in range(players)})
            assert s.is_terminal()
            assert s.outcome().reason == "virtues"
            assert 5 <= s.rounds() <= 45


class TestViews:
    def test_own_outcome_deck_size_but_never_its_order(self) -> None:
        s = table({"seats": [{}, {}]})
        view = s.view(0)
        assert view is not None
        me = view["players"][0]
        assert me["outcome_count"] == 36
        text = json.dumps(view)
        for p in s.data["players"]:  # the hidden Outcome cards themselves
            for cid in piles.cards(p["outcome_deck"]):
                assert f'"{cid}"' not in text

    def test_face_down_cards_are_hidden(self) -> None:
        game = load("paupers-ladder", players=3)
        s = game.new_state(5)
        # play into the hidden draft
        while s.view(None)["phase"] != "draft":
            s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions(0)[0], 0)
        text = json.dumps(s.view(1))
        pick = s.commitment(0)["recipe"]  # held by the engine until every seat has picked
        assert pick not in text or pick in hidden.hand(s, 1)
        for cid in hidden.hand(s, 2):
            assert f'"{cid}"' not in text
        for dk in ("equipment", "rarity", "quest", "beach", "mine"):
            for cid in piles.cards(s.data["decks"][dk]):  # the hidden cards themselves
                assert f'"{cid}"' not in text
        for city in CITIES:
            for cid in shop(s, city):
                assert f'"{cid}"' not in text

    def test_resample_keeps_the_view_and_changes_hidden_things(self) -> None:
        game = load("paupers-ladder", players=2)
        s = game.new_state(3)
        rng = Rng(9)
        for _ in range(120):
            if s.is_terminal():
                break
            seat = s.current_seats()[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
        for seat in (0, 1):
            r = s.resample(seat, Rng(seat + 1))
            assert r.view(seat) == s.view(seat)
            assert r.data != s.data

    def test_the_recipe_hand_a_seat_passed_on_stays_when_resampled_for_it(self) -> None:
        # Set-up, the hidden draft: after a pass, a player knows the hand it passed on; a
        # resample for that player (what a searching bot imagines) must keep it as it is
        s = load("paupers-ladder", players=3).new_state(5)
        while s.view(None)["phase"] != "draft":
            s.apply(s.legal_actions()[0])
        for seat in range(3):
            s.apply(s.legal_actions(seat)[0], seat)
        passed = hidden.hand(s, 1)  # seat 0's hand, less its pick, now held by seat 1
        assert hidden.hand_how(s, 1, "hand:1") == "passed"
        seen = set()
        for k in range(10):
            r = s.resample(0, Rng(k))
            assert hidden.hand(r, 1) == passed and hidden.hand(r, 0) == hidden.hand(s, 0)
            assert r.view(0) == s.view(0)
            seen.add(tuple(hidden.hand(r, 2)))
        assert len(seen) > 1  # seat 2's hand came from seat 1: seat 0 does not know it

    def test_draw_2_keep_1_cards_are_private_to_the_drawer(self) -> None:
        """Treasure at Sea (REWARD: draw 2 Equipment, keep 1): only the drawer sees the 2 cards."""
        s = table(
            {
                "seats": [{"position": "beach-1", "gems": 1}, {}],
                "char": "pauper",
                "quests": {"bluevale": "treasure-at-sea"},
                "decks": {"beach": ["old-shipwreck"]},
            }
        )
        s.play("draw", "option n=0", "hand-over").expect("keep")
        drawn = hidden.drawn(s.state, 0)  # the cards no other view may show
        assert len(drawn) == 2
        mine, theirs = json.dumps(s.view(0)), json.dumps(s.view(1))
        for cid in drawn:
            assert f'"{cid}"' in mine
            assert f'"{cid}"' not in theirs
            name = s.state.content.card_name(cid)
            assert name in "\n".join(e["text"] for e in s.view(0)["log"])
            assert name not in "\n".join(e["text"] for e in s.view(1)["log"])
        # resample: the drawer keeps the cards; another seat's guess comes from the unseen pool
        assert hidden.drawn(s.state.resample(0, Rng(1)), 0) == drawn
        guesses = set()
        for k in range(12):
            r = s.state.resample(1, Rng(k))
            assert r.view(1) == s.view(1)
            cards = hidden.drawn(r, 0)  # what the redrawn world holds, unseen
            assert len(cards) == 2
            everywhere = piles.cards(r.data["decks"]["equipment"]) + [
                c for city in CITIES for c in shop(r, city)
            ]
            assert not set(cards) & set(everywhere)  # no card in two places
            guesses.add(tuple(cards))
        assert len(guesses) > 1
        # once one is kept, the other is discarded face up: public from then on
        s.do("keep", card=drawn[0])
        assert f'"{drawn[1]}"' in json.dumps(s.view(1)["decks"]["equipment"]["discard"])


class TestTerminalRenderer:
    def test_render_shows_map_areas_and_log(self) -> None:
        from rich.console import Console

        from tabletop.games.paupers_ladder.tui import render

        s = table(
            {
                "seats": [
                    {
                        "position": "beach-1",
                        "gems": 7,
                        "inventory": ["sword"],
                        "trophies": ["pest"],
                        "recipes": ["storm"],
                    },
                    {},
                ],
                "tiles": {"forest-1": ["toadstools"]},
            }
        )
        view = s.view(0)
        assert view is not None
        console = Console(width=140, record=True)
        console.print(render(view))
        out = console.export_text()
        for word in (
            "Brighthelm",
            "Beach 1",
            "P1",  # players are counted from 1 on screen
            "toadstools",
            "Purse: 7 Gems",
            "sword",
            "Trophy Room",
            "storm",
            "Log",
        ):
            assert word in out


class TestSavedGames:
    def test_a_game_saved_with_copies_of_queued_effects_still_loads_and_plays_on(self) -> None:
        """Saved before the effect queue held refs to the typed models: the queue holds the
        effect's own data (``gain 2`` behind an open decision). Loaded now, the same actions give
        the same game as they gave then."""
        saved = json.loads(
            (Path(__file__).parent / "data" / "saved_with_queued_effects.json").read_text()
        )
        game = load("paupers-ladder", **saved["saved"]["params"])
        state = type(game.new_state(1)).from_json(game, saved["saved"])
        assert state.data["effect_queue"] == [{"effect": "gain", "n": 2}]  # the old queue, as saved
        for seat, action in saved["then"]:
            state.apply(Action.from_json(action), seat)
        # saved with the state's old short keys too: the view is the one seen then, its keys
        # spelt out as they are now (and the seats' names every view carries since)
        seen_then = renamed_keys(saved["view"]) | {"seat_names": state.seat_names()}
        assert json.loads(json.dumps(state.view(None))) == seen_then

    OLD_KEYS = Path(__file__).parent / "data" / "saved_with_queued_effects.json"

    def test_a_stored_game_saved_with_the_old_short_keys_loads_and_plays_on(
        self, tmp_path: Path
    ) -> None:
        """A store from before the state's keys were spelt out holds snapshots with ``ts``,
        ``q``, ``inv``, ``pos`` ...: the game loads with today's names and plays on to the same
        game."""
        saved = json.loads(self.OLD_KEYS.read_text())
        old = saved["saved"]
        assert {"ts", "q", "ctx", "shopk"} <= set(old["data"])  # the old layout
        assert {"pos", "inv", "rec", "troph", "out"} <= set(old["data"]["players"][0])
        game = load("paupers-ladder", **old["params"])
        store = GameStore(f"sqlite:///{tmp_path / 'old.db'}")
        ident = store.create(game.state_from_json(old), ["human", "human"])
        with session_scope(store.url) as s:  # the row as the old version wrote it
            row = s.get(SavedGame, ident)
            assert row is not None
            row.state = json.dumps(old)
        state, _ = store.load(ident)
        assert "ts" not in state.data and state.data["turn_state"] is not None
        assert state.data["effect_queue"] == [{"effect": "gain", "n": 2}]
        for seat, action in saved["then"]:
            state = store.apply(ident, seat, Action.from_json(action))
        reloaded, _ = store.load(ident)
        assert reloaded.data == state.data
        seen_then = renamed_keys(saved["view"]) | {"seat_names": state.seat_names()}
        assert json.loads(json.dumps(state.view(None))) == seen_then

    def test_an_old_snapshot_restores_with_todays_keys(self) -> None:
        """Undo and replay restore stored snapshots (engine.snapshots): an old one upgrades the
        same way as a saved game."""
        old = json.loads(self.OLD_KEYS.read_text())["saved"]
        game = load("paupers-ladder", **old["params"])
        text = json.dumps({"data": old["data"], "rng": old["rng"], "seed": old["seed"]})
        restored = restore(game, text, None)
        assert restored.data == game.state_from_json(old).data
        assert restored.data["players"][1]["recipes"][0] == {
            "recipe": "rec.teleport.3",
            "ingredients": [],
            "learned": False,
            "learned_at": 0,
        }
        assert restored.data["last_fight"]["hazard"] == "forest.vampire.1"

    def test_known_deck_tops_saved_as_lists_become_the_decks_known_top_zones(self) -> None:
        """Saved before the known tops were zones: each player listed the top cards it knew
        (``region_known``, ``outcome_known``) and the cards stayed in the pile."""
        s = load("paupers-ladder", players=2).new_state(3)
        seen = hidden.peek_top(s, "mine", 0, 3)  # seat 0 knows 3, seat 1 the top 1
        hidden.peek_top(s, "mine", 1, 1)
        old = json.loads(json.dumps(s.data))
        zone = old["_zones"].pop("top:mine")
        piles.set_cards(old["decks"]["mine"], piles.cards(old["decks"]["mine"]) + zone["items"])
        for p in old["players"]:
            p["region_known"], p["outcome_known"] = {}, []
        old["players"][0]["region_known"]["mine"] = seen
        old["players"][1]["region_known"]["mine"] = seen[:1]
        up = upgrade(old)
        assert up["decks"]["mine"] == s.data["decks"]["mine"]
        now = s.data["_zones"]["top:mine"]
        assert up["_zones"]["top:mine"]["items"] == now["items"]
        assert up["_zones"]["top:mine"]["known"] == now["known"] == [1, 1, 3]
        assert "region_known" not in up["players"][0]

    def test_a_game_saved_with_todays_keys_is_left_as_it_is(self) -> None:
        state = load("paupers-ladder", players=2).new_state(3)
        again = type(state).from_json(state.game, json.loads(state.dumps()))
        assert again == state and "turn_state" in again.data


class TestEffectNamesOfOldSaves:
    """Saved while the effect names were snake_case and the rules' steps had a leading underscore:
    the queue (a fight's next steps, an event's end, a copied card effect) and an open Quest's
    ``then`` load with today's names and play on as a game saved today does."""

    OLD_NAMES = {
        "draw-for-fight": "_draw_outcome",
        "add-bonuses": "_bonuses",
        "offer-boost": "_boost",
        "resolve-fight": "_resolve",
        "wild-defeat": "_wild_defeat",
        "encounter-card": "_encounter",
        "end-event": "_end_event",
        "complete-quest": "_complete_quest",
        "end-disaster": "_disaster_end",
    }

    def saved_the_old_way(self, data: dict) -> dict:
        old = json.loads(json.dumps(data))
        renamed = {v: k for k, v in self.OLD_NAMES.items()}
        back = {new: old_name for old_name, new in renamed.items()}

        def old_name(entry: object) -> object:
            if isinstance(entry, dict):
                entry = {k: old_name(v) for k, v in entry.items()}
                name = entry.get("effect")
                if isinstance(name, str):
                    entry["effect"] = back.get(name, name.replace("-", "_"))
            elif isinstance(entry, list):
                entry = [old_name(e) for e in entry]
            return entry

        old["effect_queue"] = old_name(old["effect_queue"])
        for frame in old["stack"]:
            if "then" in frame:
                frame["then"] = old_name(frame["then"])
        return old

    def test_a_queue_of_old_names_loads_and_plays_on_the_same(self) -> None:
        s = table(
            {
                "seats": [
                    {"position": "mountain-1", "outcome": [5, 3], "inventory": ["sword", "spear"]},
                    {},
                ],
                "char": "pauper",
                "tiles": {"mountain-1": ["giant"]},
            }
        )
        s.do("fight").expect("weapon")  # the fight waits for the weapon; its boost is queued
        state = s.state
        assert state.data["effect_queue"] == [{"effect": "offer-boost"}]
        state.data["effect_queue"].append({"effect": "draw-equipment", "n": 2, "keep": 1})
        state.data["stack"].append(
            {
                "kind": "pick",
                "seat": 0,
                "zone": "trophies",
                "why": "Quest",
                "candidates": [],
                "n": 1,
                "then": [{"effect": "complete-quest", "city": "bluevale"}],
            }
        )
        old = self.saved_the_old_way(state.data)
        assert old["effect_queue"][0] == {"effect": "_boost"}
        assert {"effect": "draw_equipment", "n": 2, "keep": 1} in old["effect_queue"]
        assert old["stack"][-1]["then"] == [{"effect": "_complete_quest", "city": "bluevale"}]
        assert upgrade(json.loads(json.dumps(old))) == json.loads(json.dumps(state.data))
        state.data["stack"].pop()
        old["stack"].pop()
        loaded = type(state).from_json(state.game, {**json.loads(state.dumps()), "data": old})
        assert loaded == state
        for played in (loaded, state):
            played.apply(played.legal_actions()[0])
        assert loaded.data == state.data and loaded.view(0) == state.view(0)


class TestFrameKeysOfOldSaves:
    """Saved before an open decision's frame spelt its keys out: ``t`` for its kind, ``src``,
    ``cands``, ``disc``, and a pick's zone as ``troph``/``inv``/``ing``/``rec``."""

    OLD = {"kind": "t", "source": "src", "candidates": "cands", "discount": "disc"}
    ZONES = {"trophies": "troph", "inventory": "inv", "ingredients": "ing", "recipes": "rec"}

    def saved_the_old_way(self, frame: dict[str, object]) -> dict[str, object]:
        old = {self.OLD.get(k, k): v for k, v in frame.items()}
        if "zone" in old:
            old["zone"] = self.ZONES[str(old["zone"])]
        return old

    @pytest.mark.parametrize("zone", ["trophies", "inventory", "ingredients", "recipes"])
    def test_an_open_pick_saved_with_short_keys_loads_spelt_out(self, zone: str) -> None:
        s = load("paupers-ladder", players=2).new_state(5)
        frame = {"kind": "pick", "seat": 0, "zone": zone, "why": "FAIL", "candidates": [], "n": 1}
        keep = {"kind": "keep", "seat": 1, "source": "drawn", "private": True}
        shop = {"kind": "shop", "seat": 0, "char": "pauper", "city": "bluevale", "discount": 1}
        s.data["stack"] = [shop, keep, frame]
        old = json.loads(json.dumps(s.data))
        old["stack"] = [self.saved_the_old_way(f) for f in old["stack"]]
        assert "t" in old["stack"][0] and old["stack"][1]["src"] == "drawn"
        assert upgrade(old) == json.loads(json.dumps(s.data))

    def test_frames_saved_spelt_out_are_left_as_they_are(self) -> None:
        s = load("paupers-ladder", players=2).new_state(5)
        s.data["stack"] = [
            {"kind": "pick", "seat": 0, "zone": "trophies", "candidates": [], "n": 1}
        ]
        assert upgrade(json.loads(json.dumps(s.data))) == json.loads(json.dumps(s.data))
