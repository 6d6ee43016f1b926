"""probe_actions, mcts, alphabeta, accuracy and match (lud64/teacher.py, judge.py),
and books and tables (lud64/resources.py): what the commands give."""
import json
import random
import subprocess

import pytest

import lud64
from conftest import COMMAND, run_command


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """davxar:pieces=3's tables, built from Python (a few seconds)."""
    directory = tmp_path_factory.mktemp("tables")
    info = lud64.build_tables("davxar:pieces=3", directory, threads=2)
    assert info == run_command("tb", "info", f"--tb={directory}")
    return str(directory)


def test_built_tables_verify_and_bad_builds_raise(tables, tmp_path):
    run_command("tb", "verify", f"--tb={tables}")  # exits 1 on a mismatch
    with pytest.raises(ValueError, match="upto"):
        lud64.build_tables("davxar:pieces=3", str(tmp_path), upto="x")
    with pytest.raises(ValueError, match="threads=0"):
        lud64.build_tables("davxar:pieces=3", str(tmp_path), threads=0)
    with pytest.raises(TypeError, match="game"):
        lud64.build_tables(3, str(tmp_path))


def test_book_is_the_commands():
    for balanced in (None, 2):
        flags = [f"--balanced={balanced}"] if balanced else []
        out = run_command("book", "--game=davxar:pieces=6", "--count=6", "--plies=5", "--seed=3",
                          *flags)
        lines = [line for line in out.splitlines() if not line.startswith("#")]
        assert lud64.book("davxar:pieces=6", 6, 5, seed=3, balanced=balanced) == lines
    with pytest.raises(ValueError, match="count=0"):
        lud64.book("davxar", 0, 4)
    with pytest.raises(ValueError, match="distinct openings"):
        lud64.book("guettal", 40, 1)


# A scored book's flags: the window of the command's own test (tests/lud64_match_test.sh).
SCORED = dict(score_depth=4, min_score=10, max_score=120)


def book_lines(out):
    """The openings of a book the command wrote (its header skipped)."""
    return [line for line in out.splitlines() if not line.startswith("#")]


def depth_score(line, depth):
    """The score in centi-pieces `lud64 bestmove --depth=D --moves=LINE` gives at
    depth D, for the player to move: what the book's window is on."""
    out = run_command("bestmove", f"--depth={depth}", f"--moves={line}")
    info = [row for row in out.splitlines() if row.startswith(f"info depth {depth} ")][-1]
    words = info.split()
    assert words[words.index("score") + 1] == "cp", info  # no proven result this early
    return int(words[words.index("score") + 2])


def test_scored_book_lies_in_its_window_and_is_the_commands():
    lines = lud64.book("davxar", 4, 8, seed=2, **SCORED)
    flags = [f"--{name.replace('_', '-')}={value}" for name, value in SCORED.items()]
    out = run_command("book", "--game=davxar", "--count=4", "--plies=8", "--seed=2", *flags)
    assert lines == book_lines(out) and len(lines) == 4
    for line in lines:
        score = depth_score(line, SCORED["score_depth"])
        assert SCORED["min_score"] <= abs(score) <= SCORED["max_score"], (line, score)
    # The window keeps fewer of the same draws: the book without it differs.
    assert lud64.book("davxar", 4, 8, seed=2) != lines
    # min_score defaults to 0, as --min-score does.
    out = run_command("book", "--game=davxar:pieces=6", "--count=3", "--plies=6", "--seed=4",
                      "--score-depth=3", "--max-score=300")
    assert lud64.book("davxar:pieces=6", 3, 6, seed=4, score_depth=3,
                      max_score=300) == book_lines(out)


@pytest.mark.parametrize("window, error, message", [
    (dict(max_score=50), ValueError, "max_score applies only with score_depth"),
    (dict(min_score=5), ValueError, "min_score applies only with score_depth"),
    (dict(score_depth=5), ValueError, "score_depth needs max_score=CP"),
    (dict(score_depth=0, max_score=50), ValueError, "score_depth=0: must be 1 to 30"),
    (dict(score_depth=31, max_score=50), ValueError, "score_depth=31: must be 1 to 30"),
    (dict(score_depth=5, max_score=-1), ValueError, "max_score=-1: must be 0 to 100000"),
    (dict(score_depth=5, max_score=100001), ValueError, "max_score=100001: must be 0 to 100000"),
    (dict(score_depth=5, max_score=50, min_score=60), ValueError,
     "min_score=60: must be 0 to 50 (max_score)"),
    (dict(score_depth=5, max_score=50, min_score=-1), ValueError,
     "min_score=-1: must be 0 to 50 (max_score)"),
    (dict(score_depth=True, max_score=50), TypeError, "score_depth: expected an int, got bool"),
    (dict(score_depth=5, max_score=50.0), TypeError, "max_score: expected an int, got float"),
    (dict(score_depth=5, max_score=50, min_score="1"), TypeError,
     "min_score: expected an int, got str"),
])
def test_bad_score_windows_raise_the_commands_errors(window, error, message):
    # The command's messages (tests/lud64_match_test.sh), with Python's names.
    with pytest.raises(error) as raised:
        lud64.book("davxar", 3, 8, **window)
    assert str(raised.value) == message


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


