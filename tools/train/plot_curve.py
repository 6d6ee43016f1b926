#!/usr/bin/env python3
"""Draws a learning curve written by `lud64-train fit --curve=CSV` as an SVG.

usage: plot_curve.py CURVE.csv OUT.svg [TITLE]

Two panels against training time: the training and validation losses (cross-
entropy; for a fit on generate's files also the validation loss against the
held-out games' results), and the validation agreement (the share of positions whose predicted
result falls in the target's third: loss, draw, win). Standard library only.
"""
import csv
import sys

WIDTH, HEIGHT, MARGIN = 720, 300, 60


def panel(rows, series, top, label, colours):
    xs = [float(r["seconds"]) for r in rows]
    values = [float(r[s]) for r in rows for s in series]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        high = low + 1
    x_max = max(xs) or 1

    def point(x, y):
        px = MARGIN + (WIDTH - 2 * MARGIN) * x / x_max
        py = top + HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * (y - low) / (high - low)
        return f"{px:.1f},{py:.1f}"

    out = [f'<rect x="{MARGIN}" y="{top + MARGIN}" width="{WIDTH - 2 * MARGIN}" '
           f'height="{HEIGHT - 2 * MARGIN}" fill="none" stroke="#888"/>',
           f'<text x="{MARGIN}" y="{top + MARGIN - 10}" font-size="14">{label}</text>']
    for i in range(5):
        y = low + (high - low) * i / 4
        py = top + HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * i / 4
        out.append(f'<text x="{MARGIN - 8}" y="{py + 4:.1f}" font-size="11" '
                   f'text-anchor="end">{y:.3f}</text>')
        x = x_max * i / 4
        px = MARGIN + (WIDTH - 2 * MARGIN) * i / 4
        out.append(f'<text x="{px:.1f}" y="{top + HEIGHT - MARGIN + 16}" font-size="11" '
                   f'text-anchor="middle">{x:.0f} s</text>')
    for n, (s, colour) in enumerate(zip(series, colours)):
        points = " ".join(point(x, float(r[s])) for x, r in zip(xs, rows))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - MARGIN}" y="{top + MARGIN + 16 + 16 * n}" font-size="12" '
                   f'text-anchor="end" fill="{colour}">{s.replace("_", " ")}</text>')
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: plot_curve.py CURVE.csv OUT.svg [TITLE]")
    with open(sys.argv[1], newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) < 2:
        sys.exit(f"{sys.argv[1]}: fewer than two points")
    title = sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{2 * HEIGHT + 30}" '
             f'font-family="sans-serif">',
             f'<rect width="100%" height="100%" fill="white"/>',
             f'<text x="{WIDTH / 2}" y="20" font-size="15" text-anchor="middle">{title}</text>']
    losses = ["training_loss", "validation_loss"]
    # Fits on generate's files also measure the held-out games' results.
    if all(r.get("validation_result_loss") for r in rows):
        losses.append("validation_result_loss")
    parts += panel(rows, losses, 30, "loss (cross-entropy)", ["#1f77b4", "#d62728", "#9467bd"])
    parts += panel(rows, ["validation_agreement"], 30 + HEIGHT, "validation agreement",
                   ["#2ca02c"])
    parts.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
