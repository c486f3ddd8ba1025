#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets (fuzz/<target>/corpus).

Seeds come from the golden vectors (Tests/Fixtures/handoff-vectors.json and
url-vectors.json) and a few hand-written inputs per target; each seed is laid
out as its target reads it (see fuzz/BatonFuzz/Targets). Run from anywhere
after changing the vectors:
    python3 fuzz/make-corpus.py
Findings are not written here: fuzz/run keeps them in fuzz/out, and a fixed
finding is added to its target's corpus by hand (see docs/fuzzing.md).
"""
import base64
import json
import pathlib

root = pathlib.Path(__file__).resolve().parents[1]
handoff_vectors = json.loads((root / "Tests" / "Fixtures" / "handoff-vectors.json").read_text())["vectors"]
url_vectors = json.loads((root / "Tests" / "Fixtures" / "url-vectors.json").read_text())["vectors"]
token = "0123456789ABCDEFGHJKMNPQRS"
code = "7K3M9Q2XWW"


def write(target, seeds):
    """Replaces the generated seeds of `target` (files named gen-*) with `seeds`."""
    corpus = root / "fuzz" / target / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for old in corpus.glob("gen-*"):
        old.unlink()
    for number, seed in enumerate(seeds):
        (corpus / f"gen-{number:03}").write_bytes(seed)


def handoff_seeds():
    """Mode byte 0 and the envelope; mode byte 1 and `header JSON, NUL, payload JSON`."""
    for vector in handoff_vectors:
        envelope = vector["envelope"].encode()
        if len(envelope) > 4096:
            continue
        yield b"\x00" + envelope
        parts = envelope.split(b".")
        if len(parts) != 3:
            continue
        try:
            header, payload = (base64.urlsafe_b64decode(p + b"=" * (-len(p) % 4)) for p in parts[:2])
        except ValueError:
            continue
        yield b"\x01" + header + b"\x00" + payload


def invocation_seeds():
    """Every URL vector as it is."""
    for vector in url_vectors:
        yield vector["url"].encode()


def credential_seeds():
    """Code-length byte (4 + 6 = 10), respelling byte, then the text."""
    texts = [token, token.lower(), code, "7k3m9-q2xww", "7K3M9 Q2XWW", "7K3M9Q2XWX", "ABCDU-FGHJK",
             "oooo-iiii-llll", "", "-- --", "7K3M9\u202eQ2XWW", "7K3M9\u200bQ2XWW", "７K3M9Q2XWW", "A" * 65, "A" * 27]
    for number, text in enumerate(texts):
        yield bytes([4, number * 37 % 256]) + text.encode()


def paste_seeds():
    """Pasted text as it is: messages, links with tracking parameters, codes spelled as people do."""
    link = f"https://baton.example/invite/{token}"
    texts = [code, "7K3M9-Q2XWW", "7k3m9 q2xww", "Your code is 7K3M9-Q2XWW.", f"Tap {link}?utm_source=sms&fbclid=x to join.",
             f"({link})", f"<{link}>", f"[join]({link}).", "https://appclip.apple.com/id?p=com.example.family.Clip&token=" + token,
             "7K3M9\u2013Q2XWW", "7K3M9\u00a0Q2XWW", "Ref ABC7K3M9Q2XWWDEF.", "caf\u00e97K3M9Q2XWW", "7K3M9\u200bQ2XWW",
             "hello world", "7K3M9Q2XWX", f"{code} or {link}", "http://baton.example/invite/" + token, "", " \n ",
             "token 01234-56789-ABCDE-FGHJK-MNPQR-S please", "see https://example.com/7K3M9Q2XWW or https://baton.example/invite?code=" + code]
    for text in texts:
        yield text.encode()


def referrer_seeds():
    """Install referrers as Google Play hands them over: Baton's, organic ones, and broken ones."""
    texts = [f"baton_token={token}", f"baton_token={token}&utm_source=family-app&utm_campaign=spring%20sale",
             f"utm_source=google-play&utm_medium=cpc&baton_token={token.lower()}", "utm_source=google-play&utm_medium=organic",
             f"baton_token={token}&baton_token={token}", f"baton%5Ftoken={token}", "baton_token=%ZZ", "baton_token=%FF%FE",
             "baton_token", "baton_token=", f"baton_token={code}", f"baton_token={token}+x", f"baton_token={token}\u200b", "",
             "&&&", "baton_token=" + "A" * 2100]
    for text in texts:
        yield text.encode()


def clip_size_seeds():
    """App Thinning Size Reports: the fixtures, and a few broken ones."""
    reports = sorted((root / "Tests" / "Fixtures" / "thinning").glob("*.txt"))
    for report in reports:
        yield report.read_bytes()
    header = b"App Thinning Size Report for All Variants of Clip\n\n"
    yield header
    yield header + b"Variant: Clip.ipa\nApp size: 1.5 MB compressed, Zero KB uncompressed\n"
    yield header + b"Variant: Clip.ipa\r\nApp size: 999.999 KB compressed, 1.2 GB uncompressed\r\n"
    yield header + b"Variant: Clip.ipa\nSupported variant descriptors: [device: iPhone14,5, os-version: 16.0]\n"
    yield header + b"Variant: \nApp size: 1 MB compressed\n"


def route_seeds():
    """Route byte (see RouteTarget.swift), then the body or the path parameter."""
    def body(route, value):
        return bytes([route]) + (value if isinstance(value, bytes) else json.dumps(value).encode())

    for vector in url_vectors[:12]:
        yield body(0, {"url": vector["url"]})
    for vector in handoff_vectors[:6]:
        if len(vector["envelope"]) <= 4096:
            yield body(1, {"handoff": vector["envelope"]})
    yield body(2, {"handoff": handoff_vectors[0]["envelope"], "channel": "clip"})
    yield body(2, {"token": token, "redeemer_id": "u-1", "channel": "backend"})
    yield body(2, {"code": "7K3M9-Q2XWW", "redeemer_id": "u\u202e1"})
    yield body(2, {"token": token, "code": code})
    invite = {"family_id": "f-1", "family_name": "The Okafor family", "inviter_id": "u-1", "inviter_name": "Ada",
              "ttl_seconds": 3600, "max_redemptions": 2, "metadata": {"plan": "family", "seats": [1, 2]}}
    yield body(3, invite)
    yield body(3, {"family_id": "f\u00001", "family_name": "x" * 101})
    yield body(3, {"family_id": "f", "family_name": "n", "metadata": {"a": {"b": {"c": [[[[]]]]}}}})
    yield body(4, {"invites": [invite, {"family_id": "f-2", "family_name": "B"}]})
    yield body(4, {"invites": []})
    yield body(4, b'{"invites": [{"family_id": 1e400}]}')
    yield body(5, b"3f2504e0-4f89-11d3-9a0c-0305e82c3301")
    yield body(5, b"not-a-uuid")
    yield body(6, token.encode())
    yield body(6, b"7k3m9-q2xww")
    yield body(3, b'{"family_id": "\\ud800", "family_name": "a"}')
    yield body(0, b"[" * 40 + b"]" * 40)


write("handoff", handoff_seeds())
write("invocation", invocation_seeds())
write("credential", credential_seeds())
write("routes", route_seeds())
write("paste", paste_seeds())
write("clip-size", clip_size_seeds())
write("referrer", referrer_seeds())
