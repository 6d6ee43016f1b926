"""Shared helpers of the Python tests: reference data, the lud64 command, and
reading a position's text independently of the module."""
import os
import pathlib
import subprocess
import sys

import pytest

import lud64

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(os.environ.get("LUD64_TEST_DATA", ROOT / "tests" / "data"))
COMMAND = os.environ.get("LUD64_COMMAND", str(ROOT / "build" / "release" / "tools" / "lud64" / "lud64"))

# The trace files and the game each was played with (tests/data/README.md).
TRACE_FILES = {
    "guettal15.txt": "guettal",
    "damdaman2.txt": "damdaman",
    "davxar-historical-12.txt": "davxar",
    "davxar-historical-6.txt": "davxar:pieces=6",
    "davxar-ludii-12.txt": "davxar:lines=ludii",
    "davxar-ludii-16.txt": "davxar:lines=ludii,pieces=16",
}


def read_traces(name, limit):
    """The first `limit` traces of tests/data/vectors/<name>, as dicts."""
    traces = []
    with open(DATA / "vectors" / name) as f:
        for line in f:
            fields = dict(item.split("=", 1) for item in line.split(" moves=")[0].split())
            moves = [m.split(":", 2) for m in line.split(" moves=")[1].split()]
            fields["moves"] = [(int(p), int(n), d) for p, n, d in moves]
            traces.append(fields)
            if len(traces) == limit:
                break
    return traces


def run_command(*args, input_lines=None):
    """The stdout of `lud64 <args>` (given `input_lines` on stdin); fails the
    test on a non-zero exit."""
    stdin = None if input_lines is None else "\n".join(input_lines) + "\n"
    result = subprocess.run([COMMAND, *args], input=stdin, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def run_isolated(code, timeout=60):
    """Runs `code` after `import lud64` in a fresh interpreter, so that a crash
    or a search without end fails one test instead of the whole run; its
    stdout, or an assertion naming the crash or the timeout."""
    try:
        result = subprocess.run([sys.executable, "-c", "import lud64\n" + code],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running after {timeout} s: {code}")
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr[-2000:]}"
    return result.stdout


def board_cells(game, text):
    """{site name: character} from a position's text: the board field lists
    rows from the top, each left to right (engine/RULES.md)."""
    order = sorted(game.sites, key=lambda s: (-int(s[1:]), s[0]))
    chars = text.split()[0].replace("/", "")
    assert len(chars) == len(order)
    return dict(zip(order, chars))


def text_fields(text):
    """The optional fields of a position's text: {'hand': '5,6', 'remove': True, ...}."""
    fields = {}
    for field in text.split()[2:]:
        key, _, value = field.partition("=")
        fields[key] = value if value else True
    return fields


@pytest.fixture(scope="session")
def command():
    assert os.path.exists(COMMAND), f"the lud64 command is not built: {COMMAND}"
    return COMMAND


@pytest.fixture(params=["davxar", "davxar:lines=ludii,pieces=6", "damdaman", "guettal"])
def game(request):
    return lud64.Game(request.param)
