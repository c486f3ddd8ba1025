import Foundation

// Memory probe for bench/handoff-memory.sh, compiled with the BatonHandoff
// sources and a generated file that defines `largestEnvelope` as a string
// literal: a literal lives in the binary, so the heap holds only what the
// decoder itself allocates. Run as `probe baseline` (everything but the
// decode), `probe decode`, and `probe reject` (the same bytes against a
// 1000-byte limit); dhat's t-gmax difference to the baseline is the peak.

/// Accepts every MAC, so the probe walks the whole server path (including the
/// copy of the signed bytes) without libsodium.
struct AcceptingVerifier: HandoffVerifier {
    func hasKey(_ keyID: String) -> Bool { true }
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool { true }
}

@main
enum HandoffMemoryProbe {
    static func main() {
        let mode = CommandLine.arguments.dropFirst().first ?? "baseline"
        let limits = HandoffLimits(maxBytes: mode == "reject" ? 1_000 : HandoffLimits.defaultMaxBytes)
        let decoder = HandoffDecoder(
            policy: .server(AcceptingVerifier()), limits: limits, clock: { Date(timeIntervalSince1970: TimeInterval(probeNow)) }
        )
        guard mode != "baseline" else {
            print("baseline", largestEnvelope.utf8.count)
            return
        }
        do {
            let envelope = try decoder.decode(largestEnvelope)
            print("decoded", largestEnvelope.utf8.count, envelope.payload.familyName?.utf8.count ?? 0)
        } catch {
            print("refused", error.code)
        }
    }
}
