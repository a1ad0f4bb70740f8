# Over 600 lines: every figure of a balance report and its HTML page, in one pass.
"""Balance reports: figures and plots from simulation runs, as one self-contained HTML page.

A report is built from one or more *runs* (the JSON documents of :func:`~.runner.simulate`, the
same as ``tabletop simulate --json`` writes). Runs of the same parameters and seats are pooled
(the same seed twice is refused: a game would count twice); runs that differ in one parameter (a
solo mode's difficulty, the number of players, the mode, with whatever the mode's own parameters
bring) are a *sweep*, and every figure is then given per value. Runs whose seats differ are
refused, but for a sweep that changes the number of seats, where each run seats one bot
throughout.

What it shows, each as a table (every share with its 95% Wilson interval and a note on what the
interval says: above or below even, even within a few points, or too wide to say anything and
how many games would do) and a matplotlib plot (also written as PNG files):

- win share by seat, seats named as the game names them everywhere (``State.seat_name``, where
  a seat keeps its name from game to game; ``Seat N``, counted from 1, otherwise);
- the first player's win share: the seat that took the first turn, as the game decided it (a
  game whose decisions are all made at once has no first player, and the report says so);
- the score margin: the top score less the next best, as a distribution;
- win share by tag: where a game reports what each seat played with (``State.tags(seat)``), for
  a single value (a character, a faction) how often a seat with it won; for a list of values (the
  cards it played) each value's *play rate* (the seat-games it was played in, at any point of the
  game: not what was left at the end) and *win rate when played* against the win rate without it,
  only for values played at least :data:`MIN_PLAYS` times, with a caution on the number of
  comparisons (a Bonferroni-corrected interval marks the values that stand out);
- the distribution of game lengths (rounds and actions) and how games ended;
- for a sweep, every figure for each value side by side; for an A/B of two variants
  (:func:`ab_figures`) each figure's difference with its 95% interval.

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
PRECISION = 0.05
"""An interval wider than this either side of its figure (and holding the value it is read
against) says nothing a designer can act on: the report asks for more games."""
MIN_PLAYS = 30
"""A card (a value of a list-valued tag) is rated only when played, and not played, in at least
this many seat-games."""


def z_for(alpha: float) -> float:
    """The two-sided normal quantile for a ``1 - alpha`` interval."""
    return statistics.NormalDist().inv_cdf(1 - alpha / 2)


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


def games_for(half_width: float, n: int) -> int:
    """About how many games (or trials) bring an interval of ``half_width`` on ``n`` down to
    :data:`PRECISION` either side (the width falls with the square root of the count)."""
    if n <= 0:
        return 100
    need = n * (half_width / PRECISION) ** 2
    step = 10 ** max(1, int(math.log10(max(need, 1))) - 1)
    return int(math.ceil(need / step) * step)


def share_note(lo: float, hi: float, n: int, ref: float | None, what: str = "even") -> str:
    """What a share's 95% interval says against ``ref`` (an even share, say): above, below,
    level within a few points, or too wide to say anything ("run more games")."""
    half = (hi - lo) / 2
    if ref is not None and lo > ref:
        return f"above {what}"
    if ref is not None and hi < ref:
        return f"below {what}"
    if half > PRECISION:
        return f"too wide to say: run more games (about {games_for(half, n):,} for ±5 points)"
    if ref is None:
        return ""
    return f"{what} within ±{half:.0%}"


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean with its 95% normal interval (infinite with fewer than two values)."""
    if not values:
        return (0.0, -math.inf, math.inf)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, -math.inf, math.inf)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def mean_note(values: Sequence[float]) -> str:
    """ "run more games" where a mean's interval is wider than a tenth of it either side."""
    m, lo, hi = mean_ci(values)
    half = (hi - lo) / 2
    if not math.isfinite(half) or half > 0.1 * max(abs(m), 1.0):
        return "too wide to say: run more games"
    return ""


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

    def note(self, ref: float | None, what: str = "even") -> str:
        lo, hi = self.ci
        return share_note(lo, hi, self.n, ref, what)

    def to_json(self, ref: float | None = None) -> dict[str, Any]:
        lo, hi = self.ci
        return {"label": self.label, "wins": self.wins, "n": self.n, "share": self.share,
                "ci95": [lo, hi], "note": self.note(ref)}  # fmt: skip


def newcombe(a: Share, b: Share, z: float = Z95) -> tuple[float, float]:
    """The interval (95% by default) of ``b.share - a.share`` from the two shares' Wilson
    intervals (Newcombe's hybrid score method, 1998)."""
    pa, pb = a.share, b.share
    la, ua = wilson(a.wins, a.n, z)
    lb, ub = wilson(b.wins, b.n, z)
    d = pb - pa
    lo = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return (max(-1.0, lo), min(1.0, hi))


@dataclass
class Card:
    """One value of a list-valued tag (a card): in how many seat-games it was played, and the
    win share of the seats that played it against those that did not."""

    label: str
    plays: int
    seat_games: int
    wins_played: float
    wins_unplayed: float

    @property
    def play_rate(self) -> Share:
        return Share(self.label, float(self.plays), self.seat_games)

    @property
    def when_played(self) -> Share:
        return Share(self.label, self.wins_played, self.plays)

    @property
    def when_not(self) -> Share:
        return Share(self.label, self.wins_unplayed, self.seat_games - self.plays)

    @property
    def rated(self) -> bool:
        return self.plays >= MIN_PLAYS and self.seat_games - self.plays >= MIN_PLAYS

    def lift(self, z: float = Z95) -> tuple[float, float]:
        """The interval of the win rate when played less the win rate when not."""
        return newcombe(self.when_not, self.when_played, z)

    def to_json(self, comparisons: int) -> dict[str, Any]:
        lo, hi = self.lift()
        clo, chi = self.lift(z_for(0.05 / max(1, comparisons)))
        return {
            "label": self.label,
            "plays": self.plays,
            "seat_games": self.seat_games,
            "play_rate": self.play_rate.to_json(),
            "win_rate_when_played": self.when_played.to_json(),
            "win_rate_when_not_played": self.when_not.to_json(),
            "rated": self.rated,
            "difference": self.when_played.share - self.when_not.share,
            "ci95": [lo, hi],
            "ci_corrected": [clo, chi],
            "stands_out": self.rated and (clo > 0 or chi < 0),
        }


