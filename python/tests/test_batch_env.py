"""BatchEnv: the same games as Position.play, auto-reset, seeds, errors, Ctrl-C."""
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import lud64
from conftest import run_isolated


def test_steps_follow_the_rules_and_reset_finished_games(game):
    n = 6
    env = lud64.BatchEnv(game, n, seed=5, threads=2)
    planes = env.reset()
    assert planes.shape == (n, *game.planes_shape) and planes.dtype == np.float32
    mirror = [game.start() for _ in range(n)]  # the same games through Position
    finished = 0
    for _ in range(400 if game.name.startswith("davxar") else 150):
        mask = env.legal_mask()
        assert mask.shape == (n, game.num_actions)
        for i in range(n):
            assert np.array_equal(mask[i], mirror[i].legal_mask())
            assert env.position(i) == mirror[i]
        actions = env.random_actions()
        assert actions.dtype == np.int32 and all(mask[i, a] for i, a in enumerate(actions))
        planes, rewards, done = env.step(actions)
        for i in range(n):
            mover = mirror[i].to_move
            after = mirror[i].play(int(actions[i]))
            assert done[i] == after.is_over
            if after.is_over:
                finished += 1
                expected = 0.0 if after.outcome == "draw" else (1.0 if after.outcome == mover else -1.0)
                assert rewards[i] == expected
                after = game.start()  # auto-reset
            else:
                assert rewards[i] == 0.0
            mirror[i] = after
            assert np.array_equal(planes[i], after.planes())
        assert list(env.to_move()) == [0 if p.to_move == "p1" else 1 for p in mirror]
    if game.name == "guettal":
        assert finished > 0  # Guettal's games are short: resets were exercised


def trajectory(game, seed, threads, steps=60):
    env = lud64.BatchEnv(game, 300, seed=seed, threads=threads)
    env.reset()
    actions_seen, planes_seen = [], []
    for _ in range(steps):
        actions = env.random_actions()
        planes, rewards, done = env.step(actions)
        actions_seen.append(actions)
        planes_seen.append(planes)
    return np.array(actions_seen), np.array(planes_seen)


def test_deterministic_by_seed_whatever_the_threads():
    game = lud64.Game("davxar")
    a1, p1 = trajectory(game, 7, 1)
    a2, p2 = trajectory(game, 7, 2)
    a3, _ = trajectory(game, 8, 2)
    assert np.array_equal(a1, a2) and np.array_equal(p1, p2)
    assert not np.array_equal(a1, a3)


def test_illegal_actions_raise_and_change_nothing():
    game = lud64.Game("damdaman")
    env = lud64.BatchEnv(game, 3, seed=1)
    env.reset()
    before = [env.position(i) for i in range(3)]
    good = env.random_actions()
    bad = good.copy()
    bad[2] = game.action_id("A1-A2")  # A2 is full at the start
    with pytest.raises(ValueError, match="env 2: action .* \\(A1-A2\\) is illegal in"):
        env.step(bad)
    bad[2] = game.num_actions
    with pytest.raises(ValueError, match="env 2: action 169 is out of range"):
        env.step(bad)
    with pytest.raises(ValueError, match="1-d array of 3"):
        env.step(good[:2])
    assert [env.position(i) for i in range(3)] == before
    env.step(good)
    assert [env.position(i) for i in range(3)] != before
    with pytest.raises(ValueError):
        lud64.BatchEnv(game, 0)


def test_none_is_not_a_game():
    out = run_isolated("try:\n    lud64.BatchEnv(None, 4)\nexcept TypeError as e:\n    print(e)")
    assert out.strip() == "game: expected a lud64.Game, got None"


def test_a_second_thread_is_refused_while_one_steps():
    env = lud64.BatchEnv(lud64.Game("davxar"), 2048, threads=2)
    env.reset()
    stop, failures = threading.Event(), []

    def keep_stepping():  # refused now and then too, when the main thread holds the env
        while not stop.is_set():
            try:
                env.step(env.random_actions())
            except RuntimeError as e:
                if str(e) != "BatchEnv is in use by another thread":
                    failures.append(e)

    worker = threading.Thread(target=keep_stepping)
    worker.start()
    refused = None
    try:
        deadline = time.monotonic() + 10
        while refused is None and time.monotonic() < deadline:
            try:
                env.to_move()
            except RuntimeError as e:
                refused = e
    finally:
        stop.set()
        worker.join()
    assert str(refused) == "BatchEnv is in use by another thread"
    assert failures == []
    env.step(env.random_actions())  # the flag is free again


