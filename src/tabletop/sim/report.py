"""Balance reports: figures and plots from simulation runs, as one self-contained HTML page.

A report is built from one or more *runs* (the JSON documents of :func:`~.runner.simulate`, the
same as ``tabletop simulate --json`` writes). Several runs that differ in one parameter (a solo
mode's difficulty, say) are a *sweep*: the report then shows the win rate for each value.

What it shows, each as a table and a matplotlib plot (also written as PNG files):

- win share by seat, with 95% confidence intervals (Wilson score intervals);
- win share by tag: where a game reports what each seat played with (``State.tags(seat)``: its
  character, faction, cards...), how often a seat with that tag won;
- the distribution of game lengths (rounds and actions);
- the first player's advantage: how often the seat that moved first won, against an even share;
- for a sweep, the win rate for each value of the swept parameter.

The HTML page embeds its plots (base64 PNG), so the file can be mailed or opened anywhere.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.presentation import numbered_seat

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``wins`` successes in ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval always holds p; rounding must not put p outside it (a share of 1.0 would
    # get a negative error bar, which the plots refuse)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


@dataclass
class Share:
    """A share with its interval: ``wins`` of ``n`` (a tie shared by k winners counts 1/k)."""

    label: str
    wins: float
    n: int

    @property
    def share(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci
        return {"label": self.label, "wins": self.wins, "n": self.n, "share": self.share,
                "ci95": [lo, hi]}  # fmt: skip


@dataclass
class Figures:
    """Everything a report shows, computed from the runs (JSON-safe through :meth:`to_json`)."""

    game: str
    params: dict[str, Any]
    seats: list[str]
    seed: int
    games: int
    seat_shares: list[Share]
    no_winner: Share
    tag_shares: dict[str, list[Share]]
    rounds: list[int]
    actions: list[int]
    first_player: Share | None
    reasons: dict[str, int]
    sweep: str | None = None
    sweep_shares: dict[str, list[Share]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "params": self.params,
            "seats": self.seats,
            "seed": self.seed,
            "games": self.games,
            "win_share_by_seat": [s.to_json() for s in self.seat_shares],
            "no_winner": self.no_winner.to_json(),
            "win_share_by_tag": {k: [s.to_json() for s in v] for k, v in self.tag_shares.items()},
            "rounds": _dist(self.rounds),
            "actions": _dist(self.actions),
            "first_player": self.first_player.to_json() if self.first_player else None,
            "reasons": self.reasons,
            "sweep": self.sweep,
            "win_share_by_sweep": {
                k: [s.to_json() for s in v] for k, v in self.sweep_shares.items()
            },
        }


def _dist(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
    }


def _credit(row: Mapping[str, Any], seat: int) -> float:
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def _tag_values(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [str(value)]


def _tag_shares(rows: Sequence[Mapping[str, Any]], rotated: bool) -> dict[str, list[Share]]:
    """For every tag category, how often a seat carrying each value won (with bots rotated,
    each bot's share too, whichever seat it had)."""
    appear: dict[str, Counter[str]] = defaultdict(Counter)
    won: dict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
    for row in rows:
        for seat, spec in enumerate(row.get("seats", []) if rotated else []):
            appear["Bot"][spec] += 1  # each bot's win share, whichever seat it had
            won["Bot"][spec] += _credit(row, seat)
        for seat_key, tags in (row.get("tags") or {}).items():
            seat = int(seat_key)
            for category, value in tags.items():
                for v in set(_tag_values(value)):
                    appear[category][v] += 1
                    won[category][v] += _credit(row, seat)
    tag_shares = {
        category: sorted(
            (Share(v, won[category][v], count) for v, count in counts.items()),
            key=lambda s: (-s.share, s.label),
        )
        for category, counts in sorted(appear.items())
    }
    return tag_shares


def compute(runs: Sequence[Mapping[str, Any]]) -> Figures:
    """The figures of one run, or of a sweep (runs of one game differing in one parameter)."""
    if not runs:
        raise ValueError("a report needs at least one simulation run")
    games = {r["game"] for r in runs}
    if len(games) != 1:
        raise ValueError(f"a report covers one game; these runs are of {', '.join(sorted(games))}")
    varying = sorted(
        {k for r in runs for k in r["params"] if any(q["params"].get(k) != r["params"].get(k)
                                                    for q in runs)}
    )  # fmt: skip
    if len(varying) > 1:
        raise ValueError(
            f"runs in one report may differ in one parameter only; they differ in "
            f"{', '.join(varying)}"
        )
    sweep = varying[0] if varying else None
    rows = [row for r in runs for row in r["results"]]
    first = runs[0]
    seats = list(first["seats"])
    n_seats = max(len(r["seats"]) for r in runs)
    n = len(rows)
    rotated = any(r.get("rotate") for r in runs)  # the bots change seats from game to game
    seat_shares = [
        Share(
            numbered_seat(s)
            + (" (bots rotated)" if rotated else f" ({seats[s]})" if s < len(seats) else ""),
            sum(_credit(row, s) for row in rows),
            n,
        )
        for s in range(n_seats)
    ]
    no_winner = Share("no winner", float(sum(1 for row in rows if not row["winners"])), n)
    tag_shares = _tag_shares(rows, rotated)
    first_player = None
    if n_seats > 1 and any("first" in row for row in rows):
        with_first = [row for row in rows if row.get("first") is not None]
        first_player = Share(
            "first player",
            sum(_credit(row, int(row["first"])) for row in with_first),
            len(with_first),
        )
    sweep_shares: dict[str, list[Share]] = {}
    if sweep is not None:
        for r in runs:
            value = str(r["params"].get(sweep))
            rr = r["results"]
            sweep_shares[value] = [
                Share(numbered_seat(s), sum(_credit(row, s) for row in rr), len(rr))
                for s in range(len(r["seats"]))
            ]
    params = {k: v for k, v in first["params"].items() if k != sweep}
    return Figures(
        game=first["game"],
        params=params,
        seats=seats,
        seed=int(first.get("seed", 0)),
        games=n,
        seat_shares=seat_shares,
        no_winner=no_winner,
        tag_shares=tag_shares,
        rounds=[int(row.get("rounds", 0)) for row in rows],
        actions=[int(row.get("actions", 0)) for row in rows],
        first_player=first_player,
        reasons=dict(sorted(Counter(str(row["reason"]) for row in rows).items())),
        sweep=sweep,
        sweep_shares=sweep_shares,
    )


# ----------------------------------------------------------------------------- plots


def _figure(width: float = 6.4, height: float = 3.6) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _bars(shares: Sequence[Share], title: str, even: float | None, horizontal: bool = False) -> Any:
    fig = _figure(6.4, max(2.4, 0.32 * len(shares) + 1.2) if horizontal else 3.6)
    ax = fig.add_subplot()
    labels = [s.label for s in shares]
    values = [s.share for s in shares]
    lows = [s.share - s.ci[0] for s in shares]
    highs = [s.ci[1] - s.share for s in shares]
    pos = list(range(len(shares)))
    if horizontal:
        ax.barh(pos, values, xerr=[lows, highs], color="#4e79a7", capsize=3)
        ax.set_yticks(pos, labels)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel("win share (95% CI)")
        if even is not None:
            ax.axvline(even, color="#e15759", linestyle="--", linewidth=1, label="even share")
    else:
        ax.bar(pos, values, yerr=[lows, highs], color="#4e79a7", capsize=4)
        ax.set_xticks(pos, labels, rotation=15 if len(labels) > 3 else 0)
        ax.set_ylim(0, 1)
        ax.set_ylabel("win share (95% CI)")
        if even is not None:
            ax.axhline(even, color="#e15759", linestyle="--", linewidth=1, label="even share")
    if even is not None:
        ax.legend(loc="best", fontsize="small")
    ax.set_title(title)
    return fig


def _lengths(fig_rounds: Sequence[int], fig_actions: Sequence[int]) -> Any:
    fig = _figure(8.0, 3.4)
    for i, (values, label) in enumerate(((fig_rounds, "rounds"), (fig_actions, "actions"))):
        ax = fig.add_subplot(1, 2, i + 1)
        if values:
            lo, hi = min(values), max(values)
            bins = min(40, max(1, hi - lo + 1)) if label == "rounds" else 30
            ax.hist(values, bins=bins, color="#59a14f", edgecolor="white")
            ax.axvline(statistics.fmean(values), color="#e15759", linestyle="--", label="mean")
            ax.legend(fontsize="small")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        ax.set_title(f"game length in {label}")
    return fig


def _sweep(f: Figures) -> Any:
    fig = _figure()
    ax = fig.add_subplot()
    values = list(f.sweep_shares)
    seats = max(len(v) for v in f.sweep_shares.values())
    width = 0.8 / seats
    for s in range(seats):
        shares = [f.sweep_shares[v][s] if s < len(f.sweep_shares[v]) else None for v in values]
        xs = [i + (s - (seats - 1) / 2) * width for i in range(len(values))]
        ys = [sh.share if sh else 0.0 for sh in shares]
        err = [
            [sh.share - sh.ci[0] if sh else 0.0 for sh in shares],
            [sh.ci[1] - sh.share if sh else 0.0 for sh in shares],
        ]
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=numbered_seat(s))
    ax.set_xticks(range(len(values)), values)
    ax.set_ylim(0, 1)
    ax.set_xlabel(str(f.sweep))
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"win rate by {f.sweep}")
    if seats > 1:
        ax.legend(fontsize="small")
    return fig


