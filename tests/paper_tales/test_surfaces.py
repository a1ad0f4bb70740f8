"""The terminal and web renderers draw every Kingdom from a seat's view, and only that view."""

from __future__ import annotations

import io
import xml.dom.minidom
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from tabletop.engine import Action, State, load
from tabletop.engine.bots import make_bot
from tabletop.engine.presentation import EVERYTHING
from tabletop.engine.registry import presentation
from tabletop.games.paper_tales import tui, web
from tabletop.games.paper_tales.content import game_content
from tabletop.testing import Scenario
from tabletop.web.app import create_app

from .helpers import arrangement, card, game


def _played(players: int, steps: int, **params: object) -> Scenario:
    s = Scenario("paper-tales", players=players, seed=4, **params)
    bots = {seat: make_bot(s.game, "greedy", seat, 4) for seat in range(players)}
    for _ in range(steps):
        seats = s.state.current_seats()
        if not seats:
            break
        s.state.apply(bots[seats[0]].act(s.state), seats[0])
    return s


class TestWebBoard:
    def test_seven_kingdoms_render_as_well_formed_markup(self) -> None:
        s = _played(7, 150, new_units=True, new_buildings=True)
        for seat in [*range(7), None]:
            html = web.render(s.view(seat))
            xml.dom.minidom.parseString(html)
            assert html.count('class="pt-kingdom') == 7

    def test_the_face_down_deployment_shows_to_its_seat_only(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["dragon"], "gold": 3}, {}, {}]})
        s.state.apply(arrangement(s, 0, {card(s, 0, "dragon"): "front"}), 0)
        assert "Face down" in web.render(s.view(0))
        assert "Dragon" not in web.render(s.view(1))
        assert "Dragon" not in web.render(s.view(None))

    def test_solo_shows_the_necropolis_line(self) -> None:
        s = _played(1, 3, mode="solo", lich_cards=3)
        html = web.render(s.view(0))
        assert "Lich King" in html and html.count("face down") == 4


class TestTerminal:
    def test_every_seat_and_a_spectator_render(self) -> None:
        s = _played(5, 60)
        console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        for seat in [*range(5), None]:
            console.print(tui.render(s.view(seat)))
        assert "Front" in console.export_text()


class TestGreedyBot:
    def test_plays_every_mode_to_the_end(self) -> None:
        for params in (
            {"players": 2},
            {"players": 6, "new_units": True, "new_buildings": True},
            {"mode": "solo", "lich_cards": 4},
        ):
            g = load("paper-tales", **params)
            st = g.new_state(11)
            bots = {seat: make_bot(g, "greedy", seat, 11) for seat in range(g.num_players)}
            while not st.is_terminal():
                seat = st.current_seats()[0]
                st.apply(bots[seat].act(st), seat)
            assert st.outcome().scores

    def test_plays_many_expansion_games_without_a_hitch(self) -> None:
        g = load("paper-tales", players=2, new_units=True, new_buildings=True)
        for seed in range(40):
            st = g.new_state(seed)
            bots = {seat: make_bot(g, "greedy", seat, seed) for seat in range(2)}
            while not st.is_terminal():
                seat = st.current_seats()[0]
                st.apply(bots[seat].act(st), seat)
            assert len(st.outcome().scores) == 2, seed


def _at(params: dict[str, Any], kind: str, turn: int, committed: bool = False) -> State:
    """A greedy game played until the decision ``kind`` of ``turn`` (with a seat committed)."""
    table = load("paper-tales", **params)
    state = table.new_state(4)
    bots = {seat: make_bot(table, "greedy", seat, 4) for seat in range(table.num_players)}
    while not (
        state.prompt().kind == kind
        and state.data["turn"] == turn
        and (not committed or state.prompt().committed)
    ):
        seat = state.current_seats()[-1]
        state.apply(bots[seat].act(state), seat)
    return state


SHOWN = [
    ({"players": 7, "new_units": True, "new_buildings": True}, "deploy", 3, True),
    ({"players": 5}, "construct", 2, False),
    ({"players": 2}, "draft", 2, False),
    ({"mode": "solo", "lich_cards": 3}, "recruit", 2, False),
    ({"mode": "solo", "lich_cards": 3, "new_units": True}, "deploy", 4, False),
    ({"players": 7, "new_units": True, "new_buildings": True}, "game-over", 4, False),
]


