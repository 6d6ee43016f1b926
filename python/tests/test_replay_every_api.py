"""Random games through every API (lud64.Position, the OpenSpiel-shaped state,
the PettingZoo env, lud64.pgx, BatchEnv) end with the results, lengths and
final positions that `lud64 replay` gives for the same decisions."""
import random
import subprocess

import numpy as np
import pytest

import lud64
from conftest import COMMAND

GAMES = ["davxar", "davxar:pieces=6", "damdaman", "guettal"]
RESULT = {(1.0, -1.0): "P1", (-1.0, 1.0): "P2", (0.0, 0.0): "draw"}
OUTCOME = {"p1": "P1", "p2": "P2", "draw": "draw"}


def replay(game, lines):
    """[(result, final position text, length)] of `lud64 replay --counts`."""
    out = subprocess.run([COMMAND, "replay", f"--game={game}", "--counts"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=120, check=True).stdout
    games = []
    for line in out.splitlines():
        result, rest = line.split(" ", 1)
        text, _, counts = rest.partition(" counts=")
        games.append((result, text, len(counts.split(","))))
    return games


def position_games(name, count, seed):
    """(decisions, result, final text) of random games of immutable Positions."""
    game, rng, games = lud64.Game(name), random.Random(seed), []
    for _ in range(count):
        p, decisions = game.start(), []
        while not p.is_over:
            decisions.append(rng.choice(p.legal()))
            p = p.play(decisions[-1])
        games.append((decisions, OUTCOME[p.outcome], p.text()))
    return games


def spiel_games(name, count, seed):
    game, rng, games = lud64.load_game(name), random.Random(seed), []
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.current_player() == lud64.TERMINAL
        decisions = [state.action_to_string(a) for a in state.history()]
        games.append((decisions, RESULT[tuple(state.returns())], str(state)))
    return games


def pettingzoo_games(name, count, seed):
    env, games = lud64.pettingzoo.env(name), []
    for episode in range(count):
        env.reset(seed=seed + episode)
        decisions = []
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            action = None
            if not (termination or truncation):
                action = env.action_space(agent).sample(observation["action_mask"])
                decisions.append(env.game.action_text(action))
            env.step(action)  # None for a finished agent, as PettingZoo's loop does
        games.append((decisions, RESULT[tuple(env.state.returns())], str(env.state)))
    return games


def pgx_games(name, count, seed):
    """Games of 8 batched environments with auto-reset: each final position
    is the one whose planes the final observation holds."""
    env, n, games = lud64.pgx.make(name, auto_reset=True), 8, []
    state = env.init(n, seed=seed)
    moves = [[] for _ in range(n)]
    for step in range(5000):
        actions = lud64.pgx.random_actions(state, seed=seed * 10007 + step)
        state = env.step(state, actions)
        for i in range(n):
            moves[i].append(env.game.action_text(int(actions[i])))
            if state.terminated[i]:
                games.append((moves[i], RESULT[tuple(state.rewards[i].tolist())],
                              state.final_observation[i]))
                moves[i] = []
        if len(games) >= count:
            return games[:count]
    raise AssertionError("the games did not end")


def batch_env_games(name, count, seed):
    """Games of BatchEnv, which restarts a finished game at once: the result
    from the reward of the last decision's player; no final position."""
    game, n, games = lud64.Game(name), 8, []
    env = lud64.BatchEnv(game, n, seed=seed)
    env.reset()
    moves = [[] for _ in range(n)]
    while len(games) < count:
        movers, actions = env.to_move(), env.random_actions()
        _, rewards, done = env.step(actions)
        for i in range(n):
            moves[i].append(game.action_text(int(actions[i])))
            if done[i]:
                winner = movers[i] if rewards[i] > 0 else 1 - movers[i]
                games.append((moves[i], "draw" if rewards[i] == 0 else f"P{winner + 1}", None))
                moves[i] = []
    return games[:count]


APIS = {"position": position_games, "spiel": spiel_games, "pettingzoo": pettingzoo_games,
        "pgx": pgx_games, "batch_env": batch_env_games}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("api", sorted(APIS))
def test_random_games_end_as_replay_says(api, name):
    games = APIS[api](name, 4, 1)
    replayed = replay(name, [" ".join(decisions) for decisions, _, _ in games])
    assert len(replayed) == len(games)
    for (decisions, result, final), (replay_result, text, length) in zip(games, replayed):
        assert (result, len(decisions)) == (replay_result, length)
        if isinstance(final, str):
            assert final == text
        elif final is not None:  # pgx's final observation: the planes of that position
            assert np.array_equal(final, lud64.Game(name).position(text).planes())
