#!/usr/bin/env node
// Verifies a Baton delivery to an endpoint with "signature_scheme":
// "standard_webhooks", with Node's own modules (no library):
//   WEBHOOK_SECRET=whsec_... node verify.js "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$WEBHOOK_SIGNATURE" < body
//
// The key is the base64 after "whsec_"; the signed content is
// "<id>.<timestamp>.<body>"; the header holds one or more space-separated
// "v1,<base64 HMAC-SHA256>" (two during a secret rotation). Exits 0 when one
// matches and the timestamp is at most 300 seconds from now, 1 when not, 2 on
// a usage error.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");

const TOLERANCE_SECONDS = 300;

function verify(id, timestamp, header, body, secret, now) {
  if (!secret.startsWith("whsec_")) return "the secret is not whsec_ text";
  if (!/^[0-9]+$/.test(timestamp)) return "webhook-timestamp is not Unix seconds";
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return "timestamp outside the tolerance";
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const expected = crypto.createHmac("sha256", key).update(signed).digest();
  for (const item of header.split(" ")) {
    const [version, signature] = item.split(",", 2);
    if (version !== "v1" || signature === undefined) continue;
    const given = Buffer.from(signature, "base64");
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return null;
  }
  return "no signature matches";
}

const secret = process.env.WEBHOOK_SECRET || "";
if (process.argv.length !== 5 || secret.length === 0) {
  console.error("usage: WEBHOOK_SECRET=whsec_... node verify.js <webhook-id> <webhook-timestamp> <webhook-signature> < body");
  process.exit(2);
}
const [id, timestamp, header] = process.argv.slice(2);
const failure = verify(id, timestamp, header, fs.readFileSync(0), secret, Math.floor(Date.now() / 1000));
console.error(failure ? "refused: " + failure : "verified");
process.exit(failure ? 1 : 0);
