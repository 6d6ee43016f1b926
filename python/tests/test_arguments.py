"""How arguments are read: objects made by __new__ alone, and numbers that
are bools (or not numbers at all)."""
import fractions
import pathlib
import re
import types

import numpy as np
import pytest

import lud64
from conftest import run_isolated

HERE = pathlib.Path(__file__).resolve().parent
# The compiled classes (pybind11's), not the package's Python ones (SpielGame).
CLASSES = sorted(name for name, value in vars(lud64).items()
                 if isinstance(value, type) and type(value) is type(lud64.Game))
UNINITIALIZED = "an uninitialized object (made by __new__ without __init__ or __setstate__)"
# What the members that take arguments are given; the others are called with none.
ARGUMENTS = {
    ("Game", "position"): lambda: ("start",),
    ("Game", "action_id"): lambda: ("E4",),
    ("Game", "action_text"): lambda: (1,),
    ("Game", "__eq__"): lambda: (lud64.Game("davxar"),),
    ("Position", "play"): lambda: (1,),
    ("Position", "__eq__"): lambda: (lud64.Game("davxar").start(),),
    ("BatchEnv", "position"): lambda: (0,),
    ("BatchEnv", "step"): lambda: (np.zeros(1, dtype=np.int32),),
    ("SpielState", "apply_action"): lambda: (0,),
    ("SpielState", "undo_action"): lambda: (0, 0),
    ("SpecAgent", "__call__"): lambda: (lud64.Game("davxar").start(),),
}


def members(name):
    """The compiled methods and properties of lud64.<name>, but those that initialize
    (not the Python functions lud64/spiel.py adds, which call compiled ones)."""
    return sorted(member for member, value in vars(getattr(lud64, name)).items()
                  if member not in ("__init__", "__setstate__")
                  and not isinstance(value, types.FunctionType)
                  and (callable(value) or isinstance(value, property)))


def use_every_member(name):
    """Prints how each member fails on an object made by __new__ alone (run in a child)."""
    cls = getattr(lud64, name)
    for member in members(name):
        made = cls.__new__(cls)
        try:
            value = getattr(made, member)
            if not isinstance(vars(cls)[member], property):
                value(*ARGUMENTS.get((name, member), tuple)())
            print(f"{member}: no error", flush=True)
        except Exception as e:  # what it raised is the result
            print(f"{member}: {type(e).__name__}: {e}", flush=True)


@pytest.mark.parametrize("name", CLASSES)
def test_every_member_refuses_an_object_made_by_new_alone(name):
    # pybind11 2.10 hands such an object's raw memory to the methods: the old
    # module crashed or read garbage, hence the child.
    out = run_isolated(f"import sys\nsys.path.insert(0, {str(HERE)!r})\n"
                       f"import test_arguments\ntest_arguments.use_every_member({name!r})")
    assert out.splitlines() == [f"{member}: TypeError: lud64.{name}: {UNINITIALIZED}"
                                for member in members(name)]


def test_functions_refuse_objects_made_by_new_alone():
    uses = ["lud64.perft(POSITION, 1)", "lud64.playouts(GAME, count=1)",
            "lud64.playouts(lud64.Game('davxar'), count=1, position=POSITION)",
            "lud64.bestmove(POSITION, depth=1)", "lud64.solve(POSITION, depth=1)",
            "lud64.probe(POSITION)", "lud64.BatchEnv(GAME, 1)", "lud64.Game('davxar') == GAME",
            "lud64.Game('davxar').start() == POSITION"]
    code = ["GAME = lud64.Game.__new__(lud64.Game)",
            "POSITION = lud64.Position.__new__(lud64.Position)"]
    for use in uses:
        code += ["try:", f"    {use}", "    print('no error')",
                 "except Exception as e:", "    print(type(e).__name__, e, flush=True)"]
    out = run_isolated("\n".join(code))
    assert out.splitlines() == [
        f"TypeError lud64.{'Game' if 'GAME' in use else 'Position'}: {UNINITIALIZED}"
        for use in uses]


def test_objects_made_by_new_can_still_be_initialized():
    game = lud64.Game.__new__(lud64.Game)
    game.__init__("davxar:pieces=6")
    assert game == lud64.Game("davxar:pieces=6") and game.start().legal()
    position = lud64.Position.__new__(lud64.Position)
    position.__setstate__(game.start().play("E4").__getstate__())
    assert position == game.start().play("E4")

    class Derived(lud64.Game):
        pass

    with pytest.raises(TypeError, match=re.escape(f"lud64.Game: {UNINITIALIZED}")):
        Derived.__new__(Derived).start()


