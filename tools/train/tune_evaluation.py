#!/usr/bin/env python3
"""Fits the weights of a hand-written evaluation to game results (Texel's
method, as a logistic regression): the expected result of a position for its
mover is taken as 1 / (1 + exp(-score / 150)), the scale of lud64's scores
(network/network.h, kLogisticScale), with score = weights . terms.

    lud64-train terms --game=davxar --out=terms.csv --games=3000 --depth=5
    tools/train/tune_evaluation.py terms.csv --current=100,90,25,8,2,3,-12

Reads the CSV of `lud64-train terms` (the mover's result, then each term),
holds the last --validation share of rows out (whole games but for one),
fits by Newton's method on the cross-entropy, and prints the weights with
the held-out cross-entropy of the current weights and of the fitted ones.
Needs numpy (Debian: python3-numpy).
"""
import argparse
import sys

import numpy as np

SCALE = 150.0


def cross_entropy(weights, terms, results):
    p = 1 / (1 + np.exp(-(terms @ weights) / SCALE))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(results * np.log(p) + (1 - results) * np.log(1 - p)))


def fit(terms, results, iterations):
    x = terms / SCALE
    weights = np.zeros(terms.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - results) / len(results)
        hessian = (x.T * (p * (1 - p))) @ x / len(results) + 1e-9 * np.eye(len(weights))
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return weights  # x = terms / SCALE: these weigh the terms in centi-pieces


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="files written by lud64-train terms")
    parser.add_argument("--current", help="the weights in use, comma-separated, to compare")
    parser.add_argument("--validation", type=float, default=0.1, help="share held out")
    parser.add_argument("--iterations", type=int, default=50)
    args = parser.parse_args()
    names, rows = None, []
    for path in args.csv:
        try:
            with open(path) as file:
                header = file.readline().strip().split(",")
                if header[0] != "result" or (names is not None and header[1:] != names):
                    sys.exit(f"{path}: not a terms file of the same evaluation")
                names = header[1:]
                rows.append(np.loadtxt(file, delimiter=",", ndmin=2))
        except (OSError, ValueError) as error:
            sys.exit(f"{path}: {error}")
    current = None
    if args.current:
        try:
            current = np.array([float(w) for w in args.current.split(",")])
        except ValueError:
            sys.exit(f"--current={args.current}: not comma-separated numbers")
        if len(current) != len(names):
            sys.exit(f"--current: {len(names)} weights expected, {len(current)} given")
    data = np.concatenate(rows)
    if not 0 < args.validation < 1 or len(data) < 10:
        sys.exit("need at least 10 rows and a validation share between 0 and 1")
    held = int(len(data) * args.validation)
    train, test = data[:-held], data[-held:]
    weights = fit(train[:, 1:], train[:, 0], args.iterations)
    print(f"{len(train)} positions fitted, {len(test)} held out")
    if current is not None:
        print(f"held-out cross-entropy: current {cross_entropy(current, test[:, 1:], test[:, 0]):.5f}")
    print(f"held-out cross-entropy: fitted  {cross_entropy(weights, test[:, 1:], test[:, 0]):.5f}")
    for name, w in zip(names, weights):
        print(f"{name:28s} {w:9.2f}")
    print("weights " + ",".join(str(int(round(w))) for w in weights))


if __name__ == "__main__":
    main()
