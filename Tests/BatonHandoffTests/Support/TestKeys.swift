import BatonCore
import BatonHandoff
import Foundation

/// The keys and clock every handoff test shares; the golden vectors file
/// carries the same secrets so the server tests can rebuild this keyring.
enum TestKeys {
    /// A fixed "now": 2027-01-15T08:00:00Z.
    static let now: Int64 = 1_800_000_000
    /// The key that signs new envelopes.
    static let currentKeyID = "k2"
    /// Every key's secret as hex: `k1` (previous, still accepted) and `k2` (current).
    static let secrets: [String: String] = [
        "k1": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "k2": "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf",
    ]
    /// The `jti` of version-2 test envelopes (the server draws 16 random bytes, in hex).
    static let handoffID = "7f3a9c0e5b2d48e1a6c4f09b3d7e2a51"
    /// A 32-byte key the keyring does not hold, for forged MACs.
    static let outsiderSecret = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100"

    static let keyring = makeKeyring(current: currentKeyID)
    static let previousKeyring = makeKeyring(current: "k1")
    /// A keyring that claims `k2` but holds another secret: forges MACs.
    static let forger = try! HandoffKeyring(keys: ["k2": bytes(hex: outsiderSecret)], currentKeyID: "k2")

    static func makeKeyring(current: String) -> HandoffKeyring {
        try! HandoffKeyring(keys: secrets.mapValues(bytes(hex:)), currentKeyID: current)
    }

    /// A clock stopped at `seconds`.
    static func clock(at seconds: Int64) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    }

    /// The decoder a vector of `mode` ("server" or "device") runs through at `now`.
    static func decoder(mode: String, now: Int64) -> HandoffDecoder {
        HandoffDecoder(policy: mode == "device" ? .device : .server(keyring), clock: clock(at: now))
    }

    static func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }
}
