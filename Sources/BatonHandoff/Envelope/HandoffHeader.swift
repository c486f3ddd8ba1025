import Foundation

/// The protected header of an envelope: the first JWS segment.
///
/// Wire form (canonical, keys sorted):
/// `{"alg":"HS256","exp":…,"iat":…,"kid":"…","kind":"invite","typ":"baton-handoff+jws","v":1}`.
/// `typ`, `v`, `iat` and `exp` form the frame every version keeps, so an
/// older reader can still date a newer envelope it forwards unread.
public struct HandoffHeader: Equatable, Sendable {
    /// The `typ` every Baton envelope carries.
    public static let type = "baton-handoff+jws"

    /// How the envelope is authenticated.
    public var algorithm: HandoffAlgorithm
    /// The server key that MAC'd it; present exactly when `algorithm` is `.hs256`.
    public var keyID: String?
    /// What the payload describes.
    public var kind: HandoffKind
    /// The payload's schema version.
    public var version: Int
    /// When it was written, in unix seconds.
    public var issuedAt: Int64
    /// When it stops being accepted, in unix seconds.
    public var expiresAt: Int64

    /// A header; the encoder checks the combination before minting.
    public init(algorithm: HandoffAlgorithm, keyID: String?, kind: HandoffKind, version: Int, issuedAt: Int64, expiresAt: Int64) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.kind = kind
        self.version = version
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// `issuedAt` as a date.
    public var issuedDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
    /// `expiresAt` as a date.
    public var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }

    /// The header as the canonical writer's fields.
    var fields: HandoffFields {
        HandoffFields(Dictionary(uniqueKeysWithValues: members.lazy.map { ($0.key, $0.value) }))
    }

    /// The header's members in canonical (byte-wise sorted) key order.
    var members: [(key: String, value: HandoffValue)] {
        var members: [(key: String, value: HandoffValue)] = [
            ("alg", .string(algorithm.rawValue)), ("exp", .integer(expiresAt)), ("iat", .integer(issuedAt)),
        ]
        if let keyID { members.append(("kid", .string(keyID))) }
        members += [("kind", .string(kind.rawValue)), ("typ", .string(Self.type)), ("v", .integer(Int64(version)))]
        return members
    }
}
