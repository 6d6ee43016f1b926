#!/usr/bin/env python3
"""The layer check (LAYERS.md): every #include "..." of every C++ source file
against the layers, bottom up. A file may include its own layer and the
layers below it; a front-end never includes another front-end's headers,
nor search/ or tablebase/ (front-ends go through play/), except the pairs in
KNOWN_EXCEPTIONS. Prints each offending include as file:line and exits 1.

usage: layer_check.py [SOURCE_DIR]    (default: the repository holding this file)
"""
import os
import re
import sys

from repository_check import run

# The layers, bottom up: (name, folders). A folder's files belong to the
# layer of the longest folder that contains them. Within a layer, the
# folders of SUBLAYERS are ordered too, bottom up.
LAYERS = [
    ("engine", ["engine/"]),
    ("boards", ["boards/"]),
    ("network", ["network/"]),
    ("search", ["search/"]),
    ("tablebase", ["tablebase/"]),
    ("play", ["play/"]),
    ("front-end support", ["tools/common/"]),
    ("front-ends", ["tools/lud64/", "tools/lud64_mpi/", "tools/tb_bench/", "tools/train/",
                    "python/"]),
    # Tests, benchmarks and fuzzers may include anything; nothing includes them.
    ("tests", ["tests/", "bench/", "fuzz/"]),
]

# Sub-layers, bottom up; "tablebase/" alone is that folder's own files (the
# vocabulary the sub-layers above share: slice.h, tb_game.h, ...).
SUBLAYERS = {
    "network": ["network/", "network/games/"],
    "tablebase": ["tablebase/index/", "tablebase/", "tablebase/format/", "tablebase/probe/",
                  "tablebase/solve/", "tablebase/distributed/", "tablebase/operations/",
                  "tablebase/games/"],
}

# Each front-end is its own world: none includes another's headers.
FRONT_ENDS = dict(LAYERS)["front-ends"]

# Front-ends reach the engines through play/, not these.
FRONT_END_FORBIDDEN = ["search/", "tablebase/"]

# The known exceptions: front-end files that still include search/ or
# tablebase/ directly, each with what it includes and why; remove an entry
# when its include goes (the check fails on an entry no longer needed).
KNOWN_EXCEPTIONS = {
    # lud64-mpi is the distributed builder's own program: its plan and MPI
    # executor are tablebase/distributed/'s, and play/ would have to link MPI.
    "tools/lud64_mpi/main.cc": [
        "tablebase/distributed/mpi_builder.h", "tablebase/games/game_tablebases.h"],
}

SOURCE_SUFFIXES = (".h", ".cc")
SKIPPED_DIRS = {"build", ".git"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def unit_of(path):
    """(layer index, sub-layer index, folder) of a repository path, or None."""
    best = None
    for rank, (_, folders) in enumerate(LAYERS):
        for folder in folders:
            if path.startswith(folder) and (best is None or len(folder) > len(best[2])):
                best = (rank, 0, folder)
    if best is None:
        return None
    name = LAYERS[best[0]][0]
    if name in SUBLAYERS:
        subs = SUBLAYERS[name]
        sub = max((f for f in subs if path.startswith(f)), key=len)
        best = (best[0], subs.index(sub), sub)
    return best


def front_end_of(path):
    matches = [f for f in FRONT_ENDS if path.startswith(f)]
    return max(matches, key=len) if matches else None


def source_files(root):
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/")


def check(root):
    errors = []
    used_exceptions = set()
    top_dirs = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))}
    for path in source_files(root):
        here = unit_of(path)
        with open(os.path.join(root, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            if target.split("/")[0] not in top_dirs:
                continue  # a library's header or a generated one (build tree)
            where = f"{path}:{number}: #include \"{target}\""
            if not os.path.isfile(os.path.join(root, target)):
                errors.append(f"{where}: no such file in the repository")
                continue
            there = unit_of(target)
            if there is None:
                errors.append(f"{where}: {target} is in no layer (LAYERS in {__file__})")
                continue
            if here is None:
                errors.append(f"{where}: {path} is in no layer (LAYERS in {__file__})")
                continue
            if LAYERS[there[0]][0] == "tests" and LAYERS[here[0]][0] != "tests":
                errors.append(f"{where}: nothing outside tests/, bench/ and fuzz/ includes them")
            elif there[:2] > here[:2]:
                errors.append(f"{where}: {here[2]} ({LAYERS[here[0]][0]}) may not include "
                              f"{there[2]} ({LAYERS[there[0]][0]}), a layer above it")
            elif front_end_of(path) is not None:
                mine, theirs = front_end_of(path), front_end_of(target)
                if theirs is not None and theirs != mine:
                    errors.append(f"{where}: a front-end ({mine}) includes another's ({theirs})")
                elif any(target.startswith(f) for f in FRONT_END_FORBIDDEN):
                    if target in KNOWN_EXCEPTIONS.get(path, []):
                        used_exceptions.add((path, target))
                    else:
                        errors.append(f"{where}: a front-end reaches search/ and tablebase/ "
                                      f"through play/")
    for path, targets in sorted(KNOWN_EXCEPTIONS.items()):
        for target in targets:
            if (path, target) not in used_exceptions:
                errors.append(f"{path}: KNOWN_EXCEPTIONS lists #include \"{target}\", which it "
                              f"no longer has: remove the entry")
    return errors


def main():
    return run(check, lambda count: f"{count} include(s) against the layers (LAYERS.md)",
               "layers: every include follows LAYERS.md")


if __name__ == "__main__":
    sys.exit(main())