@dataclass
class Figures:
    """Everything a report shows of one set of games (one run, runs pooled, or one value of a
    sweep), computed from the runs (JSON-safe through :meth:`to_json`). A sweep's figures hold
    one :class:`Figures` per value in ``variants``."""

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
    variants: dict[str, Figures] = field(default_factory=dict)
    cards: dict[str, list[Card]] = field(default_factory=dict)
    cards_at_end: bool = False  # runs recorded no plays: the cards are those left at the end
    margins: list[float] = field(default_factory=list)
    seat_names: list[str] = field(default_factory=list)
    first_named: bool = True  # the game names a first player (some prompt names a turn)

    @property
    def players(self) -> int:
        return len(self.seat_shares)

    @property
    def even(self) -> float | None:
        return 1 / self.players if self.players > 1 else None

    @property
    def sweep_shares(self) -> dict[str, list[Share]]:
        return {value: f.seat_shares for value, f in self.variants.items()}

    def rated(self, category: str) -> list[Card]:
        return [c for c in self.cards.get(category, []) if c.rated]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "params": self.params,
            "seats": self.seats,
            "seed": self.seed,
            "games": self.games,
            "sweep": self.sweep,
        }
        if self.variants:
            out["variants"] = {k: v.to_json() for k, v in self.variants.items()}
            out["win_share_by_sweep"] = {
                k: [s.to_json(v.even) for s in v.seat_shares] for k, v in self.variants.items()
            }
            out["figures"] = sweep_lines(self)
            return out
        even = self.even
        out.update(
            {
                "seat_names": self.seat_names,
                "win_share_by_seat": [s.to_json(even) for s in self.seat_shares],
                "no_winner": self.no_winner.to_json(),
                "win_share_by_tag": {
                    k: [s.to_json(even) for s in v] for k, v in self.tag_shares.items()
                },
                "cards": {
                    k: [c.to_json(len(self.rated(k))) for c in v] for k, v in self.cards.items()
                },
                "cards_at_end": self.cards_at_end,
                "min_plays": MIN_PLAYS,
                "rounds": _dist(self.rounds),
                "actions": _dist(self.actions),
                "score_margin": _dist(self.margins),
                "first_player": self.first_player.to_json(even) if self.first_player else None,
                "first_player_named": self.first_named,
                "reasons": self.reasons,
            }
        )
        return out


