import BatonCore
import BatonHandoff
import CSodium

/// The minting half of `baton-bench handoff`: what a preview pays to mint
/// its envelope (`HandoffEncoder.mintInvite`) and to hash its link token
/// (`KeyedHasher.hash`), in CPU nanoseconds per call.
///
/// Each is set against the one part that cannot be skipped, libsodium's
/// HMAC-SHA256 of the same bytes with the key's inner and outer blocks hashed
/// once beforehand: the rest of our time is JSON, base64url, checks and Swift.
enum HandoffMintBenchmark {
    /// What the mint rows' ceilings are, for the report's notes.
    static let note =
        "Mint and hash rows are CPU ns per call (lower is better). Their ceiling is libsodium's HMAC-SHA256 alone over the same bytes (the envelope's signing input, the token's UTF-8), its keyed state computed once and copied per call, written into a stack buffer: no JSON, no base64url, no checks, no allocation."

    /// The mint and hash rows, timed by `measure`, for envelopes issued at `issuedAt`.
    static func rows(measure: ThreadCPUComparison, issuedAt: Int64) -> [BenchmarkReport.Row] {
        let secret = Sodium.randomBytes(HandoffKeyring.keyLength)
        let keyring = try! HandoffKeyring(keys: ["bench": secret], currentKeyID: "bench")
        let payload = HandoffDecodeBenchmark.payload(fill: 0)
        let mint = {
            try! HandoffEncoder().mintInvite(
                payload, id: HandoffDecodeBenchmark.handoffID, issuedAt: issuedAt, expiresAt: issuedAt + 600, signer: keyring)
        }
        let envelope = mint()
        let signingInput = Array(envelope.utf8[..<envelope.utf8.lastIndex(of: UInt8(ascii: "."))!])
        let signingState = keyedState(secret)
        precondition(keyring.signature(for: signingInput) == bytes(of: mac(signingInput, state: signingState)))
        let (mints, mintMACs) = measure.compare({ _ = mint() }, { _ = mac(signingInput, state: signingState) })

        let hasher = KeyedHasher(secret: secret, purpose: .linkToken)
        let token = HandoffDecodeBenchmark.typicalToken
        let tokenBytes = Array(token.utf8)
        let hashState = keyedState(Sodium.hmacSHA256(key: secret, message: Array("baton/link-token".utf8)))
        precondition(hasher.hash(token) == bytes(of: mac(tokenBytes, state: hashState)))
        let (hashes, hashMACs) = measure.compare({ _ = hasher.hash(token) }, { _ = mac(tokenBytes, state: hashState) })

        let ceiling = "libsodium HMAC-SHA256 of the same bytes, keyed state precomputed"
        return [
            BenchmarkReport.Row(
                name: "mint typical invite envelope (\(envelope.utf8.count) B), HS256", unit: "ns/mint",
                runs: nanoseconds(mints), ceilingRuns: nanoseconds(mintMACs), ceilingName: ceiling, higherIsBetter: false
            ),
            BenchmarkReport.Row(
                name: "hash a link token (KeyedHasher, \(tokenBytes.count) B)", unit: "ns/hash",
                runs: nanoseconds(hashes), ceilingRuns: nanoseconds(hashMACs), ceilingName: ceiling, higherIsBetter: false
            ),
        ]
    }

    /// Nanoseconds per call from calls per second.
    private static func nanoseconds(_ rates: [Double]) -> [Double] {
        rates.map { 1e9 / $0 }
    }

    private static func bytes(of digest: SIMD32<UInt8>) -> [UInt8] {
        (0..<32).map { digest[$0] }
    }

    /// libsodium's HMAC-SHA256 state after absorbing `key`.
    private static func keyedState(_ key: [UInt8]) -> crypto_auth_hmacsha256_state {
        var state = crypto_auth_hmacsha256_state()
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        return state
    }

    /// The ceiling: HMAC-SHA256 of `message` from a copy of `state`, into a stack buffer.
    private static func mac(_ message: [UInt8], state: crypto_auth_hmacsha256_state) -> SIMD32<UInt8> {
        var state = state
        var digest = SIMD32<UInt8>()
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        withUnsafeMutableBytes(of: &digest) {
            _ = crypto_auth_hmacsha256_final(&state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return digest
    }
}
