#!/usr/bin/env python3
"""Fits the weights of a hand-written evaluation to game results (Texel's
method, as a logistic regression): the expected result of a position for its
mover is taken as 1 / (1 + exp(-score / 150)), the scale of lud64's scores
(network/network.h, kLogisticScale), with score = weights . terms.

    lud64-train terms --game=davxar --out=terms.csv --games=3000 --depth=5
    /usr/bin/python3 tools/train/tune_evaluation.py terms.csv --current=W1,W2,...
    /usr/bin/python3 tools/train/tune_evaluation.py terms.csv --out=networks/davxar.weights

Reads the CSV of `lud64-train terms` (the mover's result, then each term),
holds the last --validation share of rows out (whole games but for one),
fits by Newton's method on the cross-entropy, and prints the weights with
the held-out cross-entropy of the current weights (--current, one per term
in the file's order) and of the fitted ones. --out writes the rounded weights
as the weights file the build reads (tools/train/README.md, "The weights
file"; --game names its game).
Needs numpy (Debian: python3-numpy).
"""
import argparse
import hashlib
import os
import sys
import warnings

import numpy as np

SCALE = 150.0


def cross_entropy(weights, terms, results):
    # -(y log p + (1 - y) log(1 - p)) with p = 1 / (1 + exp(-z)), without overflow.
    z = (terms @ weights) / SCALE
    return float(np.mean(np.logaddexp(0, z) - results * z))


def fit(terms, results, iterations):
    x = terms / SCALE
    weights = np.zeros(terms.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ weights, -50, 50)))
        gradient = x.T @ (p - results) / len(results)
        hessian = (x.T * (p * (1 - p))) @ x / len(results) + 1e-9 * np.eye(len(weights))
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.max(np.abs(step)) < 1e-9:
            return weights
    print(f"warning: not converged in {iterations} iterations", file=sys.stderr)
    return weights  # x = terms / SCALE: these weigh the terms in centi-pieces


def write_weights(path, game, names, weights, fit_line):
    # The format boards/evaluation_weights.cmake checks: a version line, the
    # game, how the file was made, a term and its weight a line, and the first
    # 16 hex digits of the SHA-256 of everything above the checksum line.
    command = " ".join([os.path.basename(sys.argv[0])] + sys.argv[1:])
    body = "lud64-evaluation-weights 1\n" + f"game {game}\n" + f"command {command}\n"
    body += f"fit {fit_line}\n"
    body += "".join(f"{name} {int(round(w))}\n" for name, w in zip(names, weights))
    data = body.encode("utf-8", "surrogateescape")  # the bytes hashed are the bytes written
    checksum = hashlib.sha256(data).hexdigest()[:16]
    try:
        with open(path, "wb") as file:
            file.write(data + f"checksum {checksum}\n".encode())
    except OSError as error:
        sys.exit(f"{path}: {error}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="files written by lud64-train terms")
    parser.add_argument("--current", help="the weights in use, comma-separated, to compare")
    parser.add_argument("--validation", type=float, default=0.1, help="share held out")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--out", help="write the fitted weights to this weights file")
    parser.add_argument("--game", default="davxar", help="the game named in --out's file")
    args = parser.parse_args()
    names, rows = None, []
    for path in args.csv:
        try:
            with open(path) as file:
                header = file.readline().strip().split(",")
                if header[0] != "result" or (names is not None and header[1:] != names):
                    sys.exit(f"{path}: not a terms file of the same evaluation")
                names = header[1:]
                with warnings.catch_warnings():  # a file of the header alone
                    warnings.simplefilter("ignore", UserWarning)
                    block = np.loadtxt(file, delimiter=",", ndmin=2)
        except (OSError, ValueError) as error:
            sys.exit(f"{path}: {error}")
        if block.shape[0] == 0:
            continue
        if block.shape[1] != len(names) + 1:
            sys.exit(f"{path}: {block.shape[1]} columns, expected {len(names) + 1}")
        rows.append(block)
    current = None
    if args.iterations < 1:
        sys.exit(f"--iterations={args.iterations}: at least 1")
    if args.current:
        try:
            current = np.array([float(w) for w in args.current.split(",")])
        except ValueError:
            sys.exit(f"--current={args.current}: not comma-separated numbers")
        if len(current) != len(names):
            sys.exit(f"--current: {len(names)} weights expected, {len(current)} given")
    if not 0 < args.validation < 1:
        sys.exit(f"--validation={args.validation}: expected a share between 0 and 1")
    data = np.concatenate(rows) if rows else np.empty((0, len(names) + 1))
    held = max(1, int(len(data) * args.validation))
    if len(data) - held < 10 * len(names):
        sys.exit(f"{len(data)} rows: too few to fit {len(names)} weights")
    train, test = data[:-held], data[-held:]
    weights = fit(train[:, 1:], train[:, 0], args.iterations)
    print(f"{len(train)} positions fitted, {len(test)} held out")
    if current is not None:
        current_loss = cross_entropy(current, test[:, 1:], test[:, 0])
        print(f"held-out cross-entropy: current {current_loss:.5f}")
    fitted_loss = cross_entropy(weights, test[:, 1:], test[:, 0])
    print(f"held-out cross-entropy: fitted  {fitted_loss:.5f}")
    for name, w in zip(names, weights):
        print(f"{name:28s} {w:9.2f}")
    print("weights " + ",".join(str(int(round(w))) for w in weights))
    if args.out:
        write_weights(args.out, args.game, names, weights,
                      f"{len(train)} positions, held-out cross-entropy {fitted_loss:.5f}")


if __name__ == "__main__":
    main()
