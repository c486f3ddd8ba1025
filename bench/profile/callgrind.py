#!/usr/bin/env python3
"""Counts the instructions a Baton server runs per request, with callgrind.

Starts `baton dev --no-worker` under `valgrind --tool=callgrind
--instr-atstart=no` (the embedded PostgreSQL runs outside valgrind), makes
invites through `POST /v1/invites/batch`, sends WARM requests of the chosen
kind on one keep-alive connection, switches instrumentation on and zeroes
the counters, sends COUNT more, dumps, and prints the whole process's
instructions per request. The request path's counts do not depend on the
machine's load; background threads' grow with the run's wall-clock time.

Usage: bench/profile/callgrind.py BATON_BINARY KIND [COUNT] [WARM]
       KIND is redeem, preview or healthz; COUNT defaults to 400, WARM to 100.
The requests' dump is left in callgrind.out.KIND.requests for `callgrind_annotate --inclusive=yes`.
"""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# Set CALLGRIND_PORT to profile several kinds at once.
PORT = int(os.environ.get("CALLGRIND_PORT", "18380"))


def wait_for_health(server, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server exited; see its log in the data directory")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(1)
    raise SystemExit("the server did not become healthy")


def main():
    binary, kind = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    warm = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    # Under /var/tmp and searchable: the embedded server runs as the postgres user.
    data = tempfile.mkdtemp(prefix="baton-callgrind-", dir="/var/tmp")
    os.chmod(data, 0o755)
    out = os.path.abspath(f"callgrind.out.{kind}")
    for stale in [f for f in os.listdir(".") if f.startswith(os.path.basename(out))]:
        os.remove(stale)
    env = dict(os.environ, BATON_RATE_LIMITS="key=100000000/min,token=100000000/min",
               BATON_HTTP_THREADS="4", BATON_DB_POOL_SIZE="4")
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
         binary, "dev", "--data-dir", data, "--listen", f"127.0.0.1:{PORT}", "--no-worker"],
        env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(data, "server.log"), "w"))
    try:
        wait_for_health(server, 600)
        key = open(os.path.join(data, "admin.key")).read().strip()
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
        tokens = []
        while len(tokens) < count + warm:
            body = json.dumps({"invites": [{"family_id": "bench", "family_name": "The Bench family",
                                            "inviter_name": "Ada"}] * 500})
            connection.request("POST", "/v1/invites/batch", body,
                               {"Content-Type": "application/json", "Authorization": "Bearer " + key})
            answer = json.loads(connection.getresponse().read())
            tokens += [invite["token"] for invite in answer["invites"]]

        def send(token):
            if kind == "redeem":
                body = '{"token":"%s","redeemer_id":"bench","channel":"app"}' % token
                connection.request("POST", "/v1/redemptions", body,
                                   {"Content-Type": "application/json", "Authorization": "Bearer " + key})
            elif kind == "preview":
                connection.request("GET", f"/v1/invites/{token}/preview")
            else:
                connection.request("GET", "/healthz")
            answer = connection.getresponse()
            answer.read()
            if answer.status not in (200, 201):
                raise SystemExit(f"{kind} answered {answer.status}")

        for token in tokens[:warm]:
            send(token)
        pid = str(server.pid)
        subprocess.run(["callgrind_control", "-i", "on", pid], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["callgrind_control", "-z", pid], check=True, stdout=subprocess.DEVNULL)
        for token in tokens[warm:warm + count]:
            send(token)
        time.sleep(0.5)
        subprocess.run(["callgrind_control", "-d", pid], check=True, stdout=subprocess.DEVNULL)
        time.sleep(2)
        # The dump is the newest numbered file; keep it where the dump valgrind
        # writes when the server exits will not overwrite it.
        directory, base = os.path.split(out)
        dump = max((f for f in os.listdir(directory) if re.fullmatch(re.escape(base) + r"\.\d+", f)),
                   key=lambda f: os.path.getmtime(os.path.join(directory, f)))
        os.replace(os.path.join(directory, dump), out + ".requests")
        text = open(out + ".requests").read()
        total = int((re.search(r"^summary: (\d+)", text, re.M) or re.search(r"^totals: (\d+)", text, re.M)).group(1))
        print(f"{kind}: {total:,} instructions for {count} requests, {total // count:,} per request")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()


main()
