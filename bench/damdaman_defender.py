#!/usr/bin/env python3
"""A defensive Damdaman engine speaking UGI, written to measure how well
lud64's alpha-beta converts an advantage (bench/README.md, "Damdaman
conversion"). It never attacks: it plays the decision after which the
opponent has the fewest capturing replies (and, among those, captures the
most itself only when that is also safe), and otherwise steps back to where a
piece came from, shuffling. It implements the rules of boards/damdaman/RULES.md
(custodial and corner captures); lud64 judges every decision it makes. A
`position` that extends the previous one is played on from it, so a game of
2500 plies costs linear, not quadratic, time.

    lud64 match --game=damdaman --p1=alphabeta:nodes=30000 \\
        "--p2=ugi:cmd=python3 bench/damdaman_defender.py" --games=10
"""
import sys

N = 7
CORNERS = {0, 6, 42, 48}


def neighbours(s):
    r, c = divmod(s, N)
    out = []
    if r + 1 < N: out.append((s + N, s + 2 * N if r + 2 < N else None))
    if r - 1 >= 0: out.append((s - N, s - 2 * N if r - 2 >= 0 else None))
    if c + 1 < N: out.append((s + 1, s + 2 if c + 2 < N else None))
    if c - 1 >= 0: out.append((s - 1, s - 2 if c - 2 >= 0 else None))
    return out


NEXT = [neighbours(s) for s in range(N * N)]
ADJ = [[a for a, _ in NEXT[s]] for s in range(N * N)]


def name(s):
    return "ABCDEFG"[s % N] + str(s // N + 1)


def parse_site(t):
    return (int(t[1:]) - 1) * N + "abcdefg".index(t[0].lower())


def steps(own, other):
    empty = [s for s in range(N * N) if s not in own and s not in other]
    return [(f, t) for t in empty for f in ADJ[t] if f in own]


def captures(t, own, other):
    taken = set()
    for a, b in NEXT[t]:
        if a in other and b is not None and b in own:
            taken.add(a)
    for a in ADJ[t]:
        if a in CORNERS and a in other and all(n == t or n in own for n in ADJ[a]):
            taken.add(a)
    return taken


def play(board, mover, f, t):
    own, other = set(board[mover]), set(board[1 - mover])
    own.discard(f)
    own.add(t)
    other -= captures(t, own, other)
    out = [None, None]
    out[mover], out[1 - mover] = own, other
    return out


def threats(board, mover):
    own, other = board[mover], board[1 - mover]
    n = 0
    for f, t in steps(own, other):
        after = (own - {f}) | {t}
        n += len(captures(t, after, other))
    return n


class Game:
    def __init__(self):
        self.start()

    def start(self):
        self.board = [set(range(24)), set(range(25, 49))]
        self.mover = 0
        self.last = [None, None]  # each side's last step, to step back

    def fen(self, text):
        rows = text.split()[0].split("/")
        self.board = [set(), set()]
        for i, row in enumerate(rows):
            for c, ch in enumerate(row):
                s = (N - 1 - i) * N + c
                if ch == "x": self.board[0].add(s)
                if ch == "o": self.board[1].add(s)
        self.mover = 0 if text.split()[1] == "x" else 1
        self.last = [None, None]

    def apply(self, move):
        if move != "pass":
            f, t = (parse_site(x) for x in move.split("-"))
            self.board = play(self.board, self.mover, f, t)
            self.last[self.mover] = (f, t)
        self.mover = 1 - self.mover

    def choose(self):
        me = self.mover
        own, other = self.board[me], self.board[1 - me]
        options = steps(own, other)
        if not options:
            return "pass"
        back = self.last[me]

        def rank(step):
            f, t = step
            after = play(self.board, me, f, t)
            lost_now = len(self.board[1 - me]) - len(after[1 - me])
            danger = threats(after, 1 - me)
            shuffle = back is not None and (t, f) == back
            return (danger, -lost_now, not shuffle, f, t)

        f, t = min(options, key=rank)
        return name(f) + "-" + name(t)


def main():
    game = Game()
    last_start, last_played = None, []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "ugi":
            print("id name damdaman-defender\nid author lud64 bench\nugiok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "uginewgame":
            game.start()
            last_start, last_played = None, []
        elif words[0] == "position":
            moves = words.index("moves") if "moves" in words else len(words)
            start, played = words[:moves], words[moves + 1:]
            # A match sends the whole game before each decision: replay only
            # the decisions beyond those of the previous `position`.
            if start != last_start or played[:len(last_played)] != last_played:
                if words[1] == "startpos":
                    game.start()
                else:
                    game.fen(" ".join(words[2:moves]))
                last_start, last_played = start, []
            for m in played[len(last_played):]:
                game.apply(m)
            last_played = played
        elif words[0] == "go":
            print("bestmove " + game.choose(), flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
