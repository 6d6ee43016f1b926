"""One engine behind every front-end: the same fixed-depth alpha-beta search
through `lud64 bestmove`, the UGI protocol, a match player and the Python
module gives the same decision, score and node count (play/engine_session.h)."""
import random
import re
import subprocess
import time

import pytest

import lud64
from conftest import run_command

DEPTH = 5
INFO = re.compile(r"^info depth (\d+) score (\S+ \S+) nodes (\d+) ")


def midgame(game_spec, plies, seed):
    """A position after `plies` seeded random decisions from the start."""
    rng = random.Random(seed)
    p = lud64.Game(game_spec).start()
    for _ in range(plies):
        if p.is_over:
            break
        p = p.play(rng.choice(p.legal()))
    return p


def last_search(lines):
    """(depth, score, nodes, decision) of a search's info lines and bestmove."""
    infos = [INFO.match(line) for line in lines]
    depth, score, nodes = [m.groups() for m in infos if m][-1]
    best = [line.split()[1] for line in lines if line.startswith("bestmove ")][-1]
    return int(depth), score, int(nodes), best


def through_command(game_spec, text):
    return last_search(run_command("bestmove", f"--game={game_spec}", f"--position={text}",
                                   f"--depth={DEPTH}").splitlines())


def through_ugi(command, game_spec, text):
    with subprocess.Popen([command, "ugi", f"--game={game_spec}"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as ugi:
        ugi.stdin.write(f"position fen {text}\ngo depth {DEPTH}\n")
        ugi.stdin.flush()
        lines = []
        while not lines or not lines[-1].startswith("bestmove"):
            line = ugi.stdout.readline()
            assert line, f"ugi ended before its bestmove: {lines}"
            lines.append(line.strip())
        ugi.stdin.write("quit\n")
        ugi.stdin.flush()
        assert ugi.wait(timeout=30) == 0
    return last_search(lines)


def through_match(game_spec, text, tmp_path):
    """The first decision a match player makes from `text`."""
    book = tmp_path / "book.txt"
    book.write_text(f"fen {text}\n")
    record = tmp_path / "games.txt"
    engine = f"alphabeta:depth={DEPTH}"
    run_command("match", f"--game={game_spec}", f"--p1={engine}", f"--p2={engine}", "--games=1",
                f"--openings-file={book}", f"--record={record}")
    line = [line for line in record.read_text().splitlines() if " moves " in line][0]
    return line.split(" moves ")[1].split()[0]


@pytest.mark.parametrize("game_spec,plies,seed", [
    ("davxar", 30, 1), ("davxar:lines=ludii,pieces=6", 14, 2), ("damdaman", 12, 3),
    ("davxar:pieces=4", 12, 4)])
def test_every_front_end_searches_alike(game_spec, plies, seed, command, tmp_path):
    p = midgame(game_spec, plies, seed)
    assert not p.is_over
    decision, info = lud64.bestmove(p, depth=DEPTH)
    python = (info["depth"], info["score"], info["nodes"], decision)
    assert through_command(game_spec, p.text()) == python
    assert through_ugi(command, game_spec, p.text()) == python
    assert through_match(game_spec, p.text(), tmp_path) == decision


@pytest.mark.parametrize("hash_mib", [16, 256, 1024])
def test_the_clock_holds_with_any_table(hash_mib, command):
    """`go movetime 200` answers within 200 ms and a margin, whatever the
    table's size: setoption makes the table before readyok, outside the
    clock. The goal is 20 ms; the margin allows for a busy CI machine."""
    with subprocess.Popen([command, "ugi", "--game=davxar"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as ugi:
        def until(prefix):
            while True:
                line = ugi.stdout.readline()
                assert line, f"ugi ended before {prefix}"
                if line.startswith(prefix):
                    return line

        ugi.stdin.write(f"setoption name hash value {hash_mib}\nisready\n")
        ugi.stdin.flush()
        until("readyok")
        start = time.monotonic()
        ugi.stdin.write("go movetime 200\n")
        ugi.stdin.flush()
        until("bestmove")
        elapsed = time.monotonic() - start
        ugi.stdin.write("quit\n")
        ugi.stdin.flush()
        assert ugi.wait(timeout=30) == 0
    assert elapsed < 0.2 + 0.1, f"hash {hash_mib} MiB: answered in {elapsed:.3f} s"
