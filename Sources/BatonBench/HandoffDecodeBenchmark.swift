import BatonCore
import BatonHandoff
import Foundation

/// `baton-bench handoff`: what decoding a handoff envelope costs on the
/// server path (size, header, time, strict payload, HMAC-SHA256 via
/// libsodium), next to a naive Foundation `JSONDecoder` decode of the same
/// payload JSON — the ceiling, which skips base64url, every check and the MAC;
/// then what minting one costs (``HandoffMintBenchmark``).
///
/// Peak memory is not measured here: glibc's `mallinfo2` is not reachable
/// from Swift without a C module, and sampling misses a decode that lasts
/// microseconds. `bench/handoff-memory.sh` measures it exactly with
/// `valgrind --tool=dhat` (t-gmax); the report's notes say so.
public enum HandoffDecodeBenchmark {
    /// Runs every measurement `repetitions` times for `seconds` each and
    /// reports medians with their ranges.
    public static func run(seconds: Double = 1, repetitions: Int = 3) -> BenchmarkReport {
        let keyring = try! HandoffKeyring(keys: ["bench": (0..<32).map { _ in UInt8.random(in: 0...255) }], currentKeyID: "bench")
        let now = Date()
        let decoder = HandoffDecoder(policy: .server(keyring), clock: { now })
        let issuedAt = Int64(now.timeIntervalSince1970)
        let typical = mint(fill: 0, issuedAt: issuedAt, keyring: keyring)!
        let largest = largestEnvelope(issuedAt: issuedAt, keyring: keyring)
        let measure = ThreadCPUComparison(seconds: seconds, repetitions: repetitions)

        var report = BenchmarkReport(title: "Handoff decode and mint")
        for (label, envelope) in [("typical", typical), ("largest allowed", largest)] {
            let payloadJSON = payloadBytes(of: envelope)
            let (ours, naive) = measure.compare(
                { _ = try? decoder.decode(envelope) },
                { _ = try? JSONDecoder().decode(NaivePayload.self, from: payloadJSON) }
            )
            report.rows.append(
                BenchmarkReport.Row(
                    name: "decode \(label) envelope (\(envelope.utf8.count) B), server path", unit: "decodes/s",
                    runs: ours, ceilingRuns: naive, ceilingName: "JSONDecoder of the payload JSON"
                ))
        }
        let huge = String(repeating: "A", count: 1 << 20)
        let justOver = String(repeating: "A", count: HandoffLimits.defaultMaxBytes + 1)
        let (rejectHuge, rejectJustOver) = measure.compare({ _ = try? decoder.decode(huge) }, { _ = try? decoder.decode(justOver) })
        report.rows.append(
            BenchmarkReport.Row(
                name: "reject a 1 MiB input (handoff_too_large)", unit: "rejections/s", runs: rejectHuge,
                ceilingRuns: rejectJustOver, ceilingName: "same on 64 KiB + 1 B (≈ 100 % is O(1))"
            ))
        report.rows += HandoffMintBenchmark.rows(measure: measure, issuedAt: issuedAt)
        report.notes = [
            "Each figure is the median of \(repetitions) runs of \(seconds) s of one thread's CPU time (CLOCK_THREAD_CPUTIME_ID, so other load on the machine does not count), ours and the ceiling alternating; ranges in brackets.",
            "The ceiling decodes the already base64url-decoded payload JSON into a Codable struct: no base64url, no header, no checks, no HMAC. On the largest envelope about 40 % of our time (perf) is libsodium's HMAC-SHA256 over 64 KiB, which the ceiling skips.",
            HandoffMintBenchmark.note,
            "Peak heap of decoding the largest envelope: run bench/handoff-memory.sh (valgrind --tool=dhat, t-gmax of a decode minus t-gmax of the same program without it); the budget is 4 × 65536 B.",
        ]
        return report
    }

    /// The payload a benchmark decodes; the ceiling's Codable twin of `HandoffPayload`.
    /// Its properties carry the wire's own names, so the ceiling pays for no key mapping.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct NaivePayload: Decodable {
        var credential: String
        var credential_type: String
        var family_name: String
        var inviter_name: String
        var source: String
    }

    /// An invite whose three texts carry `fill` extra bytes; nil once it exceeds the size limit.
    private static func mint(fill: Int, issuedAt: Int64, keyring: HandoffKeyring) -> String? {
        try? HandoffEncoder().mintInvite(
            payload(fill: fill), id: handoffID, issuedAt: issuedAt - 60, expiresAt: issuedAt + 86_400, signer: keyring)
    }

    /// A `jti` as long as the server's (32 hex digits); minting needs one, its value does not matter here.
    static let handoffID = "0123456789abcdef0123456789abcdef"

    /// A preview's invite payload whose three texts carry `fill` extra bytes (0: a typical preview).
    static func payload(fill: Int) -> HandoffPayload {
        let third = HandoffPayload.maxTextBytes
        let family = min(fill, third)
        let inviter = min(max(fill - family, 0), third - 3)
        let query = min(max(fill - family - inviter, 0), third - 100)
        return HandoffPayload(
            credential: HandoffCredential(form: .token, value: typicalToken),
            familyName: "The Okafor family" + String(repeating: "F", count: max(0, family - 17)),
            inviterName: "Ada" + String(repeating: "I", count: inviter),
            source: "https://baton.example/invite/7M3QK9XW2HFRD6TBJ4NPVCAYGE"
                + (query > 0 ? "?p=" + String(repeating: "s", count: query) : "")
        )
    }

    /// The link token of every benchmark invite: 26 characters, as minted.
    static let typicalToken = "7M3QK9XW2HFRD6TBJ4NPVCAYGE"

    /// The largest envelope that fits the default limit (sizes grow with the fill).
    private static func largestEnvelope(issuedAt: Int64, keyring: HandoffKeyring) -> String {
        var low = 0
        var high = 3 * HandoffPayload.maxTextBytes
        while low < high {
            let middle = (low + high + 1) / 2
            if mint(fill: middle, issuedAt: issuedAt, keyring: keyring) != nil { low = middle } else { high = middle - 1 }
        }
        return mint(fill: low, issuedAt: issuedAt, keyring: keyring)!
    }

    /// The payload segment's JSON bytes, decoded with Foundation.
    private static func payloadBytes(of envelope: String) -> Data {
        var segment = envelope.split(separator: ".")[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        segment += String(repeating: "=", count: (4 - segment.count % 4) % 4)
        return Data(base64Encoded: segment)!
    }
}
