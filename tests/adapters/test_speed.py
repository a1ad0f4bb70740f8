"""What the adapters cost: the four ways of playing random episodes and the bench's table."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from typer.testing import CliRunner

from tabletop.adapters.speed import WAYS, overhead, players
from tabletop.cli.main import app
from tabletop.sim.bench import adapter_overhead


def test_every_way_plays_whole_episodes_from_the_same_seeds() -> None:
    for way in WAYS:
        play = players("toy-bids", {"players": 2}, way)
        first = play(4)
        assert first > 0 and play(4) == first  # the same seed, the same episode
    with pytest.raises(ValueError, match="unknown way"):
        players("toy-bids", {}, "carrier-pigeon")


def test_rows_give_rates_and_ratios_to_the_native_rate() -> None:
    rows = overhead("toy-bids", {"players": 2}, episodes=4, rounds=2)
    assert [r["way"] for r in rows] == list(WAYS)
    native = rows[0]
    assert native["ratio"] == 1.0
    for row in rows:
        assert row["episodes"] == 4 and row["decisions"] > 0 and row["seconds"] > 0
        rate = row["decisions"] / row["seconds"]
        assert row["decisions_per_second"] == pytest.approx(rate)
        assert row["ratio"] == pytest.approx(rate / native["decisions_per_second"])


def test_the_bench_prints_the_docs_table() -> None:
    rows = adapter_overhead([("toy-bids", {"players": 3})], episodes=2, rounds=1)
    assert rows[0]["players"] == 3 and set(rows[0]["ways"]) == set(WAYS)
    result = CliRunner().invoke(app, ["bench", "--adapters", "toy-bids", "--games", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = "| game | episodes | native | pettingzoo | pettingzoo + observation | openspiel |"
    assert header in lines
    row = next(line for line in lines if line.startswith("| Secret Bids"))
    assert row.count("|") == 7 and "decisions/s" in row and row.count("x)") == 3


def test_the_docs_table_is_the_benchs_own() -> None:
    """docs/adapters.md shows the table as `tabletop bench --adapters` prints it: its heading
    line, its header and a row for every game, each laid out as the command lays it out."""
    from pathlib import Path

    import tabletop
    from tabletop.engine import load, specs

    docs = Path(tabletop.__file__).parents[2] / "docs" / "adapters.md"
    if not docs.is_file():
        pytest.skip("docs/ is not installed beside the package")
    text = docs.read_text(encoding="utf-8").splitlines()
    result = CliRunner().invoke(app, ["bench", "--adapters", "toy-bids", "--games", "1"])
    printed = result.output.splitlines()
    header = next(line for line in printed if line.startswith("| game |"))
    assert header in text and printed[printed.index(header) + 1] in text
    assert printed[0].split(":", 1)[0] + ":" in " ".join(text)  # the kernel line
    at = text.index(header) + 2
    rows = []
    while at < len(text) and text[at].startswith("|"):
        rows.append(text[at])
        at += 1
    titles = []
    for spec in specs():
        if spec.name.startswith("toy") or spec.name.startswith("test"):
            continue
        game = load(spec.name)
        plural = "s" if game.num_players > 1 else ""
        titles.append(f"| {spec.title}, {game.num_players} player{plural} |")
    assert sorted(r.split(" | ")[0] + " |" for r in rows) == sorted(titles)
    for row in rows:
        assert row.count("|") == 7 and "decisions/s" in row and row.count("x)") == 3