def plots(f: Figures) -> list[tuple[str, str, Any]]:
    """``(file name, caption, figure)`` for every plot of the report."""
    n_seats = len(f.seat_shares)
    out: list[tuple[str, str, Any]] = []
    if f.sweep:
        out.append(("win-rate-by-" + _slug(f.sweep) + ".png", f"Win rate by {f.sweep}", _sweep(f)))
    out.append(
        (
            "win-share-by-seat.png",
            "Win share by seat",
            _bars(f.seat_shares, "win share by seat", 1 / n_seats if n_seats > 1 else None),
        )
    )
    if f.first_player is not None:
        others = Share("other seats (each)", 0.0, 0)
        others.wins = (f.games - f.no_winner.wins - f.first_player.wins) / max(1, n_seats - 1)
        others.n = f.first_player.n
        out.append(
            (
                "first-player.png",
                "First-player advantage",
                _bars([f.first_player, others], "first player against the others", 1 / n_seats),
            )
        )
    for category, shares in f.tag_shares.items():
        out.append(
            (
                f"win-share-by-{_slug(category)}.png",
                f"Win share by {category}",
                _bars(
                    shares,
                    f"win share of seats with each {category}",
                    1 / n_seats if n_seats > 1 else None,
                    horizontal=True,
                ),
            )
        )
    out.append(("game-length.png", "Game length", _lengths(f.rounds, f.actions)))
    return out


