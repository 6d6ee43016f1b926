"""The module against Ludii's reference data: perft and random games."""
import numpy as np
import pytest

import lud64
from conftest import DATA, TRACE_FILES, board_cells, read_traces, run_command, text_fields


def start_perft(column):
    """{depth: perft} of a column of tests/data/perft.md's start table."""
    counts = {}
    for line in open(DATA / "perft.md"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].isdigit() and cells[column]:
            counts[int(cells[0])] = int(cells[column])
    return counts


@pytest.mark.parametrize("spec, column, depth", [
    ("guettal", 1, 5), ("damdaman", 2, 9), ("davxar", 3, 3), ("davxar:lines=ludii", 4, 3)])
def test_start_perft_matches_ludii(spec, column, depth):
    expected = start_perft(column)
    assert lud64.perft(lud64.Game(spec).start(), depth) == [expected[d] for d in range(1, depth + 1)]


def test_midgame_perft_matches_ludii():
    checked = 0
    for line in open(DATA / "perft-midgame.txt"):
        fields = line.split(" prefix=")
        head = dict(f.split("=", 1) for f in fields[0].split()[1:])
        game = lud64.Game(line.split()[0])
        p = game.start()
        for decision in fields[1].split():
            p = p.play(decision)
        expected = [int(n) for n in head["perft"].split(",")]
        # Depths whose counts stay small keep the suite fast.
        depth = max([d for d in range(1, len(expected) + 1) if expected[d - 1] <= 200000] or [0])
        if depth:
            assert lud64.perft(p, depth) == expected[:depth], line
            checked += 1
    assert checked >= 30


def test_perft_equals_the_command():
    p = lud64.Game("damdaman").start().play("C4-D4").play("C5-C4")
    out = run_command("perft", "--game=damdaman", f"--position={p.text()}", "--depth=6")
    counts = [int(l.split("=")[1]) for l in out.splitlines() if l.startswith("perft(")]
    assert lud64.perft(p, 6) == counts


def check_tensors(p):
    """legal_mask and planes against legal() and the position's text."""
    g = p.game
    mask = p.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (g.num_actions,)
    assert sorted(np.flatnonzero(mask)) == sorted(g.action_id(d) for d in p.legal())
    planes = p.planes()
    assert planes.dtype == np.float32 and planes.shape == g.planes_shape
    flat = planes.reshape(len(g.plane_names), -1)
    cells = board_cells(g, p.text())
    own, other = ("x", "o") if p.to_move == "p1" else ("o", "x")
    by_plane = dict(zip(g.plane_names, flat))
    for i, site in enumerate(g.sites):
        assert by_plane["own"][i] == (cells[site] == own)
        assert by_plane["opponent"][i] == (cells[site] == other)
        if "empty" in by_plane:
            assert by_plane["empty"][i] == (cells[site] == ".")
        if "blocked" in by_plane:
            assert by_plane["blocked"][i] == (cells[site] == "-")
            assert by_plane["open"][i] == (cells[site] == ".")
    if "own_hand" in by_plane:
        fields = text_fields(p.text())
        pieces = int(dict(kv.split("=") for kv in (g.name.split(":") + [""])[1].split(",") if kv)
                     .get("pieces", 12))
        hands = [int(h) for h in fields.get("hand", f"{pieces},{pieces}").split(",")]
        me = 0 if p.to_move == "p1" else 1
        assert np.all(by_plane["own_hand"] == np.float32(hands[me] / pieces))
        assert np.all(by_plane["opponent_hand"] == np.float32(hands[1 - me] / pieces))
        assert np.all(by_plane["remove"] == (1.0 if fields.get("remove") else 0.0))


@pytest.mark.parametrize("file", sorted(TRACE_FILES))
def test_reference_traces_replay(file):
    game = lud64.Game(TRACE_FILES[file])
    for trace in read_traces(file, 6):
        p = game.start()
        for ply, (player, legal_count, decision) in enumerate(trace["moves"]):
            assert p.to_move == f"p{player}", (trace["seed"], ply)
            assert len(p.legal()) == legal_count, (trace["seed"], ply)
            if ply % 7 == 0:
                check_tensors(p)
            p = p.play(decision)
        assert p.is_over
        assert p.outcome == trace["result"].lower()
        assert (p.end_reason == "turn limit") == (trace["end"] == "TurnLimit")
        assert p.turn <= 2500 and len(trace["moves"]) == int(trace["plies"])