@pytest.mark.parametrize("actions", [
    np.zeros(3, dtype=np.float64), np.zeros(3, dtype=bool), np.array(["0", "0", "0"]),
    np.zeros(3, dtype=np.complex128), [0.0, 0.0, 0.0],
])
def test_step_takes_integer_arrays_only(actions):
    env = lud64.BatchEnv(lud64.Game("damdaman"), 3)
    env.reset()
    with pytest.raises(TypeError, match="actions: must be an integer array, got dtype"):
        env.step(actions)


def test_step_checks_the_range_before_narrowing():
    env = lud64.BatchEnv(lud64.Game("damdaman"), 3)
    env.reset()
    good = env.random_actions()
    before = [env.position(i) for i in range(3)]
    wide = good.astype(np.int64)
    wide[1] += 2**32  # would wrap to a legal action in int32
    with pytest.raises(ValueError, match=f"env 1: action {wide[1]} is out of range 0 to 168"):
        env.step(wide)
    huge = good.astype(np.uint64)
    huge[0] = 2**64 - 1
    with pytest.raises(ValueError, match="env 0: action 18446744073709551615 is out of range"):
        env.step(huge)
    assert [env.position(i) for i in range(3)] == before
    env.step(good.astype(np.uint8))  # any integer dtype that holds the ids
    env.step([int(a) for a in env.random_actions()])


def test_position_index_and_count_are_checked():
    game = lud64.Game("guettal")
    env = lud64.BatchEnv(game, 3)
    with pytest.raises(IndexError, match="i=-1: no such environment, must be 0 to 2"):
        env.position(-1)
    with pytest.raises(TypeError, match="n: expected an int number of environments, got bool"):
        lud64.BatchEnv(game, True)
    assert len(lud64.BatchEnv(game, np.int64(2))) == 2


def interrupt(setup, call):
    """Runs `call` in a child after `setup`, with a signal 5 ms into the call
    whose handler raises KeyboardInterrupt, as Ctrl-C's does, and returns what
    the child printed: 'finished', or where the KeyboardInterrupt came from,
    the call's seconds, and whether the environments sampled kept their
    positions. The child's own timer sends the signal, so that a busy machine
    delaying another process cannot make it arrive after the call."""
    script = f"""import signal, time
import lud64
game = lud64.Game('davxar')
{setup}
def sample():
    return [env.position(i) for i in (0, len(env) // 2, len(env) - 1)] if 'env' in globals() else []
before = sample()
calling = False
def handler(signum, frame):  # also tells whether the signal came before the call
    raise KeyboardInterrupt('in the call' if calling else 'before the call')
signal.signal(signal.SIGALRM, handler)
calling = True
start = time.monotonic()
signal.setitimer(signal.ITIMER_REAL, 0.005)
try:
    {call}
    print('finished')
except KeyboardInterrupt as e:
    print(e, round(time.monotonic() - start, 2), sample() == before)
"""
    child = subprocess.run([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                           timeout=120, check=True)
    return child.stdout.strip()


# Millions of environments take seconds (the old module ran them to the end,
# and the KeyboardInterrupt came after); a stopped call changes nothing.
@pytest.mark.parametrize("setup, call", [
    ("env = lud64.BatchEnv(game, 3_000_000, threads=1)\nenv.step(env.random_actions())",
     "env.reset()"),
    ("env = lud64.BatchEnv(game, 2_000_000, threads=2)\nactions = env.random_actions()",
     "env.step(actions)"),
    ("", "lud64.BatchEnv(game, 16_000_000, threads=1)"),
], ids=["reset", "step", "construction"])
def test_ctrl_c_stops_big_batches_and_changes_nothing(setup, call):
    out = interrupt(setup, call)
    words = out.split()
    assert words[:3] == ["in", "the", "call"], out
    assert float(words[3]) < 1.5 and words[4] == "True", out
