/// The erased form of a redeemer id: `erased:` and the lower-case hex of its
/// keyed hash (``KeyedHasher/Purpose/erasedRedeemer``). The same id always
/// gives the same form, so an erased family keeps its counts and its one
/// redemption per redeemer, and the redeemer's replayed receipt is still found.
public struct RedeemerEraser: Sendable {
    private let hasher: KeyedHasher

    /// An eraser under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8]) {
        hasher = KeyedHasher(secret: secret, purpose: .erasedRedeemer)
    }

    /// `redeemerID`'s erased form (71 characters).
    public func erased(_ redeemerID: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = Array("erased:".utf8)
        for byte in hasher.hash(redeemerID) { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }
}
