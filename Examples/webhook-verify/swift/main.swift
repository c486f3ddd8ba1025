// Verifies a Baton webhook: ./verify "$BATON_SIGNATURE" < body, built with
//   swiftc -O main.swift ../../HandoffFlow/Backend/SHA256.swift ../../HandoffFlow/Backend/HMACSHA256.swift -o verify
//
// The secrets come from WEBHOOK_SECRETS, one per line (during a rotation, the
// old and the new one). Exits 0 when the body is signed by any of them at most
// 300 seconds from now, 1 when it is not, 2 on a usage error. Foundation only:
// Linux has no CryptoKit, so the MAC comes from the HandoffFlow example's
// SHA-256 (on Apple platforms, CryptoKit's `HMAC<SHA256>` does the same).
import Foundation

let toleranceSeconds = 300

/// Why `body` is refused under `header`, or nil when a signature matches.
func verify(header: String, body: [UInt8], secrets: [String], now: Int) -> String? {
    var timestamp: Substring?
    var signatures: [[UInt8]] = []
    for item in header.split(separator: ",", omittingEmptySubsequences: false) {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let value = pair.count == 2 ? pair[1] : ""
        if pair[0] == "t" && timestamp == nil { timestamp = value }
        if pair[0] == "v1" { signatures.append(Array(value.utf8)) }
    }
    guard let timestamp, !timestamp.isEmpty, timestamp.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int(timestamp),
        !signatures.isEmpty
    else { return "no t= and v1= in the header" }
    guard abs(now - seconds) <= toleranceSeconds else { return "timestamp outside the tolerance" }
    let signed = Array("\(timestamp).".utf8) + body
    for secret in secrets {
        let expected = Array(HMACSHA256.mac(key: Array(secret.utf8), message: signed).map { String(format: "%02x", $0) }.joined().utf8)
        if signatures.contains(where: { constantTimeEqual($0, expected) }) { return nil }
    }
    return "no signature matches"
}

/// Whether `a` equals `b`, in time that depends only on their lengths.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}

let secrets = (ProcessInfo.processInfo.environment["WEBHOOK_SECRETS"] ?? "").split(separator: "\n").map(String.init)
guard CommandLine.arguments.count == 2, !secrets.isEmpty else {
    FileHandle.standardError.write(Data("usage: WEBHOOK_SECRETS=<secret per line> verify <Baton-Signature> < body\n".utf8))
    exit(2)
}
let body = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
let failure = verify(header: CommandLine.arguments[1], body: body, secrets: secrets, now: Int(Date().timeIntervalSince1970))
FileHandle.standardError.write(Data((failure.map { "rejected: \($0)" } ?? "verified").utf8 + [0x0a]))
exit(failure == nil ? 0 : 1)
