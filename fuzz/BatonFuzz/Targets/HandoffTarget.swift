import BatonHandoff
import Foundation

// The handoff decoder on the server and the device path, and the inspector.
//
// The first input byte picks the mode: even — the rest is an envelope as the
// server would receive it; odd — the rest is `header JSON, NUL, payload JSON`,
// which is base64url-encoded and MAC'd here, so the fuzzer explores the JSON
// reader and the schema instead of mostly failing the base64 alphabet.
//
// Properties: what the server accepts the device accepts with the same
// payload, and re-minting it round-trips; the inspection text and every
// error message hold no hidden character.
extension FuzzTarget {
    // -max_len covers the 64 KiB limit and a little beyond, so the size check is fuzzed too.
    static let handoff = FuzzTarget(name: "handoff", maxLength: 65_600) { bytes in
        guard let mode = bytes.first else { return }
        let rest = bytes.dropFirst()
        if mode & 1 == 0 {
            HandoffProperties.check(String(decoding: rest, as: UTF8.self))
        } else {
            let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let header = HandoffProperties.base64URL(parts[0])
            let payload = HandoffProperties.base64URL(parts.count > 1 ? parts[1] : [])
            HandoffProperties.check(header + "." + payload + "." + HandoffProperties.base64URL(FixedMAC.mac))
        }
    }
}

/// A verifier whose MAC is a fixed byte pattern: no libsodium needed, and the
/// fuzzer can still reach the code after the MAC check.
struct FixedMAC: HandoffVerifier, HandoffSigner {
    static let mac = [UInt8](repeating: 0x5A, count: 32)
    var signingKeyID: String { "k2" }
    func signature(for signingInput: [UInt8]) -> [UInt8] { Self.mac }
    func hasKey(_ keyID: String) -> Bool { keyID == "k1" || keyID == "k2" }
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool { signature == Self.mac }
}

/// The handoff target's decoders and the invariants it checks.
enum HandoffProperties {
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    static let server = HandoffDecoder(policy: .server(FixedMAC()), clock: now)
    static let device = HandoffDecoder(policy: .device, clock: now)

    /// Base64url without padding, as the envelope writes its segments.
    static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Runs every entry point on `envelope` and checks the invariants.
    static func check(_ envelope: String) {
        let decoded = Result { () throws(HandoffError) in try server.decode(envelope) }
        let onDevice = Result { () throws(HandoffError) in try device.decode(envelope) }
        _ = try? device.readForForwarding(envelope)
        let inspection = HandoffInspection(envelope: envelope, verifier: FixedMAC(), clock: now)
        inspection.text.split(separator: "\n").forEach { Showable.require($0, "the inspection") }
        switch decoded {
        case .success(let envelope):
            precondition((try? onDevice.get())?.payload == envelope.payload)
            let minted = try? HandoffEncoder().mintInvite(
                envelope.payload, id: envelope.header.id ?? "fuzz-minted-handoff-id", issuedAt: envelope.header.issuedAt,
                expiresAt: envelope.header.expiresAt, signer: FixedMAC()
            )
            precondition(minted.flatMap { try? server.decode($0).payload } == envelope.payload)
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "handoff error \(error.code)")
        }
    }
}
