#!/usr/bin/env python3
"""Decisions per second of lud64.BatchEnv driven from Python.

Each step of the timed loop is what a reinforcement-learning loop does with a
random policy: ask the environments for actions (random_actions(): a uniform
legal action each, drawn in C++), step them, receive planes, rewards and done
flags as new numpy arrays. With --mask the loop also fetches legal_mask()
every step, and with --numpy-policy it draws the actions in numpy from that
mask instead (the cost of a policy written in Python).

  PYTHONPATH=build/release/python python3 python/bench_batch_env.py --game davxar --n 4096
"""
import argparse
import os
import time

import numpy as np

import lud64


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="davxar")
    parser.add_argument("--n", type=int, default=4096, help="environments")
    parser.add_argument("--seconds", type=float, default=5.0, help="time to run")
    parser.add_argument("--threads", type=int, default=0, help="0: automatic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mask", action="store_true", help="also fetch legal_mask() each step")
    parser.add_argument("--numpy-policy", action="store_true",
                        help="draw actions in numpy from legal_mask() (implies --mask)")
    args = parser.parse_args()

    game = lud64.Game(args.game)
    env = lud64.BatchEnv(game, args.n, seed=args.seed, threads=args.threads)
    rng = np.random.default_rng(args.seed)
    env.reset()
    steps = games = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < args.seconds:
        if args.numpy_policy:
            mask = env.legal_mask()
            actions = np.argmax(mask * rng.random(mask.shape, dtype=np.float32), axis=1)
            actions = actions.astype(np.int32)
        else:
            if args.mask:
                env.legal_mask()
            actions = env.random_actions()
        planes, rewards, done = env.step(actions)
        steps += 1
        games += int(done.sum())
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    decisions = steps * args.n
    print(f"game {game.name}  n {args.n}  threads {env.threads}  steps {steps}  "
          f"seconds {seconds:.2f}")
    print(f"decisions/s {decisions / seconds:,.0f}  games finished {games}  "
          f"planes {planes.dtype}{list(planes.shape)}")
    # On a shared machine the wall-clock rate depends on the load; the rate
    # per CPU second (all threads of the process) does much less.
    print(f"cpu seconds {cpu_seconds:.2f}  decisions per cpu second "
          f"{decisions / cpu_seconds:,.0f}  (load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