# ----------------------------------------------------------------------------- the page


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


def report_name(f: Figures) -> str:
    """A folder name that says what was run: game, parameters (those not at their defaults),
    seats, games and seed."""
    try:
        from ..engine import load

        defaults = dict(load(f.game).params)
    except Exception:  # a game not installed here: name every parameter
        defaults = {}
    parts = [f.game, *(f"{k}-{v}" for k, v in f.params.items() if defaults.get(k, ...) != v)]
    if f.sweep:
        parts.append(f"by-{f.sweep}")
    seats = sorted(set(f.seats))
    parts += [s.removeprefix("bot:") for s in seats]
    parts += [f"n{f.games}", f"seed{f.seed}"]
    return _slug("-".join(str(p) for p in parts))[:120]


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .6rem}
th{background:#f4f4f4;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
img{max-width:100%;height:auto}.muted{color:#666;font-size:.9rem}
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _share_table(shares: Sequence[Share], head: str) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(s.label)}</td><td class=num>{_pct(s.share)}</td>"
        f"<td class=num>{_pct(s.ci[0])} - {_pct(s.ci[1])}</td>"
        f"<td class=num>{s.wins:g} / {s.n}</td></tr>"
        for s in shares
    )
    return (
        f"<table><tr><th>{html.escape(head)}</th><th>win share</th><th>95% CI</th>"
        f"<th>wins / games</th></tr>{rows}</table>"
    )


