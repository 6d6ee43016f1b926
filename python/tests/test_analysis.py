"""Engines from Python: the same answers as the lud64 command; Ctrl-C."""
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

import lud64
from conftest import run_command, run_isolated

# Measured, so different in each run (and process).
TIMING = {"seconds", "playouts_per_second", "decisions_per_second", "peak_rss_bytes"}


def test_playouts_return_the_fields_and_totals_of_the_command():
    game = lud64.Game("guettal")
    ours = lud64.playouts(game, count=2000, threads=2, seed=9)
    theirs = json.loads(run_command("playouts", "--game=guettal", "--count=2000",
                                    "--threads=2", "--seed=9", "--json"))
    assert set(ours) == set(theirs)
    assert {k: v for k, v in ours.items() if k not in TIMING} == \
        {k: v for k, v in theirs.items() if k not in TIMING}
    with pytest.raises(ValueError, match="exactly one of count"):
        lud64.playouts(game)
    with pytest.raises(ValueError, match="threads"):
        lud64.playouts(game, count=10, threads=0)


def test_bestmove_and_solve():
    p = lud64.Game("guettal").start()
    decision, info = lud64.bestmove(p, depth=4)
    assert decision in p.legal() and 1 <= info["depth"] <= 4 and info["pv"][0] == decision
    davxar = lud64.Game("davxar").start()
    decision, info = lud64.bestmove(davxar, engine="mcts", iterations=2000, seed=3)
    assert decision in davxar.legal() and info["iterations"] == 2000 and info["pv"][0] == decision
    decision, info = lud64.bestmove(davxar, engine="mcts", iterations=500, leaves="playout")
    assert decision in davxar.legal() and info["iterations"] == 500
    with pytest.raises(ValueError, match="engine='x'"):
        lud64.bestmove(p, engine="x", depth=1)
    with pytest.raises(ValueError, match="leaves='rollout'"):
        lud64.bestmove(davxar, engine="mcts", iterations=10, leaves="rollout")
    # The learned and the classic evaluation score the same search differently
    # where the network judges (at most 4 pieces a side).
    davxar4 = lud64.Game("davxar:pieces=4").start()
    _, learned = lud64.bestmove(davxar4, depth=3)
    _, classic = lud64.bestmove(davxar4, depth=3, eval="classic")
    assert learned["score"] != classic["score"]
    with pytest.raises(ValueError, match="eval='neural'"):
        lud64.bestmove(davxar, depth=1, eval="neural")
    # A weight file: the built-in network's own file searches as it does; a
    # missing file or one of another variant is refused, naming the file.
    repo = os.path.join(os.path.dirname(__file__), "..", "..")
    weights = os.path.join(repo, "networks", "davxar.lnet")
    assert lud64.bestmove(davxar4, depth=3, evalfile=weights)[1]["score"] == learned["score"]
    with pytest.raises(ValueError, match="missing.lnet: cannot open"):
        lud64.bestmove(davxar4, depth=1, evalfile="missing.lnet")
    with pytest.raises(ValueError, match="not of davxar:lines=ludii"):
        lud64.bestmove(lud64.Game("davxar:lines=ludii").start(), depth=1, evalfile=weights)
    solved = lud64.solve(p, time=20)
    theirs = json.loads(run_command("solve", "--game=guettal", "--json", "--time=20"))
    assert set(solved) == set(theirs)
    assert {k: solved[k] for k in ("value", "plies", "best", "proven")} == \
        {k: theirs[k] for k in ("value", "plies", "best", "proven")}
    with pytest.raises(ValueError, match="already over"):
        over = p.play("G3").play("D3").play("F3").play("E3")
        while not over.is_over:
            over = over.play(over.legal()[0])
        lud64.solve(over)