P = lud64.Game("davxar").start()
G = lud64.Game("guettal")
# Every integer argument of the module's functions and methods: a call with
# `v` for it, and its name.
INTEGER_ARGUMENTS = [
    (lambda v: lud64.perft(P, v), "depth"),
    (lambda v: lud64.playouts(G, count=v), "count"),
    (lambda v: lud64.playouts(G, count=10, threads=v), "threads"),
    (lambda v: lud64.playouts(G, count=10, seed=v), "seed"),
    (lambda v: lud64.bestmove(P, depth=v), "depth"),
    (lambda v: lud64.bestmove(P, nodes=v), "nodes"),
    (lambda v: lud64.bestmove(P, depth=1, hash=v), "hash"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=v), "iterations"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=10, threads=v), "threads"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=10, seed=v), "seed"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=10, memory=v), "memory"),
    (lambda v: lud64.solve(P, depth=v), "depth"),
    (lambda v: lud64.solve(P, depth=1, nodes=v), "nodes"),
    (lambda v: lud64.solve(P, depth=1, hash=v), "hash"),
    (lambda v: lud64.BatchEnv(G, 2, seed=v), "seed"),
    (lambda v: lud64.BatchEnv(G, 2, threads=v), "threads"),
    (lambda v: lud64.BatchEnv(G, 2).position(v), "i"),
]


@pytest.mark.parametrize("call, name", INTEGER_ARGUMENTS,
                         ids=[f"{i}-{name}" for i, (_, name) in enumerate(INTEGER_ARGUMENTS)])
@pytest.mark.parametrize("value, type_name", [(True, "bool"), (np.True_, "numpy.bool_"),
                                              (1.0, "float")])
def test_integer_arguments_refuse_bools(call, name, value, type_name):
    # As play() and action_text() do: True is not 1 (pybind11 reads it as 1).
    with pytest.raises(TypeError, match=f"^{name}: expected an int, got {type_name}$"):
        call(value)


def test_integer_arguments_take_numpy_integers_and_check_their_range():
    assert lud64.perft(G.start(), np.int64(2)) == lud64.perft(G.start(), 2)
    env = lud64.BatchEnv(G, 8, seed=np.uint64(2**64 - 1), threads=np.int8(2))
    assert env.threads == 2
    # Seeds are whole 64-bit numbers, neither clamped nor wrapped.
    assert np.array_equal(env.random_actions(),
                          lud64.BatchEnv(G, 8, seed=2**64 - 1).random_actions())
    assert not np.array_equal(lud64.BatchEnv(G, 8, seed=2**64 - 1).random_actions(),
                              lud64.BatchEnv(G, 8, seed=2**64 - 2).random_actions())
    with pytest.raises(ValueError, match="^seed=-1: must be 0 to 18446744073709551615$"):
        lud64.BatchEnv(G, 2, seed=-1)
    with pytest.raises(ValueError, match="^nodes=18446744073709551616: must be 0 to"):
        lud64.bestmove(P, nodes=2**64)
    # Signed ones beyond 64 bits meet the function's own range check.
    with pytest.raises(ValueError,
                       match=r"^threads=2147483647: must be 0 to 256 \(0: automatic\)$"):
        lud64.BatchEnv(G, 2, threads=2**70)


# Every floating-point argument: a call with `v` for it, and its name.
FLOAT_ARGUMENTS = [
    (lambda v: lud64.playouts(G, time=v), "time"),
    (lambda v: lud64.bestmove(P, time=v), "time"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=10, exploration=v), "exploration"),
    (lambda v: lud64.bestmove(P, engine="mcts", iterations=10, press=v), "press"),
    (lambda v: lud64.solve(P, depth=1, time=v), "time"),
]
FLOAT_IDS = [f"{i}-{name}" for i, (_, name) in enumerate(FLOAT_ARGUMENTS)]


@pytest.mark.parametrize("call, name", FLOAT_ARGUMENTS, ids=FLOAT_IDS)
@pytest.mark.parametrize("value, type_name", [
    (True, "bool"), (np.True_, "numpy.bool_"), ("1.5", "str"), (None, "NoneType"),
    (1j, "complex"), (np.complex128(1), "numpy.complex128"), (np.complex64(1), "numpy.complex64")])
