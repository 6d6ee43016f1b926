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
decision or a protocol error.

    python3 bench/damdaman_convert.py --lud64=build/release/tools/lud64/lud64 \\
        --nodes=20000 < bench/damdaman_won_positions.txt
"""
import argparse
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

    def wait_for(self, prefix):
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lud64", required=True, help="the lud64 binary")
    parser.add_argument("--movetime", type=int, default=20, help="ms per decision")
    parser.add_argument("--nodes", type=int, default=0, help="nodes per decision instead of a time")
    parser.add_argument("--without-history", action="store_true",
                        help="tell the engine only the current position (bench/ugi_without_history.py)")
    parser.add_argument("--opponent", default="python3 " + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "damdaman_defender.py"))
    args = parser.parse_args()
    engine_command = args.lud64 + " ugi --game=damdaman"
    if args.without_history:
        engine_command = "python3 %s %s" % (os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "ugi_without_history.py"), engine_command)
    engine = Engine(engine_command)
    opponent = Engine(args.opponent)
    referee = Engine(args.lud64 + " ugi --game=damdaman")
    tally = {"win": 0, "draw": 0, "loss": 0}
    plies_to_win = []
    starts = [line.strip() for line in sys.stdin]
    starts = [start for start in starts if start and not start.startswith("#")]
    for number, start in enumerate(starts):
        engine_is_p1 = start.split()[1] == "x"
        limit = "nodes %d" % args.nodes if args.nodes else "movetime %d" % args.movetime
        result, plies, final = play(start, engine, opponent, referee, limit)
        outcome = ("draw" if result == "draw" else
                   "win" if (result == "p1win") == engine_is_p1 else "loss")
        tally[outcome] += 1
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


if __name__ == "__main__":
    main()
