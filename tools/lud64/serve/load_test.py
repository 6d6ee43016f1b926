#!/usr/bin/env python3
"""A bounded load test of `lud64 serve` (README.md here): starts the server on
a free loopback port, sends N mixed requests from a few client threads (games,
positions along random games, illegal decisions, page files, unknown paths,
'..', bodies over the limit, engine decisions and short analyses), checks
every answer, and reports the answers' latencies and the server's memory
(RSS) after a warm-up and at the end. Talks to 127.0.0.1 only.

usage: load_test.py LUD64 [--requests=2000] [--clients=4] [--tb=DIR]
exits 1 on a wrong answer or when the memory grew by more than 10%.
"""
import argparse
import http.client
import json
import random
import subprocess
import sys
import threading
import time

GAMES = ["davxar", "davxar:pieces=3", "davxar:pieces=6,lines=ludii", "damdaman", "guettal"]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Client:
    def __init__(self, port, rng):
        self.port = port
        self.rng = rng
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.games = {}  # game: the moves of a random game so far

    def send(self, method, path, body=None):
        data = None if body is None else (body if isinstance(body, str) else json.dumps(body))
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data,
                                  headers={"Content-Type": "application/json"})
                response = self.conn.getresponse()
                return response.status, response.getheader("Content-Type", ""), response.read()
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def error(self, status, body, want):
        assert status == want, (status, want, body[:300])
        answer = json.loads(body)
        assert b"\n" not in body and isinstance(answer["error"], str) and answer["error"], body

    def one(self):
        """One request of a random kind; returns its kind."""
        kind = self.rng.choice(["position"] * 6 + ["illegal", "games", "page", "unknown", "dotdot",
                                                   "big", "move", "analyse", "probe", "bad_json"])
        game = self.rng.choice(GAMES)
        if kind == "position":
            moves = self.games.setdefault(game, [])
            status, _, body = self.send("POST", "/api/position", {"game": game, "moves": moves})
            assert status == 200, body[:300]
            board = json.loads(body)
            assert board["moves"] == moves and board["svg"].startswith("<svg"), board["moves"]
            if board["over"] or len(moves) > 60:
                self.games[game] = []
            else:
                moves.append(self.rng.choice(board["legal"])["text"])
        elif kind == "illegal":
            status, _, body = self.send("POST", "/api/position", {"game": game, "moves": "pass pass A1"})
            assert status == 400 and b"ply" in body, body[:300]
            self.error(status, body, 400)
        elif kind == "games":
            status, _, body = self.send("GET", "/api/games")
            assert status == 200 and len(json.loads(body)["games"]) == 3
        elif kind == "page":
            path = self.rng.choice(["/", "/main.js", "/board.js", "/style.css"])
            status, content_type, body = self.send("GET", path)
            assert status == 200 and len(body) > 100 and content_type.startswith("text/"), path
        elif kind == "unknown":
            status, _, body = self.send("GET", "/api/nothing")
            self.error(status, body, 404)
        elif kind == "dotdot":
            status, _, body = self.send("GET", "/../../etc/passwd")
            self.error(status, body, 400)
        elif kind == "big":
            status, _, body = self.send("POST", "/api/position", " " * 70000)
            self.error(status, body, 413)
        elif kind == "bad_json":
            status, _, body = self.send("POST", "/api/move", "{\"game\": [")
            self.error(status, body, 400)
        elif kind == "move":
            status, _, body = self.send("POST", "/api/move", {"game": "davxar", "seconds": 0.02})
            if status == 503:
                self.error(status, body, 503)
                return "move 503"
            assert status == 200 and json.loads(body)["decision"]["text"], body[:300]
        elif kind == "analyse":
            status, content_type, body = self.send(
                "POST", "/api/analyse", {"game": "davxar:pieces=6", "seconds": 0.05, "multipv": 2})
            if status == 503:
                self.error(status, body, 503)
                return "analyse 503"
            assert status == 200 and content_type == "text/event-stream", body[:300]
            assert body.startswith(b"event: start") and b"event: best\ndata: " in body, body[-300:]
        elif kind == "probe":
            status, _, body = self.send("POST", "/api/probe", {"game": "davxar:pieces=3"})
            if status == 400:
                self.error(status, body, 400)
            else:
                assert status == 200 and "held" in json.loads(body), body[:300]
        return kind


def run(port, count, clients, seed, latencies, kinds, failures):
    def work(index):
        client = Client(port, random.Random(seed * 100 + index))
        for _ in range(count // clients):
            started = time.perf_counter()
            try:
                kind = client.one()
            except AssertionError as error:
                failures.append(repr(error))
                continue
            latencies.setdefault(kind, []).append(time.perf_counter() - started)
            kinds[kind] = kinds.get(kind, 0) + 1
    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lud64")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--tb")
    args = parser.parse_args()
    command = [args.lud64, "serve", "--port=0", "--threads=2"] + ([f"--tb={args.tb}"] if args.tb else [])
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        failures = []
        warm_latencies, warm_kinds = {}, {}
        run(port, max(200, args.requests // 10), args.clients, 1, warm_latencies, warm_kinds, failures)
        rss_warm = rss_kib(server.pid)
        latencies, kinds = {}, {}
        started = time.perf_counter()
        run(port, args.requests, args.clients, 2, latencies, kinds, failures)
        seconds = time.perf_counter() - started
        rss_end = rss_kib(server.pid)
        total = sum(kinds.values())
        print(f"{total} requests in {seconds:.1f} s ({total / seconds:.0f}/s), {args.clients} clients, "
              f"{len(failures)} wrong answers")
        for kind in sorted(latencies):
            values = sorted(latencies[kind])
            p50 = values[len(values) // 2] * 1000
            p99 = values[min(len(values) - 1, int(len(values) * 0.99))] * 1000
            print(f"  {kind:11s} {len(values):5d}  p50 {p50:7.1f} ms  p99 {p99:7.1f} ms")
        print(f"server RSS: {rss_warm / 1024:.1f} MiB after the warm-up, {rss_end / 1024:.1f} MiB at the end")
        for failure in failures[:10]:
            print("wrong:", failure, file=sys.stderr)
        grew = rss_end > rss_warm * 1.10
        if grew:
            print("memory grew by more than 10%", file=sys.stderr)
        return 1 if failures or grew else 0
    finally:
        server.send_signal(2)
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
