#!/usr/bin/env python3
"""Runs a UGI engine without the game history, to measure what the history
is worth (bench/README.md, "Damdaman conversion"): the engine is told only
the current position, as a bridge calling `lud64 bestmove --position=...`
for each decision.

Every line goes to the engine unchanged, except `position ... moves ...`:
the proxy sends it, asks the engine for the position it reached (`query
position`, a lud64 extension) and sends `position fen <that position>`
instead, so the turn counter stays right and the repetition rule has no
history to work with. Everything the engine writes is passed on, except the
answers to the proxy's own queries.

    lud64 match --game=damdaman \\
        "--p1=ugi:cmd=python3 bench/ugi_without_history.py lud64 ugi" ...
"""
import queue
import subprocess
import sys
import threading


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: ugi_without_history.py ENGINE [ARGUMENT...]")
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    own_answers = queue.Queue()
    pending = threading.Semaphore(0)  # answers the proxy still waits for

    def pass_on():
        for line in engine.stdout:
            if line.startswith("response") and pending.acquire(blocking=False):
                own_answers.put(line.split(None, 1)[1].strip() if " " in line.strip() else "")
                continue
            sys.stdout.write(line)
            sys.stdout.flush()
        own_answers.put(None)

    reader = threading.Thread(target=pass_on, daemon=True)
    reader.start()

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    for line in sys.stdin:
        words = line.split()
        send(line.rstrip("\n"))
        if words and words[0] == "position" and "moves" in words:
            pending.release()
            send("query position")
            current = own_answers.get()
            if current is None:
                break
            # After a rejected position this is the one the engine kept.
            send("position fen " + current)
        if words and words[0] == "quit":
            break
    try:
        send("quit")
    except BrokenPipeError:
        pass
    engine.wait()


if __name__ == "__main__":
    main()