def render_html(f: Figures, images: Sequence[tuple[str, str, bytes]]) -> str:
    """The report page, with every image embedded."""
    title = f"Balance report: {f.game}"
    params = ", ".join(f"{k}={v}" for k, v in f.params.items()) or "defaults"
    seats = ", ".join(f.seats)
    lengths = (
        "<table><tr><th></th><th>mean</th><th>median</th><th>min</th><th>max</th></tr>"
        + "".join(
            f"<tr><td>{label}</td>"
            + "".join(f"<td class=num>{d[k]:.1f}</td>" for k in ("mean", "median", "min", "max"))
            + "</tr>"
            for label, d in (("rounds", _dist(f.rounds)), ("actions", _dist(f.actions)))
            if d
        )
        + "</table>"
    )
    reasons = "".join(
        f"<tr><td>{html.escape(k)}</td><td class=num>{v}</td>"
        f"<td class=num>{_pct(v / f.games) if f.games else '-'}</td></tr>"
        for k, v in f.reasons.items()
    )
    parts = [
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}"
        f"</title><meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<style>{CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{f.games} games; parameters: {html.escape(params)}"
        + (f"; by {html.escape(str(f.sweep))}" if f.sweep else "")
        + f"; seats: {html.escape(seats)}; seeds {f.seed} onward.</p>",
        f"<p class=muted>Made {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}. Intervals are "
        "95% Wilson score intervals. A game won jointly by k seats counts 1/k for each.</p>",
    ]
    captions = {name: (caption, data) for name, caption, data in images}

    def img(name: str) -> str:
        if name not in captions:
            return ""
        caption, data = captions[name]
        b64 = base64.b64encode(data).decode()
        return (
            f"<figure><img alt='{html.escape(caption)}' src='data:image/png;base64,{b64}'>"
            f"<figcaption class=muted>{html.escape(caption)} ({html.escape(name)})"
            "</figcaption></figure>"
        )

    if f.sweep:
        parts.append(f"<h2>Win rate by {html.escape(str(f.sweep))}</h2>")
        for value, shares in f.sweep_shares.items():
            parts.append(f"<h3>{html.escape(str(f.sweep))} = {html.escape(value)}</h3>")
            parts.append(_share_table(shares, "seat"))
        parts.append(img("win-rate-by-" + _slug(f.sweep) + ".png"))
    parts.append("<h2>Win share by seat</h2>")
    parts.append(_share_table([*f.seat_shares, f.no_winner], "seat"))
    parts.append(img("win-share-by-seat.png"))
    if f.first_player is not None:
        n_seats = len(f.seat_shares)
        parts.append("<h2>First-player advantage</h2>")
        parts.append(
            f"<p>The seat that moved first won {_pct(f.first_player.share)} of the games "
            f"(95% CI {_pct(f.first_player.ci[0])} - {_pct(f.first_player.ci[1])}); an even "
            f"share is {_pct(1 / n_seats)}.</p>"
        )
        parts.append(img("first-player.png"))
    for category, shares in f.tag_shares.items():
        parts.append(f"<h2>Win share by {html.escape(category)}</h2>")
        parts.append(
            "<p class=muted>Of the seats that had each one, the share that won.</p>"
            + _share_table(shares, category)
        )
        parts.append(img(f"win-share-by-{_slug(category)}.png"))
    parts.append("<h2>Game length</h2>")
    parts.append(lengths)
    parts.append(img("game-length.png"))
    parts.append("<h2>How games ended</h2>")
    parts.append(f"<table><tr><th>reason</th><th>games</th><th>share</th></tr>{reasons}</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(runs: Sequence[Mapping[str, Any]], out_dir: Path) -> Path:
    """Write ``<out_dir>/<name>/index.html`` with its PNG plots, the figures as JSON and the
    runs (usable again with ``--from``). Returns the report's folder."""
    f = compute(runs)
    folder = Path(out_dir) / report_name(f)
    folder.mkdir(parents=True, exist_ok=True)
    images = []
    for name, caption, fig in plots(f):
        data = _png(fig)
        (folder / name).write_bytes(data)
        images.append((name, caption, data))
    (folder / "index.html").write_text(render_html(f, images), encoding="utf-8")
    (folder / "figures.json").write_text(json.dumps(f.to_json(), indent=1) + "\n", "utf-8")
    (folder / "runs.json").write_text(json.dumps(list(runs)) + "\n", encoding="utf-8")
    meta = {
        "title": f"{f.game}: "
        + (", ".join(f"{k}={v}" for k, v in f.params.items()) or "defaults")
        + (f", by {f.sweep}" if f.sweep else ""),
        "game": f.game,
        "games": f.games,
        "seats": f.seats,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    (folder / "meta.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return folder


def load_runs(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Runs from JSON files: a simulate document, a list of them, or a report's runs.json."""
    runs: list[dict[str, Any]] = []
    for path in paths:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(f"{path}: no such file") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not JSON ({exc})") from None
        for i, run in enumerate(doc if isinstance(doc, list) else [doc]):
            missing = [
                k for k in ("game", "params", "seats", "results") if not isinstance(run, dict)
                or k not in run
            ]  # fmt: skip
            if missing:
                raise ValueError(
                    f"{path}: run {i} is not a simulation result (missing {', '.join(missing)})"
                )
            for j, row in enumerate(run["results"]):
                if not isinstance(row, dict) or "winners" not in row:
                    raise ValueError(f"{path}: run {i}, result {j} has no 'winners'")
            runs.append(run)
    return runs


# ------------------------------------------------------------------------------ A/B of variants


def newcombe(a: Share, b: Share) -> tuple[float, float]:
    """The 95% interval of ``b.share - a.share`` from the two shares' Wilson intervals
    (Newcombe's hybrid score method, 1998)."""
    pa, pb = a.share, b.share
    la, ua = a.ci
    lb, ub = b.ci
    d = pb - pa
    lo = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return (max(-1.0, lo), min(1.0, hi))


def _mean_diff(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``mean(b) - mean(a)`` with its 95% interval (normal, unequal variances)."""
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    va = statistics.variance(a) if len(a) > 1 else 0.0
    vb = statistics.variance(b) if len(b) > 1 else 0.0
    half = Z95 * math.sqrt(va / len(a) + vb / len(b)) if len(a) > 1 and len(b) > 1 else math.inf
    return mb - ma, mb - ma - half, mb - ma + half


def ab_figures(base: Mapping[str, Any], variant: Mapping[str, Any]) -> dict[str, Any]:
    """Every figure of two runs of one game that differ in one parameter, played with the same
    seeds and seats (refused otherwise): per figure each variant's value, the difference
    (variant minus base) and its 95% interval, and whether the interval says anything (it
    excludes no difference) or more games are needed."""
    for key in ("game", "seats", "seed"):
        if base.get(key) != variant.get(key):
            raise ValueError(f"an A/B compares runs with the same {key}; these differ")
    rows_a, rows_b = base["results"], variant["results"]
    if [r["seed"] for r in rows_a] != [r["seed"] for r in rows_b]:
        raise ValueError("an A/B compares runs of the same seeds; these differ")
    changed = sorted(k for k in variant["params"] if base["params"].get(k) != variant["params"][k])
    n = len(rows_a)
    lines: list[dict[str, Any]] = []

    def share_line(label: str, wins_a: float, wins_b: float, count: int) -> None:
        a, b = Share(label, wins_a, count), Share(label, wins_b, count)
        lo, hi = newcombe(a, b)
        lines.append(
            {
                "figure": label,
                "base": a.share,
                "variant": b.share,
                "kind": "share",
                "difference": b.share - a.share,
                "ci95": [lo, hi],
                "decided": lo > 0 or hi < 0,
            }
        )

    seats = max(len(base["seats"]), 1)
    for s in range(seats):
        label = f"win share, {numbered_seat(s)}" if seats > 1 else "win share (solo)"
        share_line(label, sum(_credit(r, s) for r in rows_a), sum(_credit(r, s) for r in rows_b), n)
    if seats > 1:
        share_line(
            "no winner",
            sum(1.0 for r in rows_a if not r["winners"]),
            sum(1.0 for r in rows_b if not r["winners"]),
            n,
        )
        firsts = [
            (a, b)
            for a, b in zip(rows_a, rows_b, strict=True)
            if a.get("first") is not None and b.get("first") is not None
        ]
        if firsts:
            share_line(
                "first player's win share",
                sum(_credit(a, int(a["first"])) for a, _ in firsts),
                sum(_credit(b, int(b["first"])) for _, b in firsts),
                len(firsts),
            )
    for key in ("rounds", "actions"):
        va = [float(r.get(key, 0)) for r in rows_a]
        vb = [float(r.get(key, 0)) for r in rows_b]
        d, lo, hi = _mean_diff(va, vb)
        lines.append(
            {
                "figure": f"mean {key}",
                "base": statistics.fmean(va),
                "variant": statistics.fmean(vb),
                "kind": "mean",
                "difference": d,
                "ci95": [lo, hi],
                "decided": lo > 0 or hi < 0,
            }
        )
    return {
        "game": base["game"],
        "base": dict(base["params"]),
        "variant": dict(variant["params"]),
        "changed": changed,
        "games": n,
        "seed": base.get("seed"),
        "figures": lines,
    }
