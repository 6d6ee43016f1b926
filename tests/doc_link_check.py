#!/usr/bin/env python3
"""The documentation link check: every relative link of every Markdown file
([text](path), [text](path#anchor), [text](#anchor), images too) names a file
or folder of the repository, and an anchor names a heading of its Markdown
file (GitHub's anchors: lower case, punctuation dropped, spaces to dashes, a
repeated heading numbered). Links with a scheme (https:, mailto:) and links
inside fenced code blocks are not checked. Prints each broken link as
file:line and exits 1.

usage: doc_link_check.py [SOURCE_DIR]    (default: the repository holding this file)
"""
import os
import re
import sys

from repository_check import run

SKIPPED_DIRS = {"build", "node_modules"}
# The link text may run over lines; the target is one word.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def markdown_files(root):
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/")


def prose_lines(text):
    """The file's lines with those of fenced code blocks blanked, so that line
    numbers still count from the top."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    return lines


def slug(heading):
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text):
    found, seen = set(), {}
    for line in prose_lines(text):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def check(root):
    errors = []
    anchor_cache = {}

    def anchors_of(path):
        if path not in anchor_cache:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                anchor_cache[path] = anchors(f.read())
        return anchor_cache[path]

    for path in markdown_files(root):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = "\n".join(prose_lines(f.read()))
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
                continue  # https:, mailto:, ...
            number = text.count("\n", 0, m.start(1)) + 1
            where = f"{path}:{number}: ({target})"
            file_part, _, anchor = target.partition("#")
            if not file_part:
                linked = path
            elif file_part.startswith("/"):
                linked = os.path.normpath(file_part.lstrip("/"))
            else:
                linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            linked = linked.replace(os.sep, "/")
            if linked.startswith("../") or not os.path.exists(os.path.join(root, linked)):
                errors.append(f"{where}: no such file or folder in the repository ({linked})")
            elif anchor and linked.endswith(".md") and anchor not in anchors_of(linked):
                errors.append(f"{where}: {linked} has no heading with the anchor #{anchor}")
    return errors


def main():
    return run(check, lambda count: f"{count} broken link(s) in the Markdown files",
               "doc links: every relative link of every Markdown file resolves")


if __name__ == "__main__":
    sys.exit(main())
