"""Games, positions and errors."""
import pickle

import pytest

import lud64


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


def test_finished_game_reports_its_outcome():
    g = lud64.Game("guettal")
    p = g.start()
    for decision in ["G3", "D3", "F3", "E3"]:
        p = p.play(decision)
    while not p.is_over:
        p = p.play(p.legal()[0])
    assert p.outcome in ("p1", "p2", "draw")
    assert p.end_reason in ("own rule", "all-pass", "turn limit")
    assert p.legal() == [] and not p.legal_mask().any()
    # The text cannot show every end (here right after a pass); pickling keeps it.
    again = pickle.loads(pickle.dumps(p))
    assert again == p and again.outcome == p.outcome and again.end_reason == p.end_reason