def test_accuracy_of_callables_and_specs(tables):
    rng = random.Random(1)
    report = lud64.accuracy(lambda s: rng.choice(s.legal_actions()), "davxar:pieces=3",
                            tb=tables, positions=10, seed=1)
    assert report["decisions"] == 10 and 0 <= report["accuracy"] <= 1
    assert lud64.accuracy("alphabeta:depth=4,hash=8", "davxar:pieces=3", tb=tables, positions=10,
                          seed=1)["accuracy"] >= report["accuracy"]
    with pytest.raises(ValueError, match="out of range"):
        lud64.accuracy(lambda s: -1, "davxar:pieces=3", tb=tables, positions=1)
    game = lud64.load_game("davxar:pieces=3")
    with pytest.raises(ValueError, match="illegal decision"):
        lud64.accuracy(lambda s: min(set(range(game.num_distinct_actions())) -
                                     set(s.legal_actions())),
                       game, tb=tables, positions=1)
    with pytest.raises(ValueError, match="alphabeta:dpth=3"):  # the command's parser
        lud64.accuracy("alphabeta:dpth=3", "davxar:pieces=3", tb=tables, positions=1)
    with pytest.raises(ValueError, match="positions=0"):
        lud64.accuracy("random", "davxar:pieces=3", tb=tables, positions=0)


def test_accuracy_is_the_commands(tables):
    spec = "alphabeta:depth=2,hash=8"
    expected = json.loads(run_command("accuracy", "--game=davxar:pieces=3", f"--tb={tables}",
                                      "--positions=12", "--seed=7", f"--engine={spec}", "--json"))
    report = lud64.accuracy(spec, "davxar:pieces=3", tb=tables, positions=12, seed=7)
    assert [p[0] for p in report["positions"]] == [p["position"] for p in expected["positions"]]
    engine = expected["engines"][0]["all"]
    assert (report["decisions"], report["lost"], report["slower"]) == \
        (engine["decisions"], engine["lost"]["count"], engine["slower_wins"]["count"])


def command_match(*flags):
    return json.loads(run_command("match", "--json", *flags))


def test_match_of_specs_is_the_commands():
    flags = ["--game=davxar:pieces=4", "--p1=alphabeta:depth=2,hash=8", "--p2=random",
             "--games=6", "--openings=3", "--seed=5", "--sprt=0,200"]
    expected = command_match(*flags)
    result = lud64.match("alphabeta:depth=2,hash=8", "random", "davxar:pieces=4", games=6,
                         openings=3, seed=5, sprt=(0, 200))
    for key, value in expected.items():
        if key == "seconds":
            continue
        if isinstance(value, float):  # the JSON's rounding: Elo to 0.1, the rest to 1e-4
            assert result[key] == pytest.approx(value, abs=0.051 if "elo" in key else 6e-5), key
        elif isinstance(value, dict):
            assert result[key] == pytest.approx(value, abs=6e-5), key
        else:
            assert result[key] == value, key
    assert len(result["records"]) == result["games"]
    replayed = run_command("replay", "--game=davxar:pieces=4",
                           input_lines=[g["line"] for g in result["records"]])
    assert [line.split()[0] for line in replayed.splitlines()] == \
        [g["result"] for g in result["records"]]


def test_match_default_openings_are_the_commands(tmp_path):
    # Damdaman's start branches slowly: both draw 8 random decisions by default.
    record = tmp_path / "games.txt"
    run_command("match", "--game=damdaman", "--p1=random", "--p2=random", "--games=2", "--seed=3",
                f"--record={record}")
    lines = [line for line in record.read_text().splitlines() if not line.startswith("#")]
    assert '[Opening "8 random decisions"]' in record.read_text()
    result = lud64.match("random", "random", "damdaman", games=2, seed=3)
    assert [g["line"] for g in result["records"]] == lines


def test_match_with_callables():
    first = lambda s: s.legal_actions()[0]  # noqa: E731
    result = lud64.match(first, "random", "guettal", games=4, seed=2)
    assert result["p1"] == "test_match_with_callables.<locals>.<lambda>"
    assert result["wins"] + result["losses"] + result["draws"] == 4
    assert sum(result["pentanomial"]) == 2 == result["pairs"]
    forfeit = lud64.match(lambda s: 36, "random", "guettal", games=2, openings=0)
    assert forfeit["forfeits_p1"] >= 1 and forfeit["losses"] >= 1
    assert "illegal decision" in forfeit["records"][0]["forfeit"]

    def raising(state):
        raise RuntimeError("agent failure")
    with pytest.raises(RuntimeError, match="agent failure"):
        lud64.match(raising, "random", "guettal", games=2)
    with pytest.raises(TypeError, match="returned NoneType"):
        lud64.match(lambda s: None, "random", "guettal", games=2)


def test_match_errors_are_the_commands():
    bad = subprocess.run([COMMAND, "match", "--p1=alphabeta:dpth=3", "--p2=random", "--games=2"],
                         capture_output=True, text=True, timeout=60)
    message = bad.stderr.strip().splitlines()[-1]
    with pytest.raises(ValueError) as error:
        lud64.match("alphabeta:dpth=3", "random", games=2)
    assert str(error.value) == "first: " + message.removeprefix("lud64: ")
    with pytest.raises(TypeError, match="second: expected a callable"):
        lud64.match("random", 3, games=2)
    with pytest.raises(ValueError, match="games=0"):
        lud64.match("random", "random", games=0)
    with pytest.raises(ValueError, match="games must be even"):
        lud64.match("random", "random", games=3, sprt=(0, 10))
