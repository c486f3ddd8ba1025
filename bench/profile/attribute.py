#!/usr/bin/env python3
"""Attributes `perf script -F tid,ip,sym,dso` samples of a Baton server to
the parts of a request named in docs/performance.md.

Each sample goes to the first category, in the order below, that any frame
of its stack matches (frames are matched as "SYMBOL @DSO"), so the order is
the attribution: background threads first (they are no request's), then the
small named parts, then the broad layers. A sample whose stack ends in the
kernel under libpq or libmicrohttpd is split out as that layer's kernel time.

Usage: perf script -i perf.data -F tid,ip,sym,dso > samples.txt
       bench/profile/attribute.py CPU_MICROSECONDS_PER_REQUEST samples.txt [more.txt ...]
Prints a Markdown table: category, share of samples, microseconds per request.
"""
import collections
import re
import sys

CATEGORIES = [
    ("background threads", r"BackgroundServices|NSThreadStart"),
    ("access log line", r"AccessLogEntry|LogSink"),
    ("HTTP metrics", r"HTTPMetricsObserver"),
    ("rate limiter (key class)", r"RateLimiterC"),
    ("API-key check (bearer, JWT test, parse, HMAC, cache)",
     r"requiringRedeemer|APIKeyCache|11BatonServer0A11ApplicationC12authenticate|APIKeyV7parsing|bearerToken|APIKeyUsage"),
    ("request body: strict JSON decode, validate", r"RedemptionRoutesV4ready"),
    ("pool checkout/checkin", r"Postgres0A4PoolC(8checkout|7checkin|9validated)"),
    ("statement: libpq", r"@libpq|^PQ"),
    ("statement: result rows to Swift", r"Postgres0A4Rows|Postgres0A9Decodable|Decodable.*Cell|RedemptionStoreV7outcome"),
    ("statement: Swift side (binds, execute)", r"Postgres0A10ConnectionC|Postgres14WireParameters|RedemptionStoreV"),
    ("receipt JSON", r"RedemptionReceipt"),
    ("job wake-up signal", r"JobWakeup"),
    ("credential parse + token hash", r"credential_3for|CredentialO5parse|KeyedHasher|HMACSHA256"),
    ("route glue (Baton)", r"11BatonServer"),
    ("request completion (HTTP layer)", r"requestCompleted"),
    ("HTTP layer, Swift (head, framing, routing, response)", r"\$s4HTTP"),
    ("libmicrohttpd", r"@libmicrohttpd"),
]
KERNEL_SPLIT = {"statement: libpq", "libmicrohttpd"}


def samples(path):
    stack = None
    for line in open(path, errors="replace"):
        if not line.startswith("\t"):
            if stack:
                yield stack
            stack = [] if line.strip() else None
            continue
        if stack is None:
            continue
        fields = line.strip().split(" ", 1)
        if len(fields) < 2:
            continue
        match = re.match(r"(.*) \(([^()]*)\)$", fields[1])
        symbol, dso = (match.group(1), match.group(2)) if match else (fields[1], "")
        stack.append(f"{symbol} @{dso.split('/')[-1]}")
    if stack:
        yield stack


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    per_request = float(sys.argv[1])
    compiled = [(name, re.compile(pattern)) for name, pattern in CATEGORIES]
    counts = collections.Counter()
    total = 0
    for path in sys.argv[2:]:
        for stack in samples(path):
            total += 1
            owner = next((name for name, pattern in compiled if any(pattern.search(frame) for frame in stack)), "other")
            if owner in KERNEL_SPLIT and "kernel" in stack[0]:
                owner += ": kernel (socket I/O, scheduling)"
            counts[owner] += 1
    print(f"{total} samples\n\n| part | share of samples | µs per request |\n|---|---:|---:|")
    for name, count in counts.most_common():
        print(f"| {name} | {100 * count / total:.1f} % | {per_request * count / total:.0f} |")


if __name__ == "__main__":
    main()
