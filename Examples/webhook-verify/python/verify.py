#!/usr/bin/env python3
"""Verifies a Baton webhook: python3 verify.py "$BATON_SIGNATURE" < body

The secrets come from WEBHOOK_SECRETS, one per line (during a rotation, the
old and the new one). Exits 0 when the body is signed by any of them at most
300 seconds from now, 1 when it is not, 2 on a usage error. Standard library only.
"""
import hashlib
import hmac
import os
import sys
import time

TOLERANCE_SECONDS = 300


def verify(header, body, secrets, now):
    timestamp, signatures = None, []
    for item in header.split(","):
        key, _, value = item.partition("=")
        if key == "t" and timestamp is None:
            timestamp = value
        elif key == "v1":
            signatures.append(value)
    if timestamp is None or not (timestamp.isascii() and timestamp.isdigit()) or not signatures:
        return "no t= and v1= in the header"
    if abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        return "timestamp outside the tolerance"
    signed = timestamp.encode() + b"." + body
    for secret in secrets:
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest().encode()
        if any(hmac.compare_digest(expected, signature.encode()) for signature in signatures):
            return None
    return "no signature matches"


def main():
    secrets = [line for line in os.environ.get("WEBHOOK_SECRETS", "").split("\n") if line]
    if len(sys.argv) != 2 or not secrets:
        print("usage: WEBHOOK_SECRETS=<secret per line> verify.py <Baton-Signature> < body", file=sys.stderr)
        return 2
    failure = verify(sys.argv[1], sys.stdin.buffer.read(), secrets, int(time.time()))
    print("rejected: " + failure if failure else "verified", file=sys.stderr)
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
