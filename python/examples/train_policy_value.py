#!/usr/bin/env python3
"""Trains a small policy-value network on Davxar with perfect play as teacher,
and measures it against perfect play (lud64.accuracy); plots the learning curve.

Targets come from the endgame tables: positions of random games that the
tables hold, each with lud64.probe_actions' values (policy: uniform over the
best actions; value: +1, 0 or -1 for the player to move). After each epoch the
network's policy (its best legal action) is judged on critical positions.

  lud64 tb build --game=davxar:pieces=4 --tb=tables      # once (a minute)
  python3 python/examples/train_policy_value.py --tb tables --minutes 8
  # CI: --game davxar:pieces=3 --positions 300 --epochs 2 --judge 20

Needs Debian's python3-torch and python3-matplotlib (tools/setup.sh).
"""
import argparse
import random
import time

import matplotlib
import numpy as np
import torch

import lud64

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def table_samples(game, tb, count, seed):
    """(planes, policy target, value target) of `count` positions the tables hold."""
    rng = random.Random(seed)
    planes, policies, values = [], [], []
    while len(planes) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(planes) < count:
            try:
                ranked = lud64.probe_actions(state, tb=tb)
            except ValueError:
                ranked = None
            if ranked and rng.random() < 0.3:
                order = {"loss": -1, "draw": 0, "win": 1}
                best = max(order[v] for v, _ in ranked.values())
                target = np.zeros(game.num_distinct_actions(), np.float32)
                for action, (value, _) in ranked.items():
                    target[action] = order[value] == best
                planes.append(np.asarray(state.observation_tensor()))
                policies.append(target / target.sum())
                values.append(float(best))
            state.apply_action(rng.choice(state.legal_actions()))
    return (torch.from_numpy(np.stack(planes)), torch.from_numpy(np.stack(policies)),
            torch.tensor(values))


class PolicyValue(torch.nn.Module):
    def __init__(self, inputs, actions, hidden=128):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(inputs, hidden), torch.nn.ReLU(),
                                        torch.nn.Linear(hidden, hidden), torch.nn.ReLU())
        self.policy = torch.nn.Linear(hidden, actions)
        self.value = torch.nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x)
        return self.policy(h), torch.tanh(self.value(h)).squeeze(-1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="davxar:pieces=4")
    parser.add_argument("--tb", default="", help="the tables' directory ('' the default)")
    parser.add_argument("--positions", type=int, default=20000, help="training positions")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=9.0, help="stop training after this")
    parser.add_argument("--judge", type=int, default=200, help="critical positions per judgement")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--plot", default="learning_curve.png")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    start = time.time()
    game = lud64.load_game(args.game)
    x, policy_target, value_target = table_samples(game, args.tb, args.positions, args.seed)
    print(f"{len(x)} table positions in {time.time() - start:.1f} s")
    net = PolicyValue(game.observation_tensor_size(), game.num_distinct_actions())
    optimizer = torch.optim.Adam(net.parameters(), lr=2e-3)

    def policy(state):
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(np.asarray(state.observation_tensor())))
        mask = torch.from_numpy(state.legal_actions_mask()).bool()
        return int(torch.where(mask, logits, torch.tensor(-1e9)).argmax())

    curve = []
    baseline = lud64.accuracy(policy, game, tb=args.tb, positions=args.judge, seed=args.seed)
    curve.append((0, float("nan"), baseline["accuracy"]))
    print(f"epoch 0: accuracy {baseline['accuracy']:.3f}")
    for epoch in range(1, args.epochs + 1):
        order = torch.randperm(len(x))
        total = 0.0
        for batch in order.split(256):
            logits, value = net(x[batch])
            loss = (-(policy_target[batch] * torch.log_softmax(logits, -1)).sum(-1).mean()
                    + torch.nn.functional.mse_loss(value, value_target[batch]))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += float(loss) * len(batch)
        judged = lud64.accuracy(policy, game, tb=args.tb, positions=args.judge, seed=args.seed)
        curve.append((epoch, total / len(x), judged["accuracy"]))
        print(f"epoch {epoch}: loss {total / len(x):.4f}  accuracy {judged['accuracy']:.3f} "
              f"({judged['lost']} of {judged['decisions']} critical decisions lost)  "
              f"{time.time() - start:.0f} s")
        if time.time() - start > args.minutes * 60:
            break
    epochs, losses, accuracies = zip(*curve)
    figure, left = plt.subplots(figsize=(6, 4))
    left.plot(epochs, losses, "b-", label="training loss")
    left.set_xlabel("epoch")
    left.set_ylabel("loss")
    right = left.twinx()
    right.plot(epochs, accuracies, "r-o", label="accuracy vs perfect play")
    right.set_ylabel("accuracy on critical positions")
    figure.suptitle(f"{game}: policy-value net taught by the tables")
    figure.tight_layout()
    figure.savefig(args.plot)
    print(f"final accuracy {accuracies[-1]:.3f} (random-init {accuracies[0]:.3f}); "
          f"plot {args.plot}; {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
