"""How people see Paupers' Ladder: every card a view shows has its face, the board's targets answer
the options on the map, both drawings of each surface, and every text names seats as people do."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

from rich.console import Console

from tabletop.engine import Rng, load
from tabletop.engine.presentation import EVERYTHING
from tabletop.engine.registry import presentation

from .helpers import CARDS, table, tile

ID = re.compile(
    r'"((?:beach|forest|mine|mountain|swamp)\.[a-z0-9-]+\.\d+|(?:eq|q|rec)\.[a-z0-9-]+\.\d+|rar\.[a-z0-9-]+|(?:blue|black|grey|lilac)-\d\d)"'
)
SHOWN = presentation("paupers-ladder")


def views_of_a_game(players: int = 3, seed: int = 2, every: int = 17) -> list[dict]:
    s = load("paupers-ladder", players=players).new_state(seed)
    rng = Rng(seed)
    out = []
    for n in range(900):
        if s.is_terminal():
            break
        if n % every == 0:
            out += [s.view(v) for v in (*range(players), None)]
        seat = s.current_seats()[rng.below(len(s.current_seats()))]
        legal = s.legal_actions(seat)
        s.apply(legal[rng.below(len(legal))], seat)
    return out


class TestTheDeclaredPresentation:
    def test_it_provides_everything(self) -> None:
        assert SHOWN.provides == EVERYTHING
        assert all(path.exists() for path in SHOWN.stylesheets())

    def test_every_card_a_view_shows_has_its_face(self) -> None:
        faces = SHOWN.cards()
        for view in views_of_a_game():
            for cid in ID.findall(json.dumps(view)):
                assert cid in faces, cid
        for pid in CARDS.paupers:
            assert SHOWN.card_text(pid) and SHOWN.card_text(CARDS.paupers[pid].name)
        for region in CARDS.regions.values():
            assert "bridges to" in (SHOWN.card_text(region.name) or "")
        assert SHOWN.card_text("sword") == SHOWN.cards()["eq.sword.1"].words()

    def test_an_option_is_explained_by_the_cards_it_names(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1"}, {}],
                "tiles": {"forest-1": ["toadstools"]},
                "char": "pauper",
            }
        )
        option = s.find("encounter", card=tile(s, "forest-1", "toadstools"))
        assert "toadstools: Ingredient" in (SHOWN.explain(s.view(0), option) or "")


class TestTheBoardsTargets:
    def test_moves_and_encounters_are_answered_on_the_map(self) -> None:
        s = table(
            {
                "seats": [{"position": "forest-1"}, {}],
                "tiles": {"forest-1": ["toadstools"]},
                "char": "pauper",
            }
        )
        view = s.view(0)
        targets = {(t.kind, t.param, t.value): t for t in SHOWN.board_targets(view)}
        for nb in CARDS.neighbours["forest-1"]:
            assert targets[("move", "to", nb)].element == f"region:{nb}"
        toadstools = tile(s, "forest-1", "toadstools")
        assert targets[("encounter", "card", toadstools)].element == f"card:{toadstools}"
        markup = SHOWN.html(view)
        for target in targets.values():  # every target is an element of the drawing
            assert f'data-target="{target.element}"' in markup
        assert SHOWN.board_targets(s.view(1)) == []  # not this seat's decision


class TestTheDrawings:
    def test_full_and_compact_drawings_of_every_surface(self) -> None:
        for view in views_of_a_game(players=2, every=40):
            full, compact = SHOWN.html(view), SHOWN.html(view, compact=True)
            ET.fromstring(full)
            ET.fromstring(compact)
            assert 'class="pl-legend"' in full and 'class="pl-legend"' not in compact
            assert len(compact) < len(full)
            console = Console(width=120, record=True)
            console.print(SHOWN.terminal(view))
            console.print(SHOWN.terminal(view, compact=True))

    def test_no_text_counts_seats_from_0(self) -> None:
        for view in views_of_a_game(players=4, every=30):
            for seat in range(4):
                assert view["seat_names"][seat] == view["players"][seat]["name"]
            text = json.dumps(view["log"]) + json.dumps(view["prompt"])
            assert not re.search(r"\b[Ss]eat 0\b", text)
            markup = SHOWN.html(view)
            assert not re.search(r"\b[Ss]eat 0\b", markup)
