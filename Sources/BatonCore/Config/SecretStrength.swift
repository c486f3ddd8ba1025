/// Judges whether a configured secret's bytes could have come from a random
/// generator. The length rules (32+ bytes) say nothing about this: 32 zero
/// bytes, `abab…` or a value copied from `deploy/` are long enough and
/// worthless, and an operator who copied an example would not notice.
///
/// Refused: the example values of `deploy/`, every byte equal, a pattern of
/// up to half the length repeated (`0123 0123 …`), and fewer than 8
/// distinct bytes. 32 random bytes fail any of these with a probability
/// below 2^-100; even a 32-character hex text has 16 distinct bytes.
enum SecretStrength {
    /// What to do about a refused secret.
    static let advice = "generate one with: openssl rand -hex 32 (baton dev generates good ones)"

    /// Example values of `deploy/` that are not caught by the other rules.
    private static let exampleValues: Set<[UInt8]> = [Array("change-me-webhook-secret-at-least-32-characters".utf8)]
    private static let minimumDistinctBytes = 8

    /// Why `secret` is too weak, in words that quote none of it; nil when it is not.
    static func weakness(of secret: [UInt8]) -> String? {
        if exampleValues.contains(secret) { return "it is the example value from deploy/" }
        if let period = (1...max(1, secret.count / 2)).first(where: { repeats(secret, every: $0) }) {
            return period == 1 ? "every byte is the same" : "it repeats a \(period)-byte pattern"
        }
        if Set(secret).count < minimumDistinctBytes { return "it has fewer than \(minimumDistinctBytes) distinct bytes" }
        return nil
    }

    /// Whether `bytes` is a pattern of `period` bytes repeated (the last repetition may be cut short).
    private static func repeats(_ bytes: [UInt8], every period: Int) -> Bool {
        bytes.indices.dropFirst(period).allSatisfy { bytes[$0] == bytes[$0 - period] }
    }
}

extension SettingReader {
    /// Records a problem when `secret`, the bytes `setting` ended up with, is
    /// too weak (``SecretStrength``); nil (an unset optional secret) passes.
    mutating func refuseWeak(_ setting: Setting, _ secret: [UInt8]?) {
        guard let secret, let weakness = SecretStrength.weakness(of: secret) else { return }
        report(setting, "has too little entropy (\(weakness)); \(SecretStrength.advice)")
    }
}