def _dist(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    m, lo, hi = mean_ci(values)
    q = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else ordered * 3
    return {
        "mean": m,
        "mean_ci95_low": lo if math.isfinite(lo) else None,  # type: ignore[dict-item]
        "mean_ci95_high": hi if math.isfinite(hi) else None,  # type: ignore[dict-item]
        "median": float(statistics.median(ordered)),
        "q1": float(q[0]),
        "q3": float(q[2]),
        "min": float(ordered[0]),
        "max": float(ordered[-1]),
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


def _listed(rows: Sequence[Mapping[str, Any]]) -> set[str]:
    """The tag categories that hold a list of values (cards), not one value."""
    return {
        category
        for row in rows
        for tags in (row.get("tags") or {}).values()
        for category, value in tags.items()
        if isinstance(value, list | tuple)
    }


def _tag_shares(rows: Sequence[Mapping[str, Any]], rotated: bool) -> dict[str, list[Share]]:
    """For every single-valued tag category, how often a seat carrying each value won (with
    bots rotated, each bot's share too, whichever seat it had)."""
    appear: dict[str, Counter[str]] = defaultdict(Counter)
    won: dict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
    listed = _listed(rows)
    for row in rows:
        for seat, spec in enumerate(row.get("seats", []) if rotated else []):
            appear["Bot"][spec] += 1  # each bot's win share, whichever seat it had
            won["Bot"][spec] += _credit(row, seat)
        for seat_key, tags in (row.get("tags") or {}).items():
            seat = int(seat_key)
            for category, value in tags.items():
                if category in listed:
                    continue
                for v in set(_tag_values(value)):
                    appear[category][v] += 1
                    won[category][v] += _credit(row, seat)
    return {
        category: sorted(
            (Share(v, won[category][v], count) for v, count in counts.items()),
            key=lambda s: (-s.share, s.label),
        )
        for category, counts in sorted(appear.items())
    }


def _cards(rows: Sequence[Mapping[str, Any]]) -> tuple[dict[str, list[Card]], bool]:
    """Per list-valued category, each value's plays and the win shares with and without it;
    from what the seats played over the game (``played``), or, for runs that did not record it,
    from the tags at the end (then True)."""
    listed = _listed(rows)
    at_end = bool(listed) and not any("played" in row for row in rows)
    plays: dict[str, Counter[str]] = defaultdict(Counter)
    wins: dict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
    seat_games = 0
    total = 0.0
    for row in rows:
        source = row.get("tags") if at_end else row.get("played")
        for seat_key, tags in (source or {}).items():
            seat = int(seat_key)
            credit = _credit(row, seat)
            seat_games += 1
            total += credit
            for category, value in tags.items():
                if category not in listed:
                    continue
                for v in set(_tag_values(value)):
                    plays[category][v] += 1
                    wins[category][v] += credit
    cards = {
        category: sorted(
            (
                Card(v, count, seat_games, wins[category][v], total - wins[category][v])
                for v, count in counts.items()
            ),
            key=lambda c: (-c.rated, -c.when_played.share, c.label),
        )
        for category, counts in sorted(plays.items())
    }
    return cards, at_end


def margin(row: Mapping[str, Any]) -> float | None:
    """The top score less the next best (0: level at the top); None with fewer than two."""
    scores = sorted((float(v) for v in (row.get("scores") or {}).values()), reverse=True)
    return scores[0] - scores[1] if len(scores) > 1 else None


def seat_labels(rows: Sequence[Mapping[str, Any]], n_seats: int) -> list[str]:
    """Each seat as the game names it (``State.seat_name``) where it kept that name in every
    game; ``Seat N`` (from 1) where the name changes from game to game (a Pauper drawn) or the
    rows do not say."""
    out = []
    for s in range(n_seats):
        names = {
            str(r["names"][s]) if r.get("names") and len(r["names"]) > s else None for r in rows
        }
        name = names.pop() if len(names) == 1 else None
        out.append(name or numbered_seat(s))
    return out


def figures_of(
    runs: Sequence[Mapping[str, Any]], params: Mapping[str, Any] | None = None
) -> Figures:
    """The figures of runs of one game, seats and parameters, pooled."""
    rows = [row for r in runs for row in r["results"]]
    first = runs[0]
    seats = list(first["seats"])
    n_seats = len(seats)
    n = len(rows)
    rotated = any(r.get("rotate") for r in runs)  # the bots change seats from game to game
    names = seat_labels(rows, n_seats)
    seat_shares = []
    for s in range(n_seats):
        bots = " (bots rotated)" if rotated else f" ({seats[s]})"
        seat_shares.append(Share(names[s] + bots, sum(_credit(row, s) for row in rows), n))
    no_winner = Share("no winner", float(sum(1 for row in rows if not row["winners"])), n)
    first_player = None
    with_first = [row for row in rows if row.get("first") is not None]
    named = bool(with_first) or not rows
    if n_seats > 1 and with_first:
        first_player = Share(
            "first player",
            sum(_credit(row, int(row["first"])) for row in with_first),
            len(with_first),
        )
    cards, at_end = _cards(rows)
    margins = [m for m in (margin(row) for row in rows) if m is not None]
    return Figures(
        game=first["game"],
        params=dict(params if params is not None else first["params"]),
        seats=seats,
        seed=min(int(r.get("seed", 0)) for r in runs),
        games=n,
        seat_shares=seat_shares,
        no_winner=no_winner,
        tag_shares=_tag_shares(rows, rotated),
        rounds=[int(row.get("rounds", 0)) for row in rows],
        actions=[int(row.get("actions", 0)) for row in rows],
        first_player=first_player,
        reasons=dict(sorted(Counter(str(row["reason"]) for row in rows).items())),
        cards=cards,
        cards_at_end=at_end,
        margins=margins if n_seats > 1 else [],
        seat_names=names,
        first_named=named,
    )


def _spec_of(game: str) -> Any:
    try:
        from ..engine import load

        return load(game).spec
    except Exception:  # a game not installed here: its parameters' conditions are unknown
        return None


def swept(game: str, varying: Sequence[str], named: str | None = None) -> str | None:
    """The parameter a set of runs sweeps: the one that varies, or the one the others follow
    (the mode, with the number of players and the mode's own parameters it brings); refused when
    the runs differ in more than that."""
    if not varying:
        return None
    if named is not None and named in varying and len(varying) == 1:
        return named
    if len(varying) == 1:
        return varying[0]
    spec = _spec_of(game)

    def follows(q: str, p: str) -> bool:
        if spec is None:
            return False
        try:
            qs = spec.param(q)
        except Exception:
            return False
        return (qs.only_when is not None and qs.only_when[0] == p) or any(
            other == p for other, _, _ in qs.default_when
        )

    leaders = [p for p in varying if all(q == p or follows(q, p) for q in varying)]
    if named is not None and named in leaders:
        return named
    if len(leaders) == 1:
        return leaders[0]
    raise ValueError(
        f"runs in one report may differ in one parameter only (and in what it brings with it); "
        f"they differ in {', '.join(varying)}"
    )


def _check_seats(runs: Sequence[Mapping[str, Any]], sweep: str | None) -> None:
    """Runs pooled in one report, or the values of a sweep, must seat the same bots: refused
    otherwise (a sweep that changes the number of seats: each run one bot throughout)."""
    seatings = {tuple(r["seats"]) for r in runs}
    rotations = {bool(r.get("rotate")) for r in runs}
    if len(rotations) > 1:
        raise ValueError("runs with the bots rotated and runs without cannot share a report")
    if len(seatings) == 1:
        return
    shown = "; ".join(", ".join(s) for s in sorted(seatings))
    counts = {len(s) for s in seatings}
    bots = {b for s in seatings for b in s}
    if sweep is not None and len(counts) == len(seatings) and len(bots) == 1:
        return  # the sweep changes the number of seats, every seat the same bot
    raise ValueError(
        f"runs with different seats cannot share a report ({shown}); "
        + (
            "a sweep that changes the number of seats needs one bot in every seat"
            if sweep is not None and len(counts) > 1
            else "make every run with the same --seats"
        )
    )


def compute(runs: Sequence[Mapping[str, Any]], sweep: str | None = None) -> Figures:
    """The figures of one run (or runs of the same parameters, pooled), or of a sweep (runs of
    one game differing in one parameter, and in what that parameter brings with it)."""
    if not runs:
        raise ValueError("a report needs at least one simulation run")
    games = {r["game"] for r in runs}
    if len(games) != 1:
        raise ValueError(f"a report covers one game; these runs are of {', '.join(sorted(games))}")
    game = next(iter(games))
    keys = sorted({k for r in runs for k in r["params"]})
    varying = [k for k in keys if len({json.dumps(r["params"].get(k)) for r in runs}) > 1]
    named = sweep or next((r.get("sweep") for r in runs if r.get("sweep")), None)
    sweep = swept(game, varying, named)
    _check_seats(runs, sweep)
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for r in runs:
        groups.setdefault(json.dumps(r["params"], sort_keys=True), []).append(r)
    for group in groups.values():
        seen: set[int] = set()
        for r in group:
            seeds = {int(row["seed"]) for row in r["results"] if "seed" in row}
            twice = sorted(seeds & seen)
            if twice:
                raise ValueError(
                    f"the game of seed {twice[0]} is in two of these runs (with the same "
                    f"parameters; {len(twice)} such seeds): it would count twice"
                )
            seen |= seeds
    if sweep is None:
        return figures_of(runs)
    variants = {
        _value(group[0]["params"].get(sweep)): figures_of(group) for group in groups.values()
    }
    first = runs[0]
    common = {k: v for k, v in first["params"].items() if k not in varying}
    return Figures(
        game=game,
        params=common,
        seats=sorted({b for r in runs for b in r["seats"]}),
        seed=min(int(r.get("seed", 0)) for r in runs),
        games=sum(len(r["results"]) for r in runs),
        seat_shares=[],
        no_winner=Share("no winner", 0.0, 0),
        tag_shares={},
        rounds=[],
        actions=[],
        first_player=None,
        reasons={},
        sweep=sweep,
        variants=variants,
    )


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


# ----------------------------------------------------------------------- figures side by side


def common_names(figures: Sequence[Figures]) -> list[str]:
    """Seat names for figures side by side: a seat's name where every set of games that has the
    seat gives it the same one, its number (from 1) otherwise."""
    out = []
    for s in range(max((f.players for f in figures), default=0)):
        names = {f.seat_names[s] for f in figures if s < len(f.seat_names)}
        out.append(names.pop() if len(names) == 1 else numbered_seat(s))
    return out


def lines_of(f: Figures, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The headline figures of one set of games, each with what a comparison needs: a share's
    wins and games, a mean's values (seats named by ``names``, else as ``f`` names them)."""
    out: list[dict[str, Any]] = []
    names = list(names) if names is not None else f.seat_names

    def share(name: str, s: Share, ref: float | None) -> None:
        out.append({"figure": name, "kind": "share", "wins": s.wins, "n": s.n, "ref": ref})

    even = f.even
    for i, s in enumerate(f.seat_shares):
        name = f"win share, {names[i]}" if f.players > 1 else "win share (solo)"
        share(name, s, even)
    if f.players > 1:
        share("no winner", f.no_winner, None)
        if f.first_player is not None:
            share("first player's win share", f.first_player, even)
    for key, values in (("rounds", f.rounds), ("actions", f.actions), ("score margin", f.margins)):
        if values:
            floats = [float(v) for v in values]
            out.append({"figure": f"mean {key}", "kind": "mean", "values": floats})
    return out


def card_lines(f: Figures) -> list[dict[str, Any]]:
    """Per card of every list-valued category: its play rate and its win rate when played."""
    out = []
    for category, cards in f.cards.items():
        for c in cards:
            pr, wp = c.play_rate, c.when_played
            out.append({"figure": f"play rate, {category} {c.label}", "kind": "share",
                        "wins": pr.wins, "n": pr.n, "ref": None, "group": category})  # fmt: skip
            out.append({"figure": f"win rate when played, {category} {c.label}",
                        "kind": "share", "wins": wp.wins, "n": wp.n, "ref": None,
                        "group": category})  # fmt: skip
    return out


def tag_lines(f: Figures) -> list[dict[str, Any]]:
    """Per value of every single-valued tag (a Pauper, a Bird; the bots of a rotated run): the
    win share of the seats that had it."""
    out = []
    for category, shares in f.tag_shares.items():
        for s in shares:
            out.append({"figure": f"win share, {category} {s.label}", "kind": "share",
                        "wins": s.wins, "n": s.n, "ref": f.even, "group": category})  # fmt: skip
    return out


def describe_line(line: Mapping[str, Any]) -> dict[str, Any]:
    """A line's value, interval and note."""
    if line["kind"] == "share":
        s = Share(line["figure"], line["wins"], line["n"])
        lo, hi = s.ci
        return {"value": s.share, "ci95": [lo, hi], "note": s.note(line.get("ref"))}
    m, lo, hi = mean_ci(line["values"])
    return {
        "value": m,
        "ci95": [lo if math.isfinite(lo) else None, hi if math.isfinite(hi) else None],
        "note": mean_note(line["values"]),
    }


def sweep_lines(f: Figures) -> list[dict[str, Any]]:
    """Every headline figure of a sweep, per value (None where a value has no such figure)."""
    names = common_names(list(f.variants.values()))
    per = {value: {ln["figure"]: describe_line(ln) for ln in lines_of(v, names)}
           for value, v in f.variants.items()}  # fmt: skip
    figures: list[str] = []
    for lines in per.values():
        figures += [n for n in lines if n not in figures]
    return [{"figure": n, "values": {v: per[v].get(n) for v in per}} for n in figures]


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


def _histogram(values: Sequence[float], label: str, title: str) -> Any:
    fig = _figure(6.4, 3.2)
    ax = fig.add_subplot()
    if values:
        lo, hi = min(values), max(values)
        whole = all(float(v).is_integer() for v in values)
        bins = int(min(40, max(1, hi - lo + 1))) if whole else 30
        ax.hist(values, bins=bins, color="#f28e2b", edgecolor="white")
        ax.axvline(statistics.fmean(values), color="#4e79a7", linestyle="--", label="mean")
        ax.legend(fontsize="small")
    ax.set_xlabel(label)
    ax.set_ylabel("games")
    ax.set_title(title)
    return fig


def _sweep(f: Figures) -> Any:
    fig = _figure()
    ax = fig.add_subplot()
    values = list(f.variants)
    seats = max(v.players for v in f.variants.values())
    names = common_names(list(f.variants.values()))
    width = 0.8 / seats
    for s in range(seats):
        shares = [v.seat_shares[s] if s < v.players else None for v in f.variants.values()]
        xs = [i + (s - (seats - 1) / 2) * width for i in range(len(values))]
        ys = [sh.share if sh else 0.0 for sh in shares]
        err = [
            [sh.share - sh.ci[0] if sh else 0.0 for sh in shares],
            [sh.ci[1] - sh.share if sh else 0.0 for sh in shares],
        ]
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=names[s])
    ax.set_xticks(range(len(values)), values)
    ax.set_ylim(0, 1)
    ax.set_xlabel(str(f.sweep))
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"win rate by {f.sweep}")
    if seats > 1:
        ax.legend(fontsize="small")
    return fig


def plots(f: Figures, suffix: str = "") -> list[tuple[str, str, Any]]:
    """``(file name, caption, figure)`` for every plot of the report (a sweep: the win rate by
    value, then every value's own, their names ending in the value)."""
    out: list[tuple[str, str, Any]] = []
    if f.variants:
        by = str(f.sweep)
        out.append(("win-rate-by-" + _slug(by) + ".png", f"Win rate by {by}", _sweep(f)))
        for value, v in f.variants.items():
            out += plots(v, f"-{_slug(str(f.sweep))}-{_slug(value)}")
        return out
    n_seats = f.players
    out.append(
        (
            f"win-share-by-seat{suffix}.png",
            "Win share by seat",
            _bars(f.seat_shares, "win share by seat", f.even),
        )
    )
    if f.first_player is not None:
        others = Share("other seats (each)", 0.0, f.first_player.n)
        others.wins = (f.games - f.no_winner.wins - f.first_player.wins) / max(1, n_seats - 1)
        out.append(
            (
                f"first-player{suffix}.png",
                "First-player advantage",
                _bars([f.first_player, others], "first player against the others", f.even),
            )
        )
    if f.margins:
        out.append(
            (
                f"score-margin{suffix}.png",
                "Score margin",
                _histogram(f.margins, "top score less the next best", "score margin"),
            )
        )
    for category, shares in f.tag_shares.items():
        out.append(
            (
                f"win-share-by-{_slug(category)}{suffix}.png",
                f"Win share by {category}",
                _bars(
                    shares,
                    f"win share of seats with each {category}",
                    f.even,
                    horizontal=True,
                ),
            )
        )
    for category in f.cards:
        rated = f.rated(category)
        if rated:
            out.append(
                (
                    f"win-rate-when-played-{_slug(category)}{suffix}.png",
                    f"Win rate when played, by {category}",
                    _bars(
                        [c.when_played for c in rated],
                        f"win rate of seats that played each {category}",
                        f.even,
                        horizontal=True,
                    ),
                )
            )
    out.append((f"game-length{suffix}.png", "Game length", _lengths(f.rounds, f.actions)))
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


def _share_table(
    shares: Sequence[Share], head: str, ref: float | None = None, plain: Sequence[Share] = ()
) -> str:
    """Shares with their intervals and notes against ``ref`` (``plain``: rows read against
    nothing, such as the games nobody won)."""
    rows = "".join(
        f"<tr><td>{html.escape(s.label)}</td><td class=num>{_pct(s.share)}</td>"
        f"<td class=num>{_pct(s.ci[0])} - {_pct(s.ci[1])}</td>"
        f"<td class=num>{s.wins:g} / {s.n}</td>"
        f"<td>{html.escape(s.note(None if i >= len(shares) else ref))}</td></tr>"
        for i, s in enumerate([*shares, *plain])
    )
    return (
        f"<table><tr><th>{html.escape(head)}</th><th>win share</th><th>95% CI</th>"
        f"<th>wins / games</th><th></th></tr>{rows}</table>"
    )


def _dist_table(rows: Sequence[tuple[str, Sequence[float]]]) -> str:
    head = ("mean (95% CI)", "median", "quartiles", "min", "max", "")
    body = ""
    for label, values in rows:
        d = _dist(values)
        if not d:
            continue
        m, lo, hi = mean_ci(values)
        ci = f" ({lo:.1f} - {hi:.1f})" if math.isfinite(lo) else ""
        body += (
            f"<tr><td>{html.escape(label)}</td><td class=num>{m:.1f}{ci}</td>"
            f"<td class=num>{d['median']:.1f}</td><td class=num>{d['q1']:.1f} - {d['q3']:.1f}</td>"
            f"<td class=num>{d['min']:.1f}</td><td class=num>{d['max']:.1f}</td>"
            f"<td>{html.escape(mean_note(values))}</td></tr>"
        )
    return "<table><tr><th></th>" + "".join(f"<th>{h}</th>" for h in head) + f"</tr>{body}</table>"


def _cards_html(f: Figures, category: str, img: Any, suffix: str) -> str:
    cards = f.cards[category]
    rated = f.rated(category)
    k = len(rated)
    z = z_for(0.05 / max(1, k))
    where = (
        "at the end of the game (these runs recorded no plays: run them again for play rates)"
        if f.cards_at_end
        else "at any point of the game (played, learned or met: not only what was left at the end)"
    )
    parts = [
        f"<h3>{html.escape(category)}: play rate and win rate when played</h3>",
        f"<p class=muted>A seat-game counts a {html.escape(category)} when the seat's tag named it "
        f"{where}. Play rate: the share of seat-games with it. Win rate when played: the win "
        f"share of those seats, beside the win share of the seats without it. Only values with "
        f"at least {MIN_PLAYS} seat-games each way are rated ({k} of {len(cards)}); the others are "
        "listed with their counts only. A card's win rate when played is an association, not "
        "its effect: a seat doing well may play more of some cards.</p>",
    ]
    if k:
        parts.append(
            f"<p><strong>Many comparisons:</strong> {k} values are rated; at 95% about "
            f"{0.05 * k:.1f} of them would look apart from the rest by chance alone. A value is "
            f"marked only where its difference stays away from zero in an interval corrected for "
            f"the {k} comparisons (Bonferroni, {1 - 0.05 / k:.2%}).</p>"
        )
    rows = ""
    for c in cards:
        pr, wp, wn = c.play_rate, c.when_played, c.when_not
        if c.rated:
            lo, hi = c.lift()
            clo, chi = c.lift(z)
            mark = "stands out" if clo > 0 or chi < 0 else ""
            note = mark or share_note(lo, hi, wp.n, 0.0, "no difference").replace(
                "above no difference", "above, not after correction"
            ).replace("below no difference", "below, not after correction")
            rows += (
                f"<tr><td>{html.escape(c.label)}</td><td class=num>{c.plays}</td>"
                f"<td class=num>{_pct(pr.share)}</td>"
                f"<td class=num>{_pct(wp.share)} ({_pct(wp.ci[0])} - {_pct(wp.ci[1])})</td>"
                f"<td class=num>{_pct(wn.share)}</td>"
                f"<td class=num>{100 * (wp.share - wn.share):+.1f} ({100 * lo:+.1f} to "
                f"{100 * hi:+.1f}; corrected {100 * clo:+.1f} to {100 * chi:+.1f})</td>"
                f"<td>{html.escape(note)}</td></tr>"
            )
        else:
            rows += (
                f"<tr><td>{html.escape(c.label)}</td><td class=num>{c.plays}</td>"
                f"<td class=num>{_pct(pr.share)}</td><td class=num>-</td><td class=num>-</td>"
                f"<td class=num>-</td><td>fewer than {MIN_PLAYS} seat-games played or not: "
                "not rated</td></tr>"
            )
    parts.append(
        "<table><tr><th>value</th><th>plays</th><th>play rate</th>"
        "<th>win rate when played (95% CI)</th><th>without it</th>"
        "<th>difference, points (95% CI)</th><th></th></tr>" + rows + "</table>"
    )
    parts.append(img(f"win-rate-when-played-{_slug(category)}{suffix}.png"))
    return "\n".join(parts)


def _section(f: Figures, img: Any, suffix: str = "") -> list[str]:
    """The detailed figures of one set of games."""
    parts = ["<h2>Win share by seat</h2>"]
    parts.append(_share_table(f.seat_shares, "seat", f.even, plain=[f.no_winner]))
    parts.append(img(f"win-share-by-seat{suffix}.png"))
    if f.players > 1:
        parts.append("<h2>First-player advantage</h2>")
        if f.first_player is not None:
            fp = f.first_player
            parts.append(
                f"<p>The seat that took the first turn (as the game chose it) won "
                f"{_pct(fp.share)} of the games (95% CI {_pct(fp.ci[0])} - {_pct(fp.ci[1])}); an "
                f"even share is {_pct(1 / f.players)}: {html.escape(fp.note(f.even))}.</p>"
            )
            parts.append(img(f"first-player{suffix}.png"))
        else:
            parts.append(
                f"<p>{html.escape(f.game)} has no first player: no decision of these games was "
                "one seat's turn (every seat decides at once).</p>"
            )
    if f.margins:
        ties = sum(1 for m in f.margins if m == 0)
        parts.append("<h2>Score margin</h2>")
        parts.append(
            "<p class=muted>The top score less the next best, per game (0: level at the top, "
            f"decided by a tie-break or shared): {_pct(ties / len(f.margins))} of the games.</p>"
        )
        parts.append(_dist_table([("score margin", f.margins)]))
        parts.append(img(f"score-margin{suffix}.png"))
    for category, shares in f.tag_shares.items():
        parts.append(f"<h2>Win share by {html.escape(category)}</h2>")
        parts.append(
            "<p class=muted>Of the seats that had each one, the share that won.</p>"
            + _share_table(shares, category, f.even)
        )
        parts.append(img(f"win-share-by-{_slug(category)}{suffix}.png"))
    if f.cards:
        parts.append("<h2>Cards played</h2>")
        for category in f.cards:
            parts.append(_cards_html(f, category, img, suffix))
    parts.append("<h2>Game length</h2>")
    parts.append(_dist_table([("rounds", f.rounds), ("actions", f.actions)]))
    parts.append(img(f"game-length{suffix}.png"))
    reasons = "".join(
        f"<tr><td>{html.escape(k)}</td><td class=num>{v}</td>"
        f"<td class=num>{_pct(v / f.games) if f.games else '-'}</td></tr>"
        for k, v in f.reasons.items()
    )
    parts.append("<h2>How games ended</h2>")
    parts.append(f"<table><tr><th>reason</th><th>games</th><th>share</th></tr>{reasons}</table>")
    return parts


def _cell(d: Mapping[str, Any] | None, kind: str) -> str:
    if d is None:
        return "<td class=num>-</td>"
    lo, hi = d["ci95"]
    if kind == "share":
        text = f"{_pct(d['value'])} ({_pct(lo)} - {_pct(hi)})"
    else:
        ci = f" ({lo:.1f} - {hi:.1f})" if lo is not None else ""
        text = f"{d['value']:.1f}{ci}"
    note = f"<br><span class=muted>{html.escape(d['note'])}</span>" if d["note"] else ""
    return f"<td class=num>{text}{note}</td>"


def _ab_html(ab: Mapping[str, Any]) -> str:
    rows = ""
    for line in [*ab["figures"], *ab.get("tags", []), *ab.get("cards", [])]:
        share = line["kind"] == "share"
        lo, hi = line["ci95"]

        def fmt(x: float, diff: bool = False, share: bool = share) -> str:
            if share:
                return f"{100 * x:+.1f} pts" if diff else _pct(x)
            return f"{x:+.1f}" if diff else f"{x:.1f}"

        rows += (
            f"<tr><td>{html.escape(line['figure'])}</td><td class=num>{fmt(line['base'])}</td>"
            f"<td class=num>{fmt(line['variant'])}</td><td class=num>"
            f"{fmt(line['difference'], True)} ({fmt(lo, True)} to {fmt(hi, True)})</td>"
            f"<td>{html.escape(line['note'])}</td></tr>"
        )
    changed = ", ".join(f"{k}={ab['variant'][k]}" for k in ab["changed"])
    return (
        f"<h2>A/B: {html.escape(changed)} against the base</h2><p class=muted>{ab['games']} games "
        "each side, the same seeds and seats; the difference is the variant's less the base's, "
        "with its 95% interval (Newcombe's for shares, a normal one for means; the tags' and "
        f"the cards' figures, each side with at least {MIN_PLAYS} seat-games: corrected for the "
        "number of them compared, Bonferroni). With the same seeds both sides the interval is "
        "on the safe side.</p><table><tr><th>figure</th><th>base</th><th>variant</th>"
        f"<th>difference (95% CI)</th><th></th></tr>{rows}</table>"
    )


def render_html(
    f: Figures,
    images: Sequence[tuple[str, str, bytes]],
    ab: Mapping[str, Any] | None = None,
) -> str:
    """The report page, with every image embedded."""
    title = f"Balance report: {f.game}"
    params = ", ".join(f"{k}={v}" for k, v in f.params.items()) or "defaults"
    seats = ", ".join(f.seats)
    parts = [
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}"
        f"</title><meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<style>{CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{f.games} games; parameters: {html.escape(params)}"
        + (f"; by {html.escape(str(f.sweep))}" if f.sweep else "")
        + f"; seats: {html.escape(seats)}; seeds {f.seed} onward.</p>",
        f"<p class=muted>Made {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}. Intervals are "
        "95% Wilson score intervals. A game won jointly by k seats counts 1/k for each. A note "
        "says what each interval shows: above or below an even share, even within a few points, "
        f"or too wide to say anything (more than ±{PRECISION:.0%}): run more games.</p>",
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

    if ab is not None:
        parts.append(_ab_html(ab))
    if f.variants:
        sweep = html.escape(str(f.sweep))
        values = list(f.variants)
        parts.append(f"<h2>Every figure by {sweep}</h2>")
        head = "".join(f"<th>{sweep} = {html.escape(v)}</th>" for v in values)
        body = ""
        for line in sweep_lines(f):
            kind = "share" if not line["figure"].startswith("mean ") else "mean"
            body += f"<tr><td>{html.escape(line['figure'])}</td>" + "".join(
                _cell(line["values"][v], kind) for v in values
            )
            body += "</tr>"
        parts.append(f"<table><tr><th>figure</th>{head}</tr>{body}</table>")
        parts.append(img("win-rate-by-" + _slug(str(f.sweep)) + ".png"))
        for value, v in f.variants.items():
            parts.append(f"<h1>{sweep} = {html.escape(value)}</h1>")
            parts.append(
                f"<p>{v.games} games; parameters: "
                + html.escape(", ".join(f"{k}={x}" for k, x in v.params.items()))
                + f"; seats: {html.escape(', '.join(v.seats))}.</p>"
            )
            parts += _section(v, img, f"-{_slug(str(f.sweep))}-{_slug(value)}")
    else:
        parts += _section(f, img)
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(
    runs: Sequence[Mapping[str, Any]],
    out_dir: Path,
    sweep: str | None = None,
    ab: bool | None = None,
) -> Path:
    """Write ``<out_dir>/<name>/index.html`` with its PNG plots, the figures as JSON and the
    runs (usable again with ``--from``). ``sweep`` names the swept parameter (found from the
    runs otherwise); ``ab``: the two runs are an A/B (base first), and the page leads with the
    differences (None: whenever they can be, a sweep of two values played on the same seeds and
    seats, such as a sweep of a boolean rule). Returns the report's folder."""
    f = compute(runs, sweep)
    if ab is None:
        ab = comparable(runs) and f.sweep is not None
    comparison = ab_figures(runs[0], runs[1]) if ab else None
    folder = Path(out_dir) / report_name(f)
    folder.mkdir(parents=True, exist_ok=True)
    images = []
    for name, caption, fig in plots(f):
        data = _png(fig)
        (folder / name).write_bytes(data)
        images.append((name, caption, data))
    (folder / "index.html").write_text(render_html(f, images, comparison), encoding="utf-8")
    figures = f.to_json()
    if comparison is not None:
        figures["ab"] = comparison
    (folder / "figures.json").write_text(json.dumps(figures, indent=1) + "\n", "utf-8")
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


def comparable(runs: Sequence[Mapping[str, Any]]) -> bool:
    """Whether two runs can be an A/B: the same game, seats and seeds, game by game."""
    if len(runs) != 2:
        return False
    a, b = runs
    return all(a.get(k) == b.get(k) for k in ("game", "seats", "seed", "rotate")) and [
        r.get("seed") for r in a["results"]
    ] == [r.get("seed") for r in b["results"]]


def _mean_diff(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``mean(b) - mean(a)`` with its 95% interval (normal, unequal variances)."""
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    va = statistics.variance(a) if len(a) > 1 else 0.0
    vb = statistics.variance(b) if len(b) > 1 else 0.0
    half = Z95 * math.sqrt(va / len(a) + vb / len(b)) if len(a) > 1 and len(b) > 1 else math.inf
    return mb - ma, mb - ma - half, mb - ma + half


def difference_note(lo: float, hi: float, kind: str, scale: float, n: int) -> str:
    """What a difference's interval says: a difference, none larger than a few points, or too
    wide to say anything ("run more games", with about how many a variant)."""
    if lo > 0 or hi < 0:
        return "a difference"
    if lo == hi == 0:
        return "no difference: the same in every game"
    half = (hi - lo) / 2
    if kind == "share":
        if half > PRECISION:
            more = games_for(half, n)
            return f"no difference shown: run more games (about {more:,} a variant for ±5 points)"
        return f"no difference larger than ±{100 * half:.1f} points"
    if not math.isfinite(half) or half > 0.1 * max(scale, 1.0):
        return "no difference shown: run more games"
    return f"no difference larger than ±{half:.1f}"


def _compare(a: Mapping[str, Any], b: Mapping[str, Any], z: float = Z95) -> dict[str, Any]:
    if a["kind"] == "share":
        sa, sb = Share(a["figure"], a["wins"], a["n"]), Share(b["figure"], b["wins"], b["n"])
        lo, hi = newcombe(sa, sb, z)
        base, variant, n = sa.share, sb.share, min(sa.n, sb.n)
    else:
        d, lo, hi = _mean_diff(a["values"], b["values"])
        if z != Z95:
            lo, hi = d - (d - lo) * z / Z95, d + (hi - d) * z / Z95
        base, variant = statistics.fmean(a["values"]), statistics.fmean(b["values"])
        n = min(len(a["values"]), len(b["values"]))
    return {
        "figure": a["figure"],
        "base": base,
        "variant": variant,
        "kind": a["kind"],
        "difference": variant - base,
        "ci95": [lo, hi],
        "decided": lo > 0 or hi < 0,
        "note": difference_note(lo, hi, a["kind"], abs(base), n),
    }


def ab_figures(base: Mapping[str, Any], variant: Mapping[str, Any]) -> dict[str, Any]:
    """Every figure of two runs of one game that differ in one parameter, played with the same
    seeds and seats (refused otherwise): per figure each variant's value, the difference
    (variant minus base) and its 95% interval, and what the interval says (a difference, none
    larger than a few points, or too wide: run more games). The cards' figures (play rate and
    win rate when played, where both sides played it at least :data:`MIN_PLAYS` times) are
    compared with an interval corrected for the number of them (Bonferroni) and listed under
    ``cards``; the single-valued tags' win shares (a Pauper's) likewise under ``tags``."""
    for key in ("game", "seats", "seed"):
        if base.get(key) != variant.get(key):
            raise ValueError(f"an A/B compares runs with the same {key}; these differ")
    rows_a, rows_b = base["results"], variant["results"]
    if [r["seed"] for r in rows_a] != [r["seed"] for r in rows_b]:
        raise ValueError("an A/B compares runs of the same seeds; these differ")
    changed = sorted(
        k
        for k in {*base["params"], *variant["params"]}
        if base["params"].get(k) != variant["params"].get(k)
    )
    fa, fb = figures_of([base]), figures_of([variant])
    # a seat keeps one label both sides: its name where both agree on it, else its number
    names = common_names([fa, fb])
    lines_b = {ln["figure"]: ln for ln in lines_of(fb, names)}
    lines = [
        _compare(ln, lines_b[ln["figure"]]) for ln in lines_of(fa, names) if ln["figure"] in lines_b
    ]

    def pairs(lines: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        both = {ln["figure"]: ln for ln in lines(fb) if ln["n"] >= MIN_PLAYS}
        return [(ln, both[ln["figure"]]) for ln in lines(fa)
                if ln["figure"] in both and ln["n"] >= MIN_PLAYS]  # fmt: skip

    paired = pairs(card_lines)
    z = z_for(0.05 / max(1, len(paired)))
    cards = [_compare(a, b, z) for a, b in paired]
    tagged = pairs(tag_lines)
    z = z_for(0.05 / max(1, len(tagged)))
    tags = [_compare(a, b, z) for a, b in tagged]
    return {
        "game": base["game"],
        "base": dict(base["params"]),
        "variant": dict(variant["params"]),
        "changed": changed,
        "games": len(rows_a),
        "seed": base.get("seed"),
        "figures": lines,
        "cards": cards,
        "card_comparisons": len(paired),
        "tags": tags,
        "tag_comparisons": len(tagged),
    }