def test_probe_reads_tables_the_command_built(tmp_path, command):
    subprocess.run([command, "tb", "build", "--game=damdaman", f"--tb={tmp_path}", "--upto=2"],
                   check=True, capture_output=True, timeout=120)
    text = "......./....x../...o.../...x.../......./......./....... x"
    p = lud64.Game("damdaman").position(text)
    ours = lud64.probe(p, tb=str(tmp_path))
    theirs = json.loads(run_command("tb", "probe", "--game=damdaman", f"--tb={tmp_path}",
                                    f"--position={text}", "--json"))
    assert ours == theirs
    decision, info = lud64.bestmove(p, depth=3, tb=str(tmp_path))
    assert info.get("tablebase") and decision == theirs["best"]
    with pytest.raises(ValueError):
        lud64.probe(lud64.Game("guettal").start(), tb=str(tmp_path))


# Calls of hours: perft(12), and a book of a million openings each scored by
# a depth-12 search.
LONG_WORK = {
    "perft": "lud64.perft(lud64.Game('davxar').start(), 12)",
    "scored-book": "lud64.book('davxar', 1000000, 8, score_depth=12, max_score=100000)",
}


@pytest.mark.parametrize("call", LONG_WORK.values(), ids=LONG_WORK.keys())
def test_ctrl_c_stops_long_work_with_keyboard_interrupt(call):
    script = ("import lud64, time, sys\n"
              "start = time.time()\n"
              "try:\n"
              "    print('ready', flush=True)\n"
              f"    {call}\n"
              "except KeyboardInterrupt:\n"
              "    print('interrupted after %.1f' % (time.time() - start), flush=True)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.5)  # well inside the call, hours of work
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=20)
    assert child.returncode == 0 and out.startswith("interrupted after")
    assert float(out.split()[-1]) < 10


def test_none_is_not_a_game():
    out = run_isolated("try:\n    lud64.playouts(None, count=1)\nexcept TypeError as e:\n"
                       "    print(e)")
    assert out.strip() == "game: expected a lud64.Game, got None"


@pytest.mark.parametrize("engine, limits, message", [
    ("mcts", "nodes=100", "nodes: applies only with engine='alphabeta'"),
    ("mcts", "depth=3", "depth: applies only with engine='alphabeta'"),
    ("alphabeta", "iterations=100", "iterations: applies only with engine='mcts'"),
    ("alphabeta", "depth=1, seed=2", "seed: applies only with engine='mcts'"),
    ("alphabeta", "depth=1, press=0.2", "press: applies only with engine='mcts'"),
])
def test_bestmove_refuses_the_other_engines_limits(engine, limits, message):
    # The old module ignored them and searched without end: in a child, with a timeout.
    out = run_isolated("p = lud64.Game('davxar').start()\n"
                       f"try:\n    lud64.bestmove(p, engine='{engine}', {limits})\n"
                       "except ValueError as e:\n    print(e)", timeout=30)
    assert out.strip() == message


def test_mcts_press_reaches_the_search():
    # x far ahead (nine pieces against five): the pressing term changes every
    # leaf's value, so the root's win rate.
    p = lud64.Game("davxar").position("xo./xo./x../..o/....x..o/o../.xx/x.x/x.. x turn=100 hand=0,0")
    rates = {press: lud64.bestmove(p, engine="mcts", iterations=3000, press=press)[1]["win_rate"]
             for press in (0.0, 1.0)}
    assert rates[0.0] != rates[1.0]


def test_playouts_refuse_a_finished_position():
    g = lud64.Game("guettal")
    p = g.start()
    r = random.Random(1)
    while not p.is_over:
        p = p.play(r.choice(p.legal()))
    assert "passed" in p.text()  # ended right after a pass, which the text does not show
    with pytest.raises(ValueError, match="the game is already over"):
        lud64.playouts(g, count=3, position=p)


def test_bestmove_refuses_an_evalfile_with_the_classic_evaluation():
    p = lud64.Game("davxar:pieces=4").start()
    with pytest.raises(ValueError, match="evalfile: applies only with eval='learned'"):
        lud64.bestmove(p, depth=1, eval="classic", evalfile="weights.lnet")
