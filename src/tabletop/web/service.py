"""What the web app does with the store, independent of HTTP: seat links, actions, undo, bots.

Nothing here keeps state that matters in memory: every game, every seat token and every action is
in the store, so any worker process on any host sharing the database can serve any game. The only
in-process state is the set of games whose bots this process is currently moving, which only
avoids running two bot loops for one game in one process (across processes the store's
``expected_actions`` check keeps two bot loops from both moving), and the bots themselves, one per
bot seat per game, which any process rebuilds from the record when it lacks them
(:class:`BotRunner`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select

from ..engine import Action, IllegalAction, State, check_seed, derive_seed, load
from ..engine.bots import Bot, bot_kinds, make_bot, parse_bot
from ..engine.presentation import numbered_seat
from ..engine.protocol import Game
from ..engine.undo import undo_last
from ..store.db import session_scope
from ..store.games import GameInfo, GameStore, NotFound, StaleAction, lock_game
from ..store.models import SavedSnapshot
from .models import CREATOR, HOTSEAT, SeatToken

log = logging.getLogger("tabletop.web")


class BadSeats(ValueError):
    """The seat list for a new game is wrong (count, or an unknown bot kind)."""


class BadRequest(ValueError):
    """A new game's seed or title out of bounds; the message says which and the limit."""


MAX_TITLE = 200  # characters: a game's title (the store's column is this wide)


class UndoRefused(Exception):
    """Undo is not allowed now; the message says why."""


