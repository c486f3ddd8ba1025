import BatonJSON

/// Why a handoff envelope was refused, one case per failure.
///
/// Every case maps to a stable snake_case ``code`` that crosses the HTTP
/// boundary unchanged (`422 {"error": {"code": "handoff_expired", ...}}`) and a
/// human ``message``. Neither ever contains bytes of the refused input: the
/// associated values are numbers the decoder computed or reasons it chose from
/// a fixed list, so an error can be logged or shown without escaping.
public enum HandoffError: Error, Equatable, Sendable {
    /// The input is longer than the configured limit; nothing was parsed.
    case tooLarge(size: Int, limit: Int)
    /// The bytes are not a well-formed envelope: segments, base64url, JSON,
    /// UTF-8 or header fields. `reason` is one of the decoder's fixed phrases.
    case malformed(reason: String)
    /// The header names a schema version this reader does not know.
    case unsupportedVersion(found: Int, supported: [Int])
    /// The header names a kind of handoff this version does not define.
    case unsupportedKind
    /// The header's `alg` is not allowed on this path (unknown, or `none` where
    /// a MAC is required, or not the one the kind requires).
    case unsupportedAlgorithm
    /// The header's key id names no key this verifier holds.
    case unknownKey
    /// The envelope expired at `expiresAt` (unix seconds), beyond the allowed skew.
    case expired(expiresAt: Int64)
    /// The envelope was written at `issuedAt` (unix seconds), later than now plus the skew.
    case notYetValid(issuedAt: Int64)
    /// The payload is well-formed JSON but breaks the schema of its version and kind.
    case invalidPayload(reason: String)
    /// The MAC does not match the header and payload under the named key.
    case badSignature
    /// The store could not read or write its backing `UserDefaults` or file.
    case storageFailed(reason: String)

    /// The stable machine code, such as `handoff_expired`.
    public var code: String {
        switch self {
        case .tooLarge: "handoff_too_large"
        case .malformed: "handoff_malformed"
        case .unsupportedVersion: "handoff_unsupported_version"
        case .unsupportedKind: "handoff_unsupported_kind"
        case .unsupportedAlgorithm: "handoff_unsupported_algorithm"
        case .unknownKey: "handoff_unknown_key"
        case .expired: "handoff_expired"
        case .notYetValid: "handoff_not_yet_valid"
        case .invalidPayload: "handoff_invalid_payload"
        case .badSignature: "handoff_bad_signature"
        case .storageFailed: "handoff_storage_failed"
        }
    }

    /// A sentence for people; built only from the decoder's own numbers and phrases.
    public var message: String {
        switch self {
        case .tooLarge(let size, let limit): "The handoff is \(size) bytes; the limit is \(limit)."
        case .malformed(let reason): "The handoff is not a well-formed envelope: \(reason)."
        case .unsupportedVersion(let found, let supported):
            "The handoff has schema version \(found); this reader supports \(Self.list(supported))."
        case .unsupportedKind: "The handoff is of a kind this version does not define."
        case .unsupportedAlgorithm: "The handoff's algorithm is not allowed here."
        case .unknownKey: "The handoff was signed with a key this server does not hold."
        case .expired(let expiresAt): "The handoff expired at \(expiresAt) (unix seconds)."
        case .notYetValid(let issuedAt): "The handoff is dated \(issuedAt) (unix seconds), in the future."
        case .invalidPayload(let reason): "The handoff's payload is invalid: \(reason)."
        case .badSignature: "The handoff's signature does not match its contents."
        case .storageFailed(let reason): "The handoff store failed: \(reason)."
        }
    }

    /// Machine-readable details for the HTTP error body (`error.details`):
    /// numbers, arrays of numbers and fixed phrases.
    public var details: [String: JSONValue] {
        switch self {
        case .tooLarge(let size, let limit): ["size": .int(size), "limit": .int(limit)]
        case .unsupportedVersion(let found, let supported): ["found": .int(found), "supported": .array(supported.map(JSONValue.int))]
        case .expired(let expiresAt): ["expires_at": .int(Int(expiresAt))]
        case .notYetValid(let issuedAt): ["issued_at": .int(Int(issuedAt))]
        case .malformed(let reason), .invalidPayload(let reason), .storageFailed(let reason):
            ["reason": .string(reason)]
        case .unsupportedKind, .unsupportedAlgorithm, .unknownKey, .badSignature: [:]
        }
    }

    private static func list(_ versions: [Int]) -> String {
        versions.map(String.init).joined(separator: ", ")
    }
}

extension HandoffError: CustomStringConvertible {
    /// The code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
