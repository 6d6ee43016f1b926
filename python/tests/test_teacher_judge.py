"""probe_actions, mcts, alphabeta, accuracy and match (lud64/teacher.py, judge.py)."""
import random
import subprocess

import pytest

import lud64
from conftest import COMMAND


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tables")
    subprocess.run([COMMAND, "tb", "build", "--game=davxar:pieces=3", f"--tb={directory}",
                    "--threads=2"], check=True, capture_output=True, timeout=240)
    return str(directory)


def test_probe_actions_ranks_every_legal_action(tables):
    game = lud64.load_game("davxar:pieces=3")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    values = lud64.probe_actions(state, tb=tables)
    assert sorted(values) == sorted(state.legal_actions())
    assert all(v in ("win", "draw", "loss") and t >= 0 for v, t in values.values())
    assert lud64.probe_actions(state.position(), tb=tables) == values
    with pytest.raises(TypeError, match="state"):
        lud64.probe_actions("start", tb=tables)


def test_mcts_and_alphabeta_report_per_action():
    state = lud64.load_game("davxar:pieces=6").new_initial_state()
    result = lud64.mcts(state, iterations=200, seed=2)
    assert set(result["visits"]) <= set(state.legal_actions())
    assert abs(sum(result["policy"]) - 1) < 1e-9 and -1 <= result["value"] <= 1
    lines = lud64.alphabeta(state, depth=3, multipv=3)["lines"]
    assert len(lines) == 3 and len({line["action"] for line in lines}) == 3
    with pytest.raises(ValueError, match="multipv"):
        lud64.alphabeta(state, depth=3, multipv=0)


def test_accuracy_and_match(tables):
    rng = random.Random(1)
    report = lud64.accuracy(lambda s: rng.choice(s.legal_actions()), "davxar:pieces=3",
                            tb=tables, positions=10, seed=1)
    assert report["decisions"] == 10 and 0 <= report["accuracy"] <= 1
    assert lud64.accuracy("alphabeta:depth=4", "davxar:pieces=3", tb=tables, positions=10,
                          seed=1)["accuracy"] >= report["accuracy"]
    with pytest.raises(ValueError, match="illegal action"):
        lud64.accuracy(lambda s: -1, "davxar:pieces=3", tb=tables, positions=1)
    result = lud64.match("random", lambda s: s.legal_actions()[0], "guettal", games=4,
                         sprt=(0, 100))
    assert result["wins"] + result["losses"] + result["draws"] == 4 or result["sprt"] != "continue"
    assert sum(result["pentanomial"]) * 2 == result["wins"] + result["losses"] + result["draws"]
