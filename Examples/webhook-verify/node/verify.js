#!/usr/bin/env node
// Verifies a Baton webhook: node verify.js "$BATON_SIGNATURE" < body
//
// The secrets come from WEBHOOK_SECRETS, one per line (during a rotation, the
// old and the new one). Exits 0 when the body is signed by any of them at most
// 300 seconds from now, 1 when it is not, 2 on a usage error. Node's own modules only.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");

const TOLERANCE_SECONDS = 300;

function verify(header, body, secrets, now) {
  let timestamp = null;
  const signatures = [];
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    const key = at < 0 ? item : item.slice(0, at);
    const value = at < 0 ? "" : item.slice(at + 1);
    if (key === "t" && timestamp === null) timestamp = value;
    else if (key === "v1") signatures.push(Buffer.from(value));
  }
  if (timestamp === null || !/^[0-9]+$/.test(timestamp) || signatures.length === 0) return "no t= and v1= in the header";
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return "timestamp outside the tolerance";
  const signed = Buffer.concat([Buffer.from(timestamp + "."), body]);
  for (const secret of secrets) {
    const expected = Buffer.from(crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(signed).digest("hex"));
    if (signatures.some((signature) => signature.length === expected.length && crypto.timingSafeEqual(signature, expected))) {
      return null;
    }
  }
  return "no signature matches";
}

const secrets = (process.env.WEBHOOK_SECRETS || "").split("\n").filter((line) => line.length > 0);
if (process.argv.length !== 3 || secrets.length === 0) {
  console.error("usage: WEBHOOK_SECRETS=<secret per line> node verify.js <Baton-Signature> < body");
  process.exit(2);
}
const failure = verify(process.argv[2], fs.readFileSync(0), secrets, Math.floor(Date.now() / 1000));
console.error(failure ? "rejected: " + failure : "verified");
process.exit(failure ? 1 : 0);
