"""The terminal and web renderers draw every Kingdom from a seat's view, and only that view."""

from __future__ import annotations

import xml.dom.minidom

from rich.console import Console

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.games.paper_tales import tui, web
from tabletop.testing import Scenario

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
