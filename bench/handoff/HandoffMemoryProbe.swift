import Foundation

// Memory probe for bench/handoff-memory.sh, compiled with the BatonHandoff
// sources and a generated file that defines `largestEnvelope` as a string
// literal: a literal lives in the binary, so the heap holds only what the
// decoder itself allocates. Run as `probe baseline` (everything but the
// decode) and `probe decode`; dhat's t-gmax difference is the decode's peak.

/// Accepts every MAC, so the probe walks the whole server path (including the
/// copy of the signed bytes) without libsodium.
struct AcceptingVerifier: HandoffVerifier {
    func hasKey(_ keyID: String) -> Bool { true }
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool { true }
}

@main
enum HandoffMemoryProbe {
    static func main() {
        let decoder = HandoffDecoder(policy: .server(AcceptingVerifier()), clock: { Date(timeIntervalSince1970: TimeInterval(probeNow)) })
        guard CommandLine.arguments.dropFirst().first == "decode" else {
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
