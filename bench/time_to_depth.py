#!/usr/bin/env python3
"""Alpha-beta's time to depth on 1 and T threads (lazy SMP) over middle-game
positions of each game, and the nodes a second of each.

For each game: `lud64 book` writes N random lines of --plies decisions (the
same seed, the same lines); from each position one thread searches with a
time limit (`bestmove --time`), and the depth D is the deepest it completed
within --low to --high seconds (else the deepest within --high, if it took
at least --low / 4); then T threads search to --depth=D. Prints a line per
position (D, both times, their ratio, both nodes/s, and the ratio of the
nodes all threads searched to reach D to one thread's) and per game the
medians; the machine's load average before and after, since other work on
the cores changes the threads' share. On a loaded machine the nodes tell
what the clock cannot: with T free cores at one thread's speed each, the
time ratio would be the nodes ratio / T.

  bench/time_to_depth.py --lud64 build/release/tools/lud64/lud64 --positions 20
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

INFO = re.compile(r"^info depth (\d+) .*? nodes (\d+) nps \d+ time ([0-9.]+) ")
# Plies from the start to the middle game, by game (lud64 book --plies).
PLIES = {"davxar": 30, "damdaman": 24, "guettal": 2}


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr.strip()}")
    return out.stdout


def depths(output):
    """{depth: (seconds, nodes)} of the completed iterations."""
    found = {}
    for line in output.splitlines():
        m = INFO.match(line)
        if m:
            found[int(m.group(1))] = (float(m.group(3)), int(m.group(2)))
    return found


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4)
    return q[0], q[2]


def measure(args, game):
    book = run([args.lud64, "book", f"--game={game}", f"--count={args.positions}",
                f"--plies={args.plies or PLIES[game]}", f"--seed={args.seed}"])
    lines = [line for line in book.splitlines() if line and not line.startswith("#")]
    ratios, nps1, nps2, node_ratios = [], [], [], []
    for i, moves in enumerate(lines, 1):
        base = [args.lud64, "bestmove", f"--game={game}", f"--moves={moves}",
                f"--hash={args.hash}"]
        one = depths(run(base + [f"--time={2 * args.high}"]))
        within = [d for d, (t, _) in one.items() if args.low <= t <= args.high]
        if not within:
            within = [d for d, (t, _) in one.items() if args.low / 4 <= t <= args.high]
        if not within:
            print(f"{game} {i:2d}: no depth within {args.high} s, left out", flush=True)
            continue
        depth = max(within)
        t1, n1 = one[depth]
        many = depths(run(base + [f"--depth={depth}", f"--threads={args.threads}"]))
        if depth not in many:
            print(f"{game} {i:2d}: {args.threads} threads did not complete depth {depth}",
                  flush=True)
            continue
        t2, n2 = many[depth]
        ratios.append(t2 / t1)
        nps1.append(n1 / t1)
        nps2.append(n2 / t2)
        node_ratios.append(n2 / n1)
        print(f"{game} {i:2d}: depth {depth:2d}  1 thread {t1:6.3f} s  {args.threads} threads "
              f"{t2:6.3f} s  ratio {t2 / t1:5.2f}  nodes/s {n1 / t1 / 1e6:5.2f} M / "
              f"{n2 / t2 / 1e6:5.2f} M  nodes ratio {n2 / n1:5.2f}", flush=True)
    return ratios, nps1, nps2, node_ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lud64", required=True, help="the lud64 binary")
    parser.add_argument("--games", default="davxar,damdaman,guettal")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--plies", type=int, default=0, help="0: each game's own (PLIES)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--low", type=float, default=2.0)
    parser.add_argument("--high", type=float, default=5.0)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    summary = []
    for game in args.games.split(","):
        ratios, nps1, nps2, node_ratios = measure(args, game)
        if ratios:
            low, high = quartiles(ratios)
            summary.append(
                f"{game}: {len(ratios)} positions, time to depth {args.threads} threads / 1: "
                f"median {statistics.median(ratios):.2f} (quartiles {low:.2f}-{high:.2f}); "
                f"nodes/s median {statistics.median(nps1) / 1e6:.2f} M / "
                f"{statistics.median(nps2) / 1e6:.2f} M "
                f"({statistics.median(nps2) / statistics.median(nps1):.2f}x); nodes to depth "
                f"{args.threads} threads / 1: median {statistics.median(node_ratios):.2f}")
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    print("\n".join(summary))


if __name__ == "__main__":
    main()
