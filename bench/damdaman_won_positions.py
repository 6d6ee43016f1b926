#!/usr/bin/env python3
"""Writes Damdaman positions that the side to move is winning on material, for
bench/damdaman_convert.py (bench/README.md, "Damdaman conversion").

Plays `lud64 match --p1=alphabeta:nodes=2000 --p2=random --openings=6` games
and keeps, from each, the first position between plies 30 and 80 where the
side to move has 3 or 4 pieces more than the other, with its turn counter set
to 2000 so that a game from it lasts at most 500 plies; a position another
game already gave, or one of an --exclude file, is not written.

    python3 bench/damdaman_won_positions.py --lud64=build/release/tools/lud64/lud64 \\
        --seed=5 --games=20 > positions.txt
"""
import argparse
import os
import re
import subprocess
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lud64", required=True, help="the lud64 binary")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--exclude", action="append", default=[], metavar="FILE",
                        help="a file of positions not to write again (repeatable): held-out "
                        "positions stay apart from those tuned on")
    args = parser.parse_args()
    printed = set()  # two games can reach the same position: each is written once
    for path in args.exclude:
        with open(path) as lines:
            printed.update(line.strip() for line in lines if not line.startswith("#"))
    with tempfile.TemporaryDirectory() as scratch:
        record = os.path.join(scratch, "games.txt")
        subprocess.run([args.lud64, "match", "--game=damdaman", "--p1=alphabeta:nodes=2000",
                        "--p2=random", "--openings=6", "--games=%d" % args.games,
                        "--seed=%d" % args.seed, "--record=" + record],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        games = [line.split() for line in open(record)
                 if line.strip() and not line.startswith("#")]  # "#": a game's tags
    print("# Damdaman positions the side to move is winning on material (3 or 4 pieces")
    print("# ahead), turn set to 2000: python3 bench/damdaman_won_positions.py --seed=%d "
          "--games=%d%s" % (args.seed, args.games,
                            "".join(" --exclude=" + path for path in args.exclude)))
    for game in games:
        prefixes = "\n".join(" ".join(game[:plies]) for plies in range(30, min(80, len(game)) + 1))
        replayed = subprocess.run([args.lud64, "replay", "--game=damdaman"], input=prefixes,
                                  check=True, capture_output=True, text=True).stdout
        for line in replayed.splitlines():
            result, position = line.split(" ", 1)
            board, mover = position.split()[:2]
            other = "o" if mover == "x" else "x"
            lead = board.count(mover) - board.count(other)
            if result == "ongoing" and 3 <= lead <= 4:
                position = re.sub(r"turn=\d+", "turn=2000", position)
                if position not in printed:
                    printed.add(position)
                    print(position)
                break


if __name__ == "__main__":
    main()