class GameOver(UndoRefused):
    """Undo asked of a finished game: its record is already public, so it stays finished."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class NewGame:
    id: str
    seat_tokens: dict[int, str]  # human seat -> token
    hotseat_token: str | None
    creator_token: str | None = None  # shows every link again (see seat_links)


def derived_token(creator: str, ident: str, seat: int) -> str:
    """A seat's token, derived from the creator's: the store keeps only hashes, yet whoever holds
    the creator's token can be shown every seat link again."""
    mac = hmac.new(creator.encode("utf-8"), f"{ident}:{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode("ascii").rstrip("=")[:32]


def check_seats(game: Game, seats: list[str]) -> list[str]:
    """Validate ``["human", "bot:random", ...]`` for a game: one entry per seat, known bots."""
    n = game.num_players
    if len(seats) != n:
        raise BadSeats(f"{game.name} with these parameters has {n} seats; got {len(seats)}")
    kinds = bot_kinds(game)
    out = []
    for i, raw in enumerate(seats):
        s = raw.strip()
        if s == "human":
            out.append(s)
            continue
        if not s.startswith("bot:"):
            raise BadSeats(
                f"Seat {i + 1}: a seat is 'human' or 'bot:KIND' (or 'bot:KIND?key=value&...'), "
                f"got {raw!r}"
            )
        spec = s[4:]
        try:
            kind, _ = parse_bot(spec)
        except ValueError as exc:
            raise BadSeats(f"Seat {i + 1} ({s!r}): {exc}") from None
        if kind not in kinds:
            raise BadSeats(
                f"Seat {i + 1} ({s!r}): {game.name} has no bot {kind!r}; "
                f"available: {', '.join(sorted(kinds))}"
            )
        if kinds[kind].cheating and not game.spec.cheating_bots_allowed:
            raise BadSeats(f"Seat {i + 1}: {game.name} does not allow cheating bots ({kind})")
        try:
            # the engine's own check of the parameters: a bot that cannot be made is refused
            # now, not when its first turn comes
            make_bot(game, spec, i, 0)
        except ValueError as exc:
            raise BadSeats(f"Seat {i + 1} ({s!r}): {exc}") from None
        out.append(s)
    return out


def create_game(
    url: str | None,
    name: str,
    params: dict[str, Any],
    seats: list[str],
    seed: int | None = None,
    title: str = "",
) -> NewGame:
    """Start a game in the store with a fresh token per human seat and one hot-seat token.

    Raises UnknownGame / BadParameter (bad game or parameters), BadSeats, or BadRequest (a seed
    outside 0..2^63 - 1, a title longer than MAX_TITLE characters)."""
    if len(title) > MAX_TITLE:
        raise BadRequest(f"a title is at most {MAX_TITLE} characters; this one has {len(title)}")
    if seed is not None:
        try:
            check_seed(seed)
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
    game = load(name, **params)
    seat_specs = check_seats(game, seats)
    if seed is None:
        seed = secrets.randbits(62)
    state = game.new_state(seed)
    ident = GameStore(url).create(state, seat_specs, title=title or game.spec.title)
    creator = secrets.token_urlsafe(24)
    tokens: dict[int, str] = {}
    hotseat: str | None = None
    with session_scope(url) as s:
        s.add(SeatToken(game_id=ident, seat=CREATOR, token_hash=hash_token(creator)))
        for seat, spec in enumerate(seat_specs):
            if spec == "human":
                tokens[seat] = derived_token(creator, ident, seat)
                s.add(SeatToken(game_id=ident, seat=seat, token_hash=hash_token(tokens[seat])))
        if tokens:
            hotseat = derived_token(creator, ident, HOTSEAT)
            s.add(SeatToken(game_id=ident, seat=HOTSEAT, token_hash=hash_token(hotseat)))
    return NewGame(ident, tokens, hotseat, creator)


def seat_links(url: str | None, ident: str, creator: str | None) -> NewGame | None:
    """Every link of a game again, for the holder of its creator's token (None otherwise)."""
    if seat_for_token(url, ident, creator) != CREATOR or creator is None:
        return None
    with session_scope(url) as s:
        seats = {
            row.seat
            for row in s.execute(select(SeatToken).where(SeatToken.game_id == ident)).scalars()
        }
    tokens = {seat: derived_token(creator, ident, seat) for seat in sorted(seats) if seat >= 0}
    hotseat = derived_token(creator, ident, HOTSEAT) if HOTSEAT in seats else None
    return NewGame(ident, tokens, hotseat, creator)


def seat_for_token(url: str | None, ident: str, token: str | None) -> int | None:
    """The seat a token opens in a game (``HOTSEAT`` for the hot-seat link); None if none."""
    if not token:
        return None
    with session_scope(url) as s:
        row = s.execute(
            select(SeatToken).where(
                SeatToken.token_hash == hash_token(token), SeatToken.game_id == ident
            )
        ).scalar_one_or_none()
        return row.seat if row is not None else None


def human_seats(info: GameInfo) -> list[int]:
    return [i for i, s in enumerate(info.seats) if s == "human"]


def bot_seats(info: GameInfo) -> dict[int, str]:
    return {i: s[4:] for i, s in enumerate(info.seats) if str(s).startswith("bot:")}


def parse_action(raw: Any) -> Action:
    """An action from its JSON form; ValueError naming what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError(
            f"'action' must be an object like {{'kind': ..., 'args': {{...}}}}: {raw!r}"
        )
    if not isinstance(raw.get("kind"), str) or not raw["kind"]:
        raise ValueError(f"'action.kind' must be a non-empty string: {raw!r}")
    try:
        return Action.from_json(raw)
    except TypeError as exc:
        raise ValueError(f"malformed action arguments: {exc}") from None


# ------------------------------------------------------------------------------------------ undo


def delete_last_action(
    url: str | None,
    ident: str,
    seat: int,
    expected_actions: int | None = None,
    seen: str | None = None,
) -> State:
    """Undo ``seat``'s last action: delete it from the record and store the replayed state, in
    one transaction. Raises NotFound, StaleAction, or UndoRefused (changing nothing).
    ``seen``/``expected_actions``: the staleness guards of :meth:`GameStore.apply`."""
    with session_scope(url) as s:
        row = lock_game(s, ident)
        if expected_actions is not None and expected_actions != row.num_actions:
            raise StaleAction(
                f"stale undo: you saw {expected_actions} actions, the game has "
                f"{row.num_actions}; reload and try again"
            )
        if row.status == "over":
            raise GameOver("the game is over: a finished game cannot be undone")
        actions = list(row.actions)
        if not actions:
            raise UndoRefused("nothing to undo: no action has been played yet")
        last = actions[-1]
        if last.seat != seat:
            raise UndoRefused(
                f"the last step was {numbered_seat(last.seat)}'s, not yours; you can only take "
                "back your own last step before anyone else acts"
            )
        game = load(row.game, **row.params)
        after = game.state_from_json(json.loads(row.state))
        if seen is not None and seen != after.fingerprint(seat):
            raise StaleAction(
                "stale undo: the game changed in a way you can see since you looked; reload and "
                "try again"
            )
        try:
            # the state before, from the nearest stored snapshot (not a replay of the game)
            earlier = GameStore(url)._state_at(s, row, row.num_actions - 1)
            before = undo_last(after, seat, earlier)
        except IllegalAction as exc:
            raise UndoRefused(str(exc)) from None
        s.delete(last)
        s.execute(
            delete(SavedSnapshot).where(
                SavedSnapshot.game_id == ident, SavedSnapshot.step >= row.num_actions
            )
        )
        row.state = before.dumps()
        row.num_actions = before.num_actions()
        row.status = "over" if before.is_terminal() else "active"
        row.updated = datetime.now(UTC)
        return before


def can_undo(state: State, seat: int, before: State | None = None) -> str | None:
    """None if ``seat`` may undo its last step now, else the reason (the engine's undo policy).
    ``before``: the state before the last action, when the caller has it (from the store's
    snapshots: :meth:`GameStore.state_at`)."""
    try:
        undo_last(state, seat, before)
    except IllegalAction as exc:
        return str(exc)
    return None


# ------------------------------------------------------------------------------------------ bots


def bot_seed(seed: int) -> int:
    """The seed a game's web bots are made with (one bot per seat for the whole game; each seat's
    bot derives its own stream from it, :func:`tabletop.engine.bots.make_bot`)."""
    return derive_seed(seed, "web")


def default_bot(kinds: Iterable[str]) -> str:
    """The opponent a new game offers by default: ``greedy`` where the game has it, else the
    game's own bot, else the random one (a search bot is never the default: it is slow)."""
    names = list(kinds)
    if "greedy" in names:
        return "greedy"
    own = [k for k in names if k not in ("random", "ismcts")]
    return own[0] if own else "random"


@dataclass
class GameBots:
    """The bots of one game in this process: one per bot seat, kept for the whole game.

    ``fed[seat]``: that seat's bot has made every decision of the record for its seat before this
    step (each asked once, on the state before it), so its memory (a builder's plan, a search's
    history) is what it was when it played those steps."""

    bots: dict[int, Bot] = field(default_factory=dict)
    fed: dict[int, int] = field(default_factory=dict)


class BotRunner:
    """Moves the bot seats of saved games, one loop per game per process, through the store.

    Each game keeps one bot per bot seat for the whole game (made from :func:`bot_seed`), so a
    bot that plans (the greedy Lairs builder's lair) follows its plan from move to move. The bots
    live in this process only; after a restart, or in a process that did not move them before,
    they are rebuilt from the record: made again from the same seed and asked again, in order,
    for every decision they made, on the states before those decisions, so they reach the memory
    they had (:meth:`bots_for`). A bot whose move is refused as stale (someone moved first in a
    way its seat can see) is rebuilt the same way before it decides again, so its memory only
    ever holds the record's decisions. Rebuilding costs the bots' thinking again: milliseconds
    for the greedy and random bots, as long as its moves took for a search bot. A bot that
    decides by the clock (``ismcts?seconds=S``) is rebuilt only approximately; where a rebuilt
    bot's choice differs from the record, that is logged.

    ``delay``: seconds a bot waits before a move when the move before it showed something to a
    person or a spectator, so people can follow; a move nobody can see (a piece of a secret
    lair) is followed at once, so a builder builds without pauses."""

    KEEP = 256  # games whose bots this process keeps; the least recently moved are dropped

    def __init__(self, url: str | None, delay: float) -> None:
        self.url = url
        self.delay = delay
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._games: OrderedDict[str, GameBots] = OrderedDict()

    def needs_bots(self, state: State, info: GameInfo) -> bool:
        bots = bot_seats(info)
        return any(s in bots for s in state.current_seats())

    def claim(self, ident: str) -> bool:
        """True if the caller should run the loop; False if this process already runs it (it
        will look again before stopping)."""
        with self._lock:
            if ident in self._running:
                self._again.add(ident)
                return False
            self._running.add(ident)
            return True

    def forget(self, ident: str) -> None:
        """Drop a game's bots (the game ended or is gone)."""
        with self._lock:
            self._games.pop(ident, None)

    def kept(self, ident: str) -> GameBots | None:
        """The game's bots as this process keeps them (None: none kept)."""
        with self._lock:
            return self._games.get(ident)

    def bots_for(self, state: State, info: GameInfo) -> GameBots:
        """The game's bots, brought up to ``state`` (the game's stored state): a bot this
        process lacks is made from the game's bot seed, then every bot is asked for each
        decision of its seat in the record it has not made yet (on the state before it), so its
        memory is the record's. Call only from the game's bot loop."""
        with self._lock:
            kept = self._games.setdefault(info.id, GameBots())
            self._games.move_to_end(info.id)
            while len(self._games) > self.KEEP:
                self._games.popitem(last=False)
        seed = bot_seed(info.seed)
        for seat, kind in bot_seats(info).items():
            if seat not in kept.bots:
                kept.bots[seat] = make_bot(state.game, kind, seat, seed)
                kept.fed[seat] = 0
        n = state.num_actions()
        history = state.history()
        missing = any(
            history[i][0] == seat for seat, fed in kept.fed.items() for i in range(fed, n)
        )
        if missing:
            replay = state.game.new_state(info.seed)
            for i, (seat, action) in enumerate(history):
                if seat in kept.bots and i >= kept.fed[seat]:
                    chosen = kept.bots[seat].act(replay.clone())
                    if chosen != action:
                        log.info(
                            "game %s: the rebuilt bot of seat %d chose %s at step %d, where the "
                            "record has %s",
                            info.id,
                            seat,
                            chosen,
                            i,
                            action,
                        )
                replay.apply(action, seat)
        # (a step a person took back is gone from the record; a bot's step is never undone)
        for seat in kept.fed:
            kept.fed[seat] = n
        return kept

    def run(
        self,
        ident: str,
        sleep: Callable[[float], None] = time.sleep,
        budget: int | None = None,
    ) -> int:
        """Play every bot decision due in the game until a human must act or it ends (or, with
        ``budget``, after that many moves).

        Returns the number of bot actions stored. Call only after :meth:`claim` returned True."""
        moved = 0
        try:
            while True:
                moved += self._loop(ident, sleep, None if budget is None else budget - moved)
                with self._lock:
                    if ident in self._again and (budget is None or moved < budget):
                        self._again.discard(ident)
                        continue
                    self._again.discard(ident)
                    self._running.discard(ident)
                    return moved
        except Exception:
            with self._lock:
                self._running.discard(ident)
                self._again.discard(ident)
            log.exception("bots of game %s stopped", ident)
            raise

    def _loop(self, ident: str, sleep: Callable[[float], None], budget: int | None) -> int:
        store = GameStore(self.url)
        moved = 0
        last: int | None = None  # the number of actions after this loop's last stored move
        shown = True  # whether that move (or the one that started the loop) showed anything
        for _ in range(10_000):
            if budget is not None and moved >= budget:
                return moved
            try:
                state, info = store.load(ident)
            except NotFound:
                self.forget(ident)
                return moved
            bots = bot_seats(info)
            due = [s for s in state.current_seats() if s in bots]
            if not due:
                if state.is_terminal():
                    self.forget(ident)
                return moved
            seat = due[0]
            n = state.num_actions()
            kept = self.bots_for(state, info)
            action = kept.bots[seat].act(state)
            if self.delay and (shown or last != n):
                sleep(self.delay)
            try:
                after = store.apply(ident, seat, action, expected_actions=n)
            except StaleAction:
                # someone else moved meanwhile: this decision is not the record's, so the bot
                # is rebuilt from the record before it looks again
                del kept.bots[seat]
                continue
            kept.fed[seat] = after.num_actions()
            moved += 1
            last = after.num_actions()
            watchers = [None, *human_seats(info)]
            shown = any(state.fingerprint(w) != after.fingerprint(w) for w in watchers)
        return moved


# ------------------------------------------------------------------------------- game renderers


Renderer = Callable[[dict[str, Any]], str]


def game_renderer(game: Game) -> Renderer | None:
    """The game's own drawing of a view for the web page (its declared presentation), or None:
    the page then shows the view's fields generically."""
    shown = type(game).presentation
    if not shown.provides.html:
        return None
    return lambda view: shown.html(view)
