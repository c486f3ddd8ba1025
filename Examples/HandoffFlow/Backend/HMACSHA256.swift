/// HMAC-SHA256 (RFC 2104) over ``SHA256``: signs the redeemer JWT when this
/// example plays the product backend. Same limits as ``SHA256``.
enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > SHA256.blockBytes ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockBytes - block.count)
        let inner = SHA256.hash(block.map { $0 ^ 0x36 } + message)
        return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
