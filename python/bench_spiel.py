#!/usr/bin/env python3
"""Decisions per CPU second of random games through the OpenSpiel-shaped state
from a Python loop (legal_actions(), apply_action()), on one core:

  PYTHONPATH=build/release/python python3 python/bench_spiel.py --game davxar:pieces=6

The loop is the one of the README's example; the draws use Python's random.
"""
import argparse
import os
import random
import time

import lud64


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="davxar:pieces=6")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time to run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = lud64.load_game(args.game)
    rng = random.Random(args.seed)
    choice = rng.choice
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        decisions += len(state.history())
        games += 1
    cpu = time.process_time() - start
    print(f"game {args.game}  games {games}  decisions {decisions}  cpu seconds {cpu:.2f}  "
          f"decisions per cpu second {decisions / cpu:,.0f}  "
          f"(load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