def test_float_arguments_refuse_bools_and_other_non_numbers(call, name, value, type_name):
    # pybind11 reads True as 1.0 (one second of search); numpy's complex
    # numbers would lose their imaginary part.
    with pytest.raises(TypeError, match=f"^{name}: expected a number, got {type_name}$"):
        call(value)


@pytest.mark.parametrize("call, name", FLOAT_ARGUMENTS, ids=FLOAT_IDS)
@pytest.mark.parametrize("value", [
    float("nan"), float("inf"), -float("inf"), np.float64("nan"), np.float32("inf"),
    10**400, -10**400, np.float32(1e6), np.int64(-1), fractions.Fraction(-1, 2)],
    ids=["nan", "inf", "-inf", "float64-nan", "float32-inf", "10**400", "-10**400",
         "float32-1e6", "int64--1", "Fraction--1/2"])
def test_float_arguments_read_any_number_and_check_its_range(call, name, value):
    # NaN and the infinities meet each function's range check, as the
    # command's flags do (--time=nan: must be 0 to ...); so do ints beyond a
    # double (pybind11 refused them as a TypeError without the argument's name).
    with pytest.raises(ValueError, match=rf"^{name}=\S+: must be "):
        call(value)


@pytest.mark.parametrize("call", [c for c, name in FLOAT_ARGUMENTS if name == "time"],
                         ids=["playouts", "bestmove", "solve"])
def test_time_limits_are_the_commands(call):
    # At most a day, as every time flag and engine option of the command.
    with pytest.raises(ValueError, match=r"^time=86400.5: must be 0(\.001)? to 86400 seconds$"):
        call(86400.5)


# A range error of each binding file, and its message: one form everywhere,
# `name=value: must be low to high[ unit]` (the command's, without `--`).
def _state():
    return lud64.load_game("davxar").new_initial_state()


RANGE_ERRORS = [
    (lambda: lud64.perft(P, 41), "depth=41: must be 1 to 40"),
    (lambda: lud64.playouts(G, count=10, threads=0), "threads=0: must be 1 to 256"),
    (lambda: lud64.playouts(G, count=10**13), "count=10000000000000: must be 1 to 1000000000000"),
    (lambda: lud64.solve(P, hash=0), "hash=0: must be 1 to 65536 MiB"),
    (lambda: lud64.bestmove(P, depth=101), "depth=101: must be 0 to 100"),
    (lambda: lud64.bestmove(P, engine="mcts", iterations=9, press=1.5), "press=1.5: must be 0 to 1"),
    (lambda: lud64.alphabeta(_state(), multipv=257), "multipv=257: must be 1 to 256"),
    (lambda: lud64.mcts(_state(), time=-1.0), "time=-1: must be 0 to 86400 seconds"),
    (lambda: lud64.match("random", "random", games=0), "games=0: must be 1 to 1000000"),
    (lambda: lud64.book("davxar", 5, 1001), "plies=1001: must be 1 to 1000"),
    (lambda: lud64.build_tables("davxar:pieces=3", "unused", threads=0),
     "threads=0: must be 1 to 256"),
    (lambda: lud64.build_tables("davxar:pieces=3", "unused", memory=-1),
     "memory=-1: must be 0 to 16777216 MiB"),
    (lambda: lud64.BatchEnv(G, 0), "n=0: must be 1 to 16777216 environments"),
    (lambda: lud64.BatchEnv(G, 2, threads=-1), "threads=-1: must be 0 to 256 (0: automatic)"),
    (lambda: lud64.pgx.make("guettal", threads=257),
     "threads=257: must be 0 to 256 (0: automatic)"),
    (lambda: lud64.pgx.make("guettal").init(0), "n=0: must be 1 to 16777216 environments"),
]


@pytest.mark.parametrize("call, message", RANGE_ERRORS, ids=[m for _, m in RANGE_ERRORS])
def test_range_errors_take_one_form(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message


def test_float_arguments_take_numpy_scalars_and_fractions():
    mcts = dict(engine="mcts", iterations=50, seed=3)
    assert (lud64.bestmove(P, exploration=np.float32(0.5), **mcts)[1]["visits"]
            == lud64.bestmove(P, exploration=0.5, **mcts)[1]["visits"])
    assert lud64.bestmove(P, exploration=np.int64(2), **mcts)[0]
    assert lud64.solve(P, depth=2, time=fractions.Fraction(1, 2))["to_move"]
    assert lud64.playouts(G, time=np.float16(0.01))["playouts"] > 0
    assert "time: float = 0.0" in lud64.playouts.__doc__
    assert "exploration: float = 1.0" in lud64.bestmove.__doc__
