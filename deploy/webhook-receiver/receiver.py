"""Example receiver of Baton webhooks: checks Baton-Signature, applies each event once.

Baton-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>
Run: BATON_WEBHOOK_SECRET=... python3 receiver.py
(or BATON_WEBHOOK_SECRET_FILE=<path>, as Baton reads it: one trailing newline dropped)
(listens on RECEIVER_ADDRESS:RECEIVER_PORT, default 127.0.0.1:9000)
"""
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def read_secret():
    if os.environ.get("BATON_WEBHOOK_SECRET_FILE"):
        with open(os.environ["BATON_WEBHOOK_SECRET_FILE"], encoding="utf-8") as file:
            text = file.read()
        return text[:-1] if text.endswith("\n") else text
    return os.environ["BATON_WEBHOOK_SECRET"]


SECRET = read_secret().encode()
TOLERANCE_SECONDS = 300
MAX_BODY = 1 << 20
seen = set()  # a table with a unique event id in production


def signature_is_valid(header, body, now):
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(fields["t"])
        expected = hmac.new(SECRET, f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
        return abs(now - timestamp) <= TOLERANCE_SECONDS and hmac.compare_digest(expected, fields["v1"])
    except (KeyError, ValueError):
        return False


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            return self.answer(413)
        body = self.rfile.read(length)
        if not signature_is_valid(self.headers.get("Baton-Signature", ""), body, time.time()):
            return self.answer(400)
        event = json.loads(body)
        if event["id"] not in seen:  # delivery is at least once: dedupe on the event id
            seen.add(event["id"])
            print(json.dumps({"type": event["type"], "data": event["data"]}), flush=True)
        self.answer(204)

    def answer(self, status):
        self.send_response(status)
        self.end_headers()


if __name__ == "__main__":
    address = (os.environ.get("RECEIVER_ADDRESS", "127.0.0.1"), int(os.environ.get("RECEIVER_PORT", "9000")))
    ThreadingHTTPServer(address, Hook).serve_forever()
