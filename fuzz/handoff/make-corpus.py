#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus from the golden vectors.

Each vector up to 4 KiB gives `raw-NNN` (mode byte 0, the envelope) and, when
its header and payload are base64url, `json-NNN` (mode byte 1, header JSON,
NUL, payload JSON). Run from the repository root after changing the vectors:
    python3 fuzz/handoff/make-corpus.py
"""
import base64
import json
import pathlib

root = pathlib.Path(__file__).resolve().parents[2]
corpus = root / "fuzz" / "handoff" / "corpus"
corpus.mkdir(exist_ok=True)
for old in corpus.iterdir():
    old.unlink()

vectors = json.loads((root / "Tests" / "Fixtures" / "handoff-vectors.json").read_text())["vectors"]
for number, vector in enumerate(vectors):
    envelope = vector["envelope"].encode()
    if len(envelope) > 4096:
        continue
    (corpus / f"raw-{number:03}").write_bytes(b"\x00" + envelope)
    parts = envelope.split(b".")
    if len(parts) != 3:
        continue
    try:
        header, payload = (base64.urlsafe_b64decode(p + b"=" * (-len(p) % 4)) for p in parts[:2])
    except ValueError:
        continue
    (corpus / f"json-{number:03}").write_bytes(b"\x01" + header + b"\x00" + payload)