class TestThePresentation:
    """Issue 22, point 4 and issue 24, points 4, 7 and 9: the card texts, the words on the
    options, both drawings and the board targets, all from views."""

    def test_it_provides_everything(self) -> None:
        shown = presentation("paper-tales")
        assert shown.provides == EVERYTHING
        assert type(load("paper-tales").__class__.presentation) is type(shown)

    def test_every_card_a_view_names_has_its_face(self) -> None:
        faces = presentation("paper-tales").cards()
        content = game_content()
        every = {*content.units, *content.instance_type, *content.buildings}
        every |= {*content.necropolis, *content.lich}
        assert every <= set(faces)
        for face in faces.values():
            assert face.name and face.text
        golem = faces["golem.1"]
        assert dict(golem.facts)["Cost"] == "2 Gold" and dict(golem.facts)["Strength"] == "3"
        assert dict(faces["monkey"].facts)["Cost"] == "-1 Gold"

    @pytest.mark.parametrize("name", ["Golem", "golem", "?Golem"[1:], "Gol", "golem.2"])
    def test_a_card_is_found_by_name_id_or_prefix(self, name: str) -> None:
        text = presentation("paper-tales").card_text(name)
        assert text is not None and text.startswith("Golem (Cost 2 Gold, Strength 3")

    def test_buildings_necropolis_and_lich_king_cards_have_their_texts(self) -> None:
        shown = presentation("paper-tales")
        assert "Level 2 cost 1 Wood + 1 Crystal" in str(shown.card_text("Mine"))
        assert "Quest Bonus: 2 LP per Netherworld Unit of strength 4 or more" in str(
            shown.card_text("n2-tyrants")
        )
        assert "1 LP higher" in str(shown.card_text("Dread Tithe"))

    @pytest.mark.parametrize(("params", "kind", "turn", "committed"), SHOWN)
    @pytest.mark.parametrize("compact", [False, True])
    def test_the_terminal_pictures_fit_120_by_40(
        self, params: dict, kind: str, turn: int, committed: bool, compact: bool
    ) -> None:
        state = _at(params, kind, turn, committed)
        shown = presentation("paper-tales")
        for seat in [*range(state.game.num_players), None]:
            console = Console(width=120, record=True, file=io.StringIO())
            console.print(shown.terminal(state.view(seat) or {}, compact=compact))
            lines = console.export_text().rstrip("\n").split("\n")
            assert len(lines) <= 40, (seat, len(lines))
            assert max(len(line) for line in lines) <= 120
            text = "\n".join(lines)
            assert "Paper Tales · turn" in text and "LP" in text
            if seat is not None and state.view(seat)["players"][seat].get("hand"):
                assert "str " in text and "Gold" in text  # cost and strength on screen
            if kind == "game-over" and not compact:
                assert "How every score was made" in text and "Wars " in text

    @pytest.mark.parametrize(("params", "kind", "turn", "committed"), SHOWN)
    def test_the_web_drawings_are_well_formed_and_carry_no_styles(
        self, params: dict, kind: str, turn: int, committed: bool
    ) -> None:
        state = _at(params, kind, turn, committed)
        shown = presentation("paper-tales")
        for seat in [*range(state.game.num_players), None]:
            for compact in (False, True):
                html = shown.html(state.view(seat) or {}, compact=compact)
                xml.dom.minidom.parseString(html)
                assert "<style" not in html and "style=" not in html
                assert html.startswith('<div class="pt-board')

    def test_the_board_page_links_the_stylesheet(self, tmp_path: Path) -> None:
        (sheet,) = presentation("paper-tales").stylesheets()
        assert sheet.name == "paper-tales.css" and ".pt-kingdom" in sheet.read_text()
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0))
        made = client.post(
            "/api/games", json={"game": "paper-tales", "params": {}, "seats": ["human"] * 3}
        ).json()
        page = client.get(made["seat_links"]["0"]).text
        assert '<link rel="stylesheet" href="/game-static/paper-tales/paper-tales.css">' in page
        assert 'class="pt-board' in page
        served = client.get("/game-static/paper-tales/paper-tales.css")
        assert served.status_code == 200 and served.text == sheet.read_text(encoding="utf-8")

    def test_a_deployment_is_played_by_tapping_a_card_then_a_place(self) -> None:
        state = _at({"players": 3}, "deploy", 2)
        shown = presentation("paper-tales")
        view = state.view(0) or {}
        targets = shown.board_targets(view)
        (template,) = view["templates"]
        pairs = {(t.param, t.value) for t in targets}
        assert pairs == {(p["name"], v) for p in template["params"] for v in p["domain"]}
        html = shown.html(view)
        for target in targets:
            assert f'data-target="deploy:{target.param}"' in html  # the card
            assert f'data-target="{target.element}"' in html  # the place
            assert target.kind == "deploy" and target.label
        assert shown.board_targets(state.view(None) or {}) == []
        assert 'data-target="deploy:' not in shown.html(state.view(None) or {})

    def test_options_are_explained_ranked_and_confirmed_in_players_words(self) -> None:
        shown = presentation("paper-tales")
        state = _at({"players": 3}, "deploy", 2)
        view = state.view(0) or {}
        in_play = [u["card"] for u in view["players"][0]["kingdom"] if u]
        assert in_play
        options = state.legal_actions(0)
        leaving = next(a for a in options if any(a[c] == "discard" for c in in_play))
        question = shown.confirm(view, leaving)
        assert question is not None and question.startswith("Discard ")
        assert "from your Kingdom" in question
        assert "The new Units cost" in str(shown.explain(view, leaving))
        build = _at({"players": 3}, "construct", 1)
        view = build.view(0) or {}
        nothing = Action.of("build", building=None)
        ranks = [shown.option_rank(view, a) for a in build.legal_actions(0)]
        assert shown.option_rank(view, nothing) == max(ranks)
        assert "LP at the end" in str(
            shown.explain(view, next(a for a in build.legal_actions(0) if a["building"]))
        )
        draft = _at({"players": 3}, "draft", 1)
        view = draft.view(0) or {}
        picks = draft.legal_actions(0)
        assert str(shown.explain(view, picks[0])).startswith(
            game_content().unit(picks[0]["card"]).name
        )
