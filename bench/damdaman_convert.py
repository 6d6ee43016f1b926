#!/usr/bin/env python3
"""Plays lud64's alpha-beta from given Damdaman positions against a UGI
opponent (by default bench/damdaman_defender.py), to measure whether it
converts positions it is winning (bench/README.md, "Damdaman conversion").

Each input line is a whole lud64 position text (`... x turn=2000`; `#`
lines are comments); the engine plays the side to move. Every decision is asked for with the whole
game since that position (`position fen <start> moves ...`), so the engine
has the history. A third process, `lud64 ugi`, judges the game by lud64's
rules. With --without-history the engine is told only the current position
(the measurement's "before"). Prints one line per game and a summary; exits non-zero on an illegal
decision or a protocol error. With --compare=FILE (the printed output of an
earlier run on the same positions), it also counts the positions won by one
run and not the other, with the exact two-sided sign test on them.
--setoption=NAME=VALUE sets an engine option (engine=mcts: MCTS).

    python3 bench/damdaman_convert.py --lud64=build/release/tools/lud64/lud64 \\
        --nodes=20000 < bench/damdaman_won_positions.txt
"""
import argparse
import math
import os
import subprocess
import sys


class Engine:
    def __init__(self, command):
        self.process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("ugi")
        self.wait_for("ugiok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):  # a prefix, or a tuple of them
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line.split()

    def ask(self, question):
        self.send(question)
        return self.wait_for("response")[1:]

    def close(self):
        self.send("quit")
        self.process.wait()


def play(start, engine, opponent, referee, limit):
    moves = []
    engine.send("uginewgame")
    while True:
        position = "position fen " + start + (" moves " + " ".join(moves) if moves else "")
        referee.send(position)
        if referee.ask("query gameover") == ["true"]:
            final = " ".join(referee.ask("query position"))
            return referee.ask("query result")[0], len(moves), final
        mover = engine if len(moves) % 2 == 0 else opponent
        legal = referee.ask("query legal")
        if legal == ["pass"]:  # a forced pass: nothing to ask
            moves.append("pass")
            continue
        mover.send(position)
        mover.send("go " + limit)
        decision = mover.wait_for("bestmove")[1]
        if decision not in legal:
            raise RuntimeError("illegal decision %s after %s" % (decision, position))
        moves.append(decision)


def wilson(wins, games):
    """The 95% Wilson score interval of a share."""
    if games == 0:
        return 0.0, 1.0
    z, share = 1.959964, wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    spread = share * (1 - share) / games + z * z / (4 * games * games)
    half = z * math.sqrt(spread) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(only_here, only_there):
    """The exact two-sided p-value that the discordant positions split this way
    by chance (each as likely to go either way)."""
    n, k = only_here + only_there, min(only_here, only_there)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def read_outcomes(path):
    """Position number to outcome, from a run's printed output."""
    outcomes = {}
    with open(path) as lines:
        for line_number, line in enumerate(lines, 1):
            if line.startswith("position "):
                number, outcome = line.split()[1:3]
                number = int(number.rstrip(":"))
                if outcome not in ("win", "draw", "loss") or number in outcomes:
                    raise ValueError("line %d: %r" % (line_number, line.strip()[:60]))
                outcomes[number] = outcome
    return outcomes


def describe_numbers(outcomes):
    numbers = sorted(outcomes)
    return "%d to %d (%d)" % (numbers[0], numbers[-1], len(numbers)) if numbers else "none"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lud64", required=True, help="the lud64 binary")
    parser.add_argument("--movetime", type=int, default=20, help="ms per decision")
    parser.add_argument("--nodes", type=int, default=0, help="nodes per decision instead of a time")
    parser.add_argument("--without-history", action="store_true",
                        help="tell the engine only the current position "
                        "(bench/ugi_without_history.py)")
    parser.add_argument("--opponent", default="python3 " + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "damdaman_defender.py"))
    parser.add_argument("--setoption", action="append", default=[], metavar="NAME=VALUE",
                        help="a UGI option for the engine, for example engine=mcts (repeatable)")
    parser.add_argument("--compare", metavar="FILE",
                        help="an earlier run's output on the same positions, to count the "
                        "positions each run alone won")
    args = parser.parse_args()
    try:
        baseline = read_outcomes(args.compare) if args.compare else None
    except (OSError, ValueError, IndexError) as error:
        sys.exit("damdaman_convert.py: --compare=%s: %s" % (args.compare, error))
    starts = [line.strip() for line in sys.stdin]
    starts = [start for start in starts if start and not start.startswith("#")]
    if baseline is not None and sorted(baseline) != list(range(1, len(starts) + 1)):
        sys.exit("damdaman_convert.py: --compare=%s holds positions %s, the input 1 to %d" %
                 (args.compare, describe_numbers(baseline), len(starts)))
    engine_command = args.lud64 + " ugi --game=damdaman"
    if args.without_history:
        engine_command = "python3 %s %s" % (os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "ugi_without_history.py"), engine_command)
    options = []
    for option in args.setoption:
        name, equals, value = option.partition("=")
        if not name or not equals:
            sys.exit("damdaman_convert.py: --setoption=%s: not NAME=VALUE" % option)
        options.append("setoption name %s value %s" % (name, value))
    engine = Engine(engine_command)
    for option in options:
        engine.send(option)
    engine.send("isready")  # an option the engine refuses ends the run
    reply = engine.wait_for(("readyok", "info string error"))
    if reply[0] != "readyok":
        sys.exit("damdaman_convert.py: --setoption: the engine says: " + " ".join(reply[2:]))
    opponent = Engine(args.opponent)
    referee = Engine(args.lud64 + " ugi --game=damdaman")
    tally = {"win": 0, "draw": 0, "loss": 0}
    outcomes = {}
    plies_to_win = []
    for number, start in enumerate(starts):
        engine_is_p1 = start.split()[1] == "x"
        limit = "nodes %d" % args.nodes if args.nodes else "movetime %d" % args.movetime
        result, plies, final = play(start, engine, opponent, referee, limit)
        outcome = ("draw" if result == "draw" else
                   "win" if (result == "p1win") == engine_is_p1 else "loss")
        tally[outcome] += 1
        outcomes[number + 1] = outcome
        if outcome == "win":
            plies_to_win.append(plies)
        print("position %d: %s in %d plies, ending at %s" % (number + 1, outcome, plies, final),
              flush=True)
    for process in (engine, opponent, referee):
        process.close()
    games = sum(tally.values())
    print("games %d: %d wins, %d draws, %d losses; plies to win: %s" %
          (games, tally["win"], tally["draw"], tally["loss"],
           " ".join(map(str, sorted(plies_to_win))) or "-"))
    low, high = wilson(tally["win"], games)
    print("won %.1f%% (95%%: %.1f%% to %.1f%%)" % (100 * tally["win"] / max(games, 1), 100 * low,
                                                  100 * high))
    if baseline is not None:
        shared = sorted(outcomes)
        here = sum(outcomes[n] == "win" and baseline[n] != "win" for n in shared)
        there = sum(outcomes[n] != "win" and baseline[n] == "win" for n in shared)
        both = sum(outcomes[n] == "win" and baseline[n] == "win" for n in shared)
        print("against %s: both won %d, only this run %d, only that run %d; sign test p=%.3f" %
              (args.compare, both, here, there, sign_test(here, there)))


if __name__ == "__main__":
    main()
