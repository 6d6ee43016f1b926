#!/usr/bin/env python3
"""Decisions per CPU second of lud64.pgx's step (Pgx's shape), as
bench_batch_env.py measures BatchEnv: only env.step is timed (with every
array of the new state: observation, legal_action_mask, rewards, flags);
the actions are drawn between steps by lud64.pgx.random_actions (C++).

  PYTHONPATH=build/release/python python3 python/bench_pgx.py --game davxar --n 4096
"""
import argparse
import os
import time

import lud64


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="davxar")
    parser.add_argument("--n", type=int, default=4096, help="environments")
    parser.add_argument("--seconds", type=float, default=5.0, help="time to run")
    parser.add_argument("--threads", type=int, default=0, help="0: automatic")
    parser.add_argument("--max-steps", type=int, default=0, help="truncation length")
    args = parser.parse_args()

    env = lud64.pgx.make(args.game, auto_reset=True, max_steps=args.max_steps,
                         threads=args.threads)
    state = env.init(args.n, seed=1)
    steps = games = 0
    step_seconds = step_cpu = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        actions = lud64.pgx.random_actions(state, seed=steps)
        wall, cpu = time.perf_counter(), time.process_time()
        state = env.step(state, actions)
        step_seconds += time.perf_counter() - wall
        step_cpu += time.process_time() - cpu
        steps += 1
        games += int((state.terminated | state.truncated).sum())
    decisions = steps * args.n
    print(f"game {env.game.name}  n {args.n}  threads {env.threads}  steps {steps}  "
          f"games finished {games}")
    print(f"step: decisions/s {decisions / step_seconds:,.0f}  cpu seconds {step_cpu:.2f}  "
          f"decisions per cpu second {decisions / step_cpu:,.0f}  "
          f"(load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
