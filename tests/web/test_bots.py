"""The web's bots keep their state for the whole game: one bot per seat per game, made from the
game's bot seed, and rebuilt from the record after a restart so it goes on exactly as before.

The greedy Lairs builder is the bot that needs it most: it builds from a plan drawn once, and a
bot made afresh for every move drew a new plan each time, placing a wall and taking it back for
ever."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tabletop.engine import Action, State, load
from tabletop.engine.bots import Bot, make_bot
from tabletop.store.games import GameStore
from tabletop.web.app import create_app
from tabletop.web.service import BotRunner, bot_seed, create_game

SEED = 11


def direct_game(steps: int, seed: int = SEED) -> list[tuple[int, Action]]:
    """The first ``steps`` actions of a Lairs game between two greedy bots driven directly, one
    bot per seat for the whole game, made from the seed the web gives a game's bots."""
    game = load("lairs")
    state = game.new_state(seed)
    bots = {s: make_bot(game, "greedy", s, bot_seed(seed)) for s in (0, 1)}
    while not state.is_terminal() and state.num_actions() < steps:
        seat = state.current_seats()[0]
        state.apply(bots[seat].act(state), seat)
    return state.history()


BUILT = 130  # steps enough for both lairs (about 40 pieces each) and some exploring


def build_steps(history: list[tuple[int, Action]], seat: int) -> list[Action]:
    """The actions ``seat`` took while building its lair (up to and including 'ready')."""
    state = load("lairs").new_state(SEED)
    steps = []
    for s, action in history:
        if s == seat and state.prompt().kind == "build":
            steps.append(action)
        state.apply(action, s)
    return steps


def play_through_api(client: TestClient, made: Any, human: Bot, db_url: str) -> None:
    """Play the human seat (0) with ``human`` through the JSON API until both lairs are built;
    every answer starts the web's bots, which move before the response returns."""
    token = made["seat_tokens"]["0"]
    store = GameStore(db_url)
    for _ in range(2_000):
        state, _ = store.load(made["id"])
        if state.prompt().kind != "build":
            return
        assert 0 in state.current_seats(), "the bots stopped with their seat due"
        seen = client.get(f"/api/games/{made['id']}/view", params={"token": token}).json()["seen"]
        action = human.act(state)
        r = client.post(
            f"/api/games/{made['id']}/actions",
            headers={"X-Seat-Token": token},
            json={"action": action.to_json(), "seen": seen},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the lairs were not built")


class TestOneBotPerSeatForTheWholeGame:
    def test_a_greedy_lairs_builder_builds_in_the_web_with_its_own_steps(self, db_url) -> None:
        direct = direct_game(BUILT)
        own = build_steps(direct, 1)
        assert own[-1] == Action.of("ready")
        with TestClient(create_app(db_url, bot_delay=0)) as client:
            r = client.post(
                "/api/games",
                json={"game": "lairs", "seats": ["human", "bot:greedy"], "seed": SEED},
            )
            made = r.json()
            human = make_bot(load("lairs"), "greedy", 0, bot_seed(SEED))
            play_through_api(client, made, human, db_url)
        record = GameStore(db_url).record(made["id"])
        web = build_steps(record.actions, 1)
        # the same lair, step for step: no piece placed and taken back
        assert web == own
        assert len(web) == len(own) < 100

    def test_after_a_restart_mid_build_the_bots_go_on_as_before(self, db_url) -> None:
        direct = direct_game(BUILT)
        ident = create_game(db_url, "lairs", {}, ["bot:greedy", "bot:greedy"], SEED).id
        store = GameStore(db_url)
        # four server processes in turn, each stopped (a restart) after some moves: in the
        # middle of seat 1's lair, twice in the middle of seat 2's, and while they explore
        first = len(build_steps(direct, 0))
        for budget in (5, first - 1, 30, BUILT - first - 34):
            runner = BotRunner(db_url, 0)
            assert runner.claim(ident)
            assert runner.run(ident, budget=budget) == budget
        assert store.record(ident).actions == direct

    def test_a_bot_is_made_once_and_fed_only_the_records_decisions(self, db_url) -> None:
        ident = create_game(db_url, "lairs", {}, ["bot:greedy", "human"], SEED).id
        runner = BotRunner(db_url, 0)
        assert runner.claim(ident)
        moved = runner.run(ident)
        kept = runner.kept(ident)
        assert kept is not None and set(kept.bots) == {0}
        first = kept.bots[0]
        state, info = GameStore(db_url).load(ident)
        # the builder is ready after its own steps and waits for the person
        assert moved == len(build_steps(direct_game(BUILT), 0))
        assert runner.bots_for(state, info).bots[0] is first
        assert kept.fed[0] == state.num_actions()


def test_no_pause_before_a_move_nobody_can_see(db_url) -> None:
    """The bots wait before a move only when the move before it showed something to a person or
    a spectator: a secret lair is built without pauses."""
    ident = create_game(db_url, "lairs", {}, ["human", "bot:greedy"], SEED).id
    pauses: list[float] = []
    runner = BotRunner(db_url, 0.5)
    assert runner.claim(ident)
    moved = runner.run(ident, sleep=pauses.append)
    state: State = GameStore(db_url).load(ident)[0]
    assert state.prompt().kind == "build" and state.current_seats() == (0,)
    assert moved > 10
    assert pauses == [0.5]  # once, before its first move
