#!/usr/bin/env python3
"""How far the compressed table format is from simple entropy bounds
(tablebase/README.md, "Compressed files"): for each slice file of a format-1
directory (`lud64 tb build --nocompress`), the entropy of its results and of
the distances of its won and lost positions, each taken over that stream's
own positions, beside the bytes its format-2 counterpart spends on them.

    lud64 tb build --game=davxar:pieces=4 --threads=2 --tb=/tmp/f2
    lud64 tb build --game=davxar:pieces=4 --threads=2 --tb=/tmp/f1 --nocompress
    python3 bench/tb_stream_entropy.py /tmp/f1 /tmp/f2

Entropies in bits: H0 of the values, H0 of the differences between
successive values, and H1 (given the previous value). Holes of the index
count as draws here, a little in the results' favour. Needs numpy.
"""
import glob
import os
import struct
import sys

import numpy as np

HEADER = 128
LAYOUT = struct.Struct("<5Q4I")  # StreamLayout (tablebase/format/compressed_slice.h)


def entropy(values):
    if len(values) == 0:
        return 0.0
    _, counts = np.unique(values, return_counts=True)
    p = counts / counts.sum()
    return float(-(p * np.log2(p)).sum())


def conditional_entropy(values, context):
    key = context.astype(np.int64) * 1_000_003 + values
    return entropy(key) - entropy(context)


def stream_bytes(path):
    """Bytes of blocks and counts of the results, wins and losses streams."""
    with open(path, "rb") as f:
        data = f.read(HEADER + 3 * LAYOUT.size)
    return [LAYOUT.unpack_from(data, HEADER + i * LAYOUT.size)[4] * 66 for i in range(3)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    flat_dir, compressed_dir = sys.argv[1], sys.argv[2]
    totals = {"results": [0.0, 0], "wins": [0.0, 0], "losses": [0.0, 0]}
    print(f"{'slice':34} {'stream':7} {'count':>11} {'H0':>6} {'Hdiff':>6} {'H1':>6} {'ours':>6}")
    for path in sorted(glob.glob(os.path.join(flat_dir, "*.lud64tb"))):
        name = os.path.basename(path)
        with open(path, "rb") as f:
            header = f.read(HEADER)
        version, entry_bytes = struct.unpack_from("<II", header, 8)
        if version != 1:
            sys.exit(f"{path}: format {version}; give a directory built with --nocompress")
        dtype = np.uint16 if entry_bytes == 2 else np.uint8
        values = np.fromfile(path, dtype=dtype, offset=HEADER).astype(np.int64)
        ours = stream_bytes(os.path.join(compressed_dir, name))
        streams = {
            "results": np.where(values == 0, 0, np.where(values & 1, 1, 2)),
            "wins": (values[(values & 1) == 1] + 1) // 2,
            "losses": (values[(values > 0) & ((values & 1) == 0)] + 1) // 2,
        }
        for i, (stream, v) in enumerate(streams.items()):
            if len(v) < 2:
                continue
            h0, hdiff = entropy(v), entropy(np.diff(v))
            h1 = conditional_entropy(v[1:], v[:-1])
            bits = ours[i] * 8 / len(v)
            totals[stream][0] += min(h1, hdiff) * len(v) / 8
            totals[stream][1] += ours[i]
            print(f"{name:34} {stream:7} {len(v):11} {h0:6.3f} {hdiff:6.3f} {h1:6.3f} {bits:6.3f}")
    for stream, (bound, ours) in totals.items():
        print(f"total {stream}: min(H1, Hdiff) {bound / 1e6:.1f} MB, ours {ours / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
