"""Mixed traffic for scripts/soak: create, preview, invocation, redeem (by
token, code and handoff), replay, revoke, list, batch and invalid input,
from several threads on keep-alive connections, for a fixed time.

Each request has the statuses it may get; anything else (and any 5xx or
transport error) counts as unexpected. Every few seconds the counts are
written as JSON to --stats so the soak script can show them beside its
samples. Exits 1 when anything unexpected was seen.
"""
import argparse
import http.client
import json
import os
import random
import threading
import time
import urllib.parse


class Client:
    """One keep-alive connection with the admin key."""

    def __init__(self, base, key):
        url = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        self.key = key

    def call(self, method, path, body=None, raw=None, auth=True):
        headers = {}
        if auth:
            headers["Authorization"] = "Bearer " + self.key
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        if data is not None:
            headers["Content-Type"] = "application/json"
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            return 0, {}
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        try:
            parsed = json.loads(payload) if payload[:1] in (b"{", b"[") else {}
        except ValueError:
            parsed = {}
        return response.status, parsed


class Tally:
    """Counts per operation and status, shared by the threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.unexpected = {}
        self.total = 0

    def record(self, operation, status, allowed):
        key = f"{operation} {status}"
        with self.lock:
            self.total += 1
            self.counts[key] = self.counts.get(key, 0) + 1
            if status not in allowed:
                self.unexpected[key] = self.unexpected.get(key, 0) + 1

    def snapshot(self):
        with self.lock:
            return {"requests": self.total, "unexpected": dict(self.unexpected), "counts": dict(self.counts)}


def expect(tally, operation, allowed, answer):
    tally.record(operation, answer[0], allowed)
    return answer[1] if answer[0] in allowed else None


def one_round(client, tally, rng, serial):
    family = f"soak-{rng.randrange(50)}"
    uses = rng.choice([1, 1, 1, 2])
    created = expect(tally, "create", {201}, client.call("POST", "/v1/invites", {
        "family_id": family, "family_name": "The Soak family", "inviter_name": "Soak",
        "max_redemptions": uses, "ttl_seconds": rng.choice([5, 3600, 86400]),
    }))
    if not created:
        return
    token, code, invite_id = created["token"], created["code"], created["id"]
    preview = expect(tally, "preview", {200, 410}, client.call("GET", f"/v1/invites/{token}/preview", auth=False))
    if rng.random() < 0.3:
        expect(tally, "invocation", {200, 410}, client.call("POST", "/v1/invocations", {"url": created["link"]}, auth=False))
    if rng.random() < 0.2:
        expect(tally, "revoke", {200}, client.call("POST", f"/v1/invites/{invite_id}/revoke"))
        expect(tally, "redeem revoked", {410}, client.call("POST", "/v1/redemptions", {"token": token, "redeemer_id": f"r-{serial}"}))
        return
    redeemer = f"r-{serial}"
    if preview and rng.random() < 0.4:
        body = {"handoff": preview["handoff"], "redeemer_id": redeemer, "channel": "app"}
    elif rng.random() < 0.5:
        body = {"code": code, "redeemer_id": redeemer, "channel": "backend"}
    else:
        body = {"token": token, "redeemer_id": redeemer}
    expect(tally, "redeem", {201, 410}, client.call("POST", "/v1/redemptions", body))
    expect(tally, "redeem replay", {200, 410}, client.call("POST", "/v1/redemptions", body))
    if uses == 1:
        expect(tally, "redeem used up", {409, 410}, client.call("POST", "/v1/redemptions", {"token": token, "redeemer_id": redeemer + "-late"}))
    expect(tally, "show", {200}, client.call("GET", f"/v1/invites/{invite_id}"))


def invalid_input(client, tally, rng):
    choice = rng.randrange(8)
    if choice == 0:
        expect(tally, "bad code", {400, 404}, client.call("GET", "/v1/invites/ABCDE-FGHJK/preview", auth=False))
    elif choice == 1:
        expect(tally, "bad json", {400}, client.call("POST", "/v1/invites", raw=b'{"family_id": '))
    elif choice == 2:
        expect(tally, "bad handoff", {422}, client.call("POST", "/v1/redemptions", {"handoff": "x" * rng.randrange(1, 2000), "redeemer_id": "u"}))
    elif choice == 3:
        expect(tally, "bad invocation", {422}, client.call("POST", "/v1/invocations", {"url": "https://evil.example/invite/\u202e" + "A" * 26}, auth=False))
    elif choice == 4:
        expect(tally, "unknown invite", {404}, client.call("GET", "/v1/invites/00000000-0000-4000-8000-000000000000"))
    elif choice == 5:
        expect(tally, "too large", {413}, client.call("POST", "/v1/invites", raw=b"{" + b" " * 20000 + b"}"))
    elif choice == 6:
        expect(tally, "no key", {401}, client.call("GET", "/v1/invites", auth=False))
    else:
        expect(tally, "bad field", {422}, client.call("POST", "/v1/invites", {"family_id": "", "family_name": "x"}))


def background(client, tally, rng):
    if rng.random() < 0.5:
        expect(tally, "list", {200}, client.call("GET", f"/v1/invites?limit={rng.randrange(1, 50)}"))
    else:
        batch = [{"family_id": "soak-batch", "family_name": "Batch"} for _ in range(rng.randrange(1, 20))]
        expect(tally, "batch", {201}, client.call("POST", "/v1/invites/batch", {"invites": batch}))
    expect(tally, "readyz", {200}, client.call("GET", "/readyz", auth=False))


def run(base, key, seconds, threads, stats_path):
    tally = Tally()
    deadline = time.monotonic() + seconds
    serial = [0]
    serial_lock = threading.Lock()

    def loop(number):
        rng = random.Random(number)
        client = Client(base, key)
        while time.monotonic() < deadline:
            with serial_lock:
                serial[0] += 1
                current = serial[0]
            one_round(client, tally, rng, current)
            invalid_input(client, tally, rng)
            if current % 10 == 0:
                background(client, tally, rng)

    workers = [threading.Thread(target=loop, args=(n,), daemon=True) for n in range(threads)]
    for worker in workers:
        worker.start()
    while any(worker.is_alive() for worker in workers):
        time.sleep(2)
        with open(stats_path + ".tmp", "w") as out:
            json.dump(tally.snapshot(), out)
        os.replace(stats_path + ".tmp", stats_path)
    return tally.snapshot()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--stats", required=True)
    arguments = parser.parse_args()
    final = run(arguments.url, arguments.key, arguments.seconds, arguments.threads, arguments.stats)
    print(json.dumps({"requests": final["requests"], "unexpected": final["unexpected"]}))
    raise SystemExit(1 if final["unexpected"] else 0)


if __name__ == "__main__":
    main()
