import Foundation
import SafeText

// libFuzzer entry for the handoff decoder, compiled together with the
// BatonHandoff sources by fuzz/run-handoff.sh (so it reaches internal types).
//
// The first input byte picks the mode: even — the rest is an envelope as the
// server would receive it; odd — the rest is `header JSON, NUL, payload JSON`,
// which is base64url-encoded and MAC'd here, so the fuzzer explores the JSON
// reader and the schema instead of mostly failing the base64 alphabet.
// Any crash, sanitizer report, or broken invariant (a trap below) is a finding.

/// A verifier whose MAC is a fixed byte pattern: no libsodium needed, and the
/// fuzzer can still reach the code after the MAC check.
struct FuzzVerifier: HandoffVerifier, HandoffSigner {
    static let mac = [UInt8](repeating: 0x5A, count: 32)
    var signingKeyID: String { "k2" }
    func signature(for signingInput: [UInt8]) -> [UInt8] { Self.mac }
    func hasKey(_ keyID: String) -> Bool { keyID == "k1" || keyID == "k2" }
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool { signature == Self.mac }
}

let fuzzNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
let serverDecoder = HandoffDecoder(policy: .server(FuzzVerifier()), clock: fuzzNow)
let deviceDecoder = HandoffDecoder(policy: .device, clock: fuzzNow)

@_cdecl("LLVMFuzzerTestOneInput")
public func handoffFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    let envelope: String
    if mode & 1 == 0 {
        envelope = String(decoding: rest, as: UTF8.self)
    } else {
        let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let header = Base64URL.encode(parts[0])
        let payload = Base64URL.encode(parts.count > 1 ? parts[1] : [])
        envelope = header + "." + payload + "." + Base64URL.encode(FuzzVerifier.mac)
    }
    checkDecoders(on: envelope)
    return 0
}

/// Runs every entry point and checks the invariants that must hold for any input.
func checkDecoders(on envelope: String) {
    let server = Result { () throws(HandoffError) in try serverDecoder.decode(envelope) }
    let device = Result { () throws(HandoffError) in try deviceDecoder.decode(envelope) }
    _ = try? deviceDecoder.readForForwarding(envelope)
    let inspection = HandoffInspection(envelope: envelope, verifier: FuzzVerifier(), clock: fuzzNow)
    precondition(inspection.text.unicodeScalars.allSatisfy { $0 == "\n" || !HiddenCharacters.isHidden($0) })
    if case .success(let decoded) = server {
        // What the server accepts, the device accepts too, and re-minting it round-trips.
        precondition((try? device.get())?.payload == decoded.payload)
        let minted = try? HandoffEncoder().mintInvite(
            decoded.payload, issuedAt: decoded.header.issuedAt, expiresAt: decoded.header.expiresAt, signer: FuzzVerifier()
        )
        precondition(minted.flatMap { try? serverDecoder.decode($0).payload } == decoded.payload)
    }
    if case .failure(let error) = server {
        precondition(error.message.unicodeScalars.allSatisfy { !HiddenCharacters.isHidden($0) })
    }
}
