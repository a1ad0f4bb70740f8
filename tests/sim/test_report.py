"""Balance reports: the figures (intervals, tags, first player, sweeps), the files, the command
and the web app's Reports page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.sim.bench import scaling
from tabletop.sim.report import compute, load_runs, wilson, write_report
from tabletop.sim.runner import play_one, simulate
from tabletop.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0)) as c:
        yield c


def run(rows: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
    return {"game": "g", "params": {"players": 2, **params}, "seed": 0,
            "seats": ["bot:a", "bot:b"], "results": rows}  # fmt: skip


def row(winners: list[int], first: int = 0, tags: dict | None = None, rounds: int = 5) -> dict:
    r = {"seed": 0, "winners": winners, "reason": "x", "actions": 10, "rounds": rounds,
         "first": first}  # fmt: skip
    if tags is not None:
        r["tags"] = tags
    return r


class TestFigures:
    def test_wilson_interval(self) -> None:
        lo, hi = wilson(5, 10)
        assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
        lo, hi = wilson(0, 20)
        assert lo == 0.0 and round(hi, 4) == 0.1611
        assert wilson(0, 0) == (0.0, 1.0)

    def test_seat_shares_count_a_shared_win_as_half(self) -> None:
        f = compute([run([row([0]), row([0, 1]), row([1]), row([])])])
        assert [s.wins for s in f.seat_shares] == [1.5, 1.5]
        assert f.no_winner.wins == 1 and f.games == 4

    def test_tags_win_share_of_seats_carrying_them(self) -> None:
        tags_a = {"0": {"Pauper": "Ann", "Virtue": ["bravery"]}, "1": {"Pauper": "Bo"}}
        tags_b = {"0": {"Pauper": "Bo", "Virtue": []}, "1": {"Pauper": "Ann"}}
        f = compute([run([row([0], tags=tags_a), row([0], tags=tags_b)])])
        paupers = {s.label: (s.wins, s.n) for s in f.tag_shares["Pauper"]}
        assert paupers == {"Ann": (1.0, 2), "Bo": (1.0, 2)}
        # a list of values is a card's: counted per seat-game, not as a single-valued tag
        assert "Virtue" not in f.tag_shares
        (bravery,) = f.cards["Virtue"]
        assert (bravery.label, bravery.plays, bravery.seat_games) == ("bravery", 1, 4)
        assert bravery.when_played.share == 1.0 and bravery.when_not.wins == 1.0
        assert f.cards_at_end  # these rows recorded no plays: the tags at the end stand in

    def test_rotated_run_gives_each_bots_share_whatever_its_seat(self) -> None:
        a, b = ["bot:a", "bot:b"], ["bot:b", "bot:a"]
        rows = [row([0]), row([0]), row([1]), row([0, 1])]
        for r, seats in zip(rows, [a, b, a, b], strict=True):
            r["seats"] = seats
        f = compute([{**run(rows), "rotate": True}])
        assert {s.label: (s.wins, s.n) for s in f.tag_shares["Bot"]} == {
            "bot:a": (1.5, 4),  # game 1 as seat 0, and half of game 4
            "bot:b": (2.5, 4),  # game 2 as seat 0, game 3 as seat 1, half of game 4
        }
        assert f.seat_shares[0].label == "Seat 1 (bots rotated)"
        assert "Bot" not in compute([run(rows)]).tag_shares  # seats fixed: shares by seat say it

    def test_first_player_advantage(self) -> None:
        f = compute([run([row([0], first=0), row([1], first=1), row([0], first=1)])])
        assert f.first_player is not None
        assert (f.first_player.wins, f.first_player.n) == (2.0, 3)

    def test_a_sweep_over_one_parameter(self) -> None:
        easy = run([row([0]), row([0])], difficulty="easy")
        hard = run([row([]), row([0])], difficulty="hard")
        f = compute([easy, hard])
        assert f.sweep == "difficulty"
        assert {k: v[0].wins for k, v in f.sweep_shares.items()} == {"easy": 2.0, "hard": 1.0}

    def test_runs_differing_in_two_parameters_are_refused(self) -> None:
        with pytest.raises(ValueError, match="differ in one parameter only"):
            compute([run([row([0])], a=1, b=1), run([row([0])], a=2, b=2)])

    def test_paupers_ladder_reports_paupers_birds_and_virtues(self) -> None:
        r = play_one("paupers-ladder", {"players": 2}, 3, ["bot:greedy"] * 2)
        assert set(r["tags"]) == {"0", "1"}
        assert set(r["tags"]["0"]) == {"Pauper", "Bird", "Virtue"}
        winner = str(r["winners"][0])
        assert len(r["tags"][winner]["Virtue"]) == 3
        assert r["first"] == 0


class TestFiles:
    def test_report_folder_holds_html_pngs_and_json(self, tmp_path: Path) -> None:
        doc = simulate("toy-bids", {}, 8, 0, ["bot:random", "bot:random"])
        folder = write_report([doc], tmp_path)
        names = {p.name for p in folder.iterdir()}
        assert {"index.html", "figures.json", "runs.json", "meta.json"} <= names
        assert {"win-share-by-seat.png", "first-player.png", "game-length.png"} <= names
        assert "score-margin.png" in names
        html = (folder / "index.html").read_text()
        assert html.count("data:image/png;base64,") == 4 and "95% CI" in html
        assert "run more games" in html  # 8 games say nothing a designer can act on
        assert (folder / "win-share-by-seat.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        figures = json.loads((folder / "figures.json").read_text())
        assert figures["games"] == 8

    def test_bad_results_files_are_named(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text('{"game": "toy-bids"}')
        with pytest.raises(ValueError, match=r"bad.json: run 0 is not a simulation result"):
            load_runs([bad])
        with pytest.raises(ValueError, match="no such file"):
            load_runs([tmp_path / "none.json"])


class TestCommand:
    def test_report_runs_and_writes_under_out(self, tmp_path: Path) -> None:
        result = CliRunner().invoke(
            app, ["report", "toy-bids", "-n", "6", "--seed", "2", "--out", str(tmp_path)]
        )
        assert result.exit_code == 0, result.output
        (folder,) = list(tmp_path.iterdir())
        assert (folder / "index.html").is_file()
        runs = json.loads((folder / "runs.json").read_text())
        assert [r["seed"] for r in runs[0]["results"]] == [2, 3, 4, 5, 6, 7]

    def test_report_from_results_file(self, tmp_path: Path) -> None:
        doc = simulate("toy-bids", {}, 5, 0, ["bot:random", "bot:random"])
        path = tmp_path / "results.json"
        path.write_text(json.dumps(doc))
        out = tmp_path / "out"
        result = CliRunner().invoke(
            app, ["report", "toy-bids", "--from", str(path), "--out", str(out)]
        )
        assert result.exit_code == 0, result.output
        assert len(list(out.iterdir())) == 1
        wrong = CliRunner().invoke(app, ["report", "paupers-ladder", "--from", str(path)])
        assert wrong.exit_code == 2 and "not paupers-ladder" in wrong.output

    def test_solo_difficulty_is_swept(self, tmp_path: Path) -> None:
        from tabletop.cli.report import sweep_values

        sets = sweep_values("paupers-ladder", {"mode": "solo"}, None)
        assert [s["difficulty"] for s in sets] == ["easy", "mid", "hard", "very-hard"]
        assert len(sweep_values("paupers-ladder", {}, None)) == 1


class TestScaling:
    def test_same_games_on_one_and_two_workers(self) -> None:
        rows = scaling("toy-bids", {}, n=16)
        assert [r["workers"] for r in rows] == [1.0, 2.0]
        assert rows[0]["speedup"] == 1.0 and rows[1]["games"] == 16


class TestReportsPage:
    def test_lists_and_opens_reports(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: TestClient
    ) -> None:
        monkeypatch.setenv("TABLETOP_REPORTS", str(tmp_path / "reports"))
        assert "No reports yet" in client.get("/reports").text
        doc = simulate("toy-bids", {}, 4, 0, ["bot:random", "bot:random"])
        folder = write_report([doc], tmp_path / "reports")
        page = client.get("/reports")
        assert page.status_code == 200 and f'href="/reports/{folder.name}"' in page.text
        opened = client.get(f"/reports/{folder.name}")
        assert opened.status_code == 200 and "Balance report: toy-bids" in opened.text
        png = client.get(f"/reports/{folder.name}/win-share-by-seat.png")
        assert png.status_code == 200 and png.content[:4] == b"\x89PNG"
        assert client.get("/api/reports").json()[0]["name"] == folder.name

    def test_unknown_names_are_not_found(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: TestClient
    ) -> None:
        monkeypatch.setenv("TABLETOP_REPORTS", str(tmp_path))
        assert client.get("/reports/nothing").status_code == 404
        assert client.get("/reports/..%2F..%2Fetc/passwd").status_code == 404
