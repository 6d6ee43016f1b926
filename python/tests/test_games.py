"""Games, positions and errors."""
import pickle

import numpy as np
import pytest

import lud64
from conftest import run_isolated


def test_games_lists_the_three_games():
    assert sorted(lud64.games()) == ["damdaman", "davxar", "guettal"]
    for name in lud64.games():
        assert lud64.Game(name).name == name


def test_game_names_are_canonical():
    g = lud64.Game("davxar:pieces=6,lines=ludii")
    assert g.name == "davxar:lines=ludii,pieces=6"
    assert lud64.Game(g.name) == g
    assert repr(g) == "lud64.Game('davxar:lines=ludii,pieces=6')"
    assert pickle.loads(pickle.dumps(g)) == g


@pytest.mark.parametrize("spec, message", [
    ("chess", "chess"),
    ("davxar:pieces=99", "pieces=99"),
    ("davxar:colour=red", "colour"),
    ("damdaman:pieces=3", "damdaman has no options"),
])
def test_bad_games_raise_value_error_with_the_engines_message(spec, message):
    with pytest.raises(ValueError, match=message):
        lud64.Game(spec)


def test_bad_positions_and_decisions_raise_value_error():
    g = lud64.Game("damdaman")
    with pytest.raises(ValueError, match="row"):
        g.position("ooooooo/ooooooo x")
    with pytest.raises(ValueError, match="no such field"):
        g.position("ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x remove")
    p = g.start()
    with pytest.raises(ValueError, match="'D3-D4' is illegal in"):
        p.play("C4-D4").play("D3-D4")
    with pytest.raises(ValueError, match="Z9"):
        p.play("Z9-Z8")
    with pytest.raises(ValueError, match="action 169: must be 0 to 168"):
        p.play(169)
    with pytest.raises(ValueError, match="never makes it"):
        g.action_id("E4")  # damdaman never places


def test_positions_are_values(game):
    p = game.start()
    q = p.play(p.legal()[0])
    assert q != p and q.turn == 1 and q.last == p.legal()[0]
    assert p == game.start() and hash(p) == hash(game.start())
    assert game.position(q.text()) == q and str(q) == q.text()
    assert eval(repr(q), {"lud64": lud64}) == q
    r = pickle.loads(pickle.dumps(q))
    assert r == q and hash(r) == hash(q) and r.text() == q.text() and r.game == game
    assert len({p, q, r}) == 2
    assert p.to_move == "p1" and q.to_move in ("p1", "p2")
    assert not p.is_over and p.outcome is None and p.end_reason is None


def test_action_space_round_trips(game):
    for action in range(game.num_actions):
        assert game.action_id(game.action_text(action)) == action
    assert game.action_text(game.num_actions - 1) == "pass"
    with pytest.raises(ValueError):
        game.action_text(game.num_actions)


def finished_guettal_game():
    """A Guettal game played to its end, the end right after a pass."""
    g = lud64.Game("guettal")
    p = g.start()
    for decision in ["G3", "D3", "F3", "E3"]:
        p = p.play(decision)
    while not p.is_over:
        p = p.play(p.legal()[0])
    return g, p


def test_finished_game_reports_its_outcome():
    g, p = finished_guettal_game()
    assert p.outcome in ("p1", "p2", "draw")
    assert p.end_reason in ("own rule", "all-pass", "turn limit")
    assert p.legal() == [] and not p.legal_mask().any()
    # The text cannot show every end (here right after a pass); pickling keeps it.
    again = pickle.loads(pickle.dumps(p))
    assert again == p and again.outcome == p.outcome and again.end_reason == p.end_reason


def test_none_is_not_a_game():
    out = run_isolated("try:\n    lud64.Game.start(None)\nexcept TypeError as e:\n    print(e)")
    assert out.strip() == "self: expected a lud64.Game, got None"


def test_play_takes_integers_and_text_only():
    p = lud64.Game("davxar").start()
    assert p.play(np.int64(3)) == p.play(3) == p.play(np.int32(3)) == p.play(p.game.action_text(3))
    for wrong, name in [(True, "bool"), (np.True_, "numpy.bool_"), (1.0, "float"), (None, "NoneType")]:
        with pytest.raises(TypeError, match="decision: expected an action id \\(int\\) or decision "
                           f"text \\(str\\), got {name}"):
            p.play(wrong)
    with pytest.raises(ValueError, match="action 1208925819614629174706176: must be 0 to 224"):
        p.play(2**80)


def test_action_text_takes_integers_only():
    g = lud64.Game("davxar")
    assert g.action_text(np.int64(3)) == g.action_text(3)
    for wrong, name in [(True, "bool"), ("E4", "str"), (2.0, "float")]:
        with pytest.raises(TypeError, match=f"id: expected an action id \\(int\\), got {name}"):
            g.action_text(wrong)


@pytest.mark.parametrize("state, message", [
    (("davxar", "start", 1, 0), "do not follow the rules"),
    (("davxar", "start", 0, 1), "do not follow the rules"),
    (("davxar", "start", 4, 0), "must be 0 to 3"),
    (("davxar", "start", 0, -1), "must be 0 to 3"),
    (("davxar", "start", "0", 0), "outcome must be an int, got str"),
    (("davxar", "start", 0), "expected 4 fields"),
])
def test_unpickling_checks_the_state(state, message):
    q = lud64.Position.__new__(lud64.Position)
    with pytest.raises(ValueError, match=message):
        q.__setstate__(state)


def test_unpickling_a_finished_game_checks_its_end():
    g, p = finished_guettal_game()
    name, text, outcome, end = p.__getstate__()
    assert "passed" in text and not g.position(text).is_over  # only the pickle keeps the end
    winners = {1, 2, 3} - {outcome}
    for wrong in [(o, end) for o in winners] + [(3, 2), (outcome, 3)]:
        with pytest.raises(ValueError, match="do not follow the rules"):
            lud64.Position.__new__(lud64.Position).__setstate__((name, text, *wrong))
    assert pickle.loads(pickle.dumps(p)) == p


def test_comparing_with_other_types_is_false():
    g = lud64.Game("guettal")
    p = g.start()
    assert not (g == None) and not (g == 5) and g != 5 and not (p == 5) and p != "start"  # noqa: E711
    assert g == lud64.Game("guettal") and p == g.start() and p != g
