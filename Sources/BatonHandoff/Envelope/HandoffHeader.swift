import Foundation

/// The protected header of an envelope: the first JWS segment.
///
/// Wire form (canonical, keys sorted):
/// `{"alg":"HS256","exp":…,"iat":…,"jti":"…","kid":"…","kind":"invite","typ":"baton-handoff+jws","v":2}`.
/// Version 1 has no `jti`.
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
    /// The envelope's own random id (`jti`), which the server keys single
    /// use on: present exactly when `algorithm` is `.hs256`, from version 2 on.
    public var id: String?

    /// The first version whose signed envelopes carry a `jti`.
    public static let firstVersionWithID = 2

    /// A header; the encoder checks the combination before minting.
    public init(
        algorithm: HandoffAlgorithm, keyID: String?, kind: HandoffKind, version: Int, issuedAt: Int64, expiresAt: Int64,
        id: String? = nil
    ) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.kind = kind
        self.version = version
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.id = id
    }

    /// `issuedAt` as a date.
    public var issuedDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
    /// `expiresAt` as a date.
    public var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }

    /// The header as the canonical writer's fields.
    var fields: HandoffFields {
        var fields = HandoffFields()
        writeMembers(to: &fields)
        return fields
    }

    /// Hands the header's members to `sink` in canonical (byte-wise sorted) key order.
    func writeMembers(to sink: inout some CanonicalMemberSink) {
        sink.member("alg", algorithm.rawValue)
        sink.member("exp", expiresAt)
        sink.member("iat", issuedAt)
        if let id { sink.member("jti", id) }
        if let keyID { sink.member("kid", keyID) }
        sink.member("kind", kind.rawValue)
        sink.member("typ", Self.type)
        sink.member("v", Int64(version))
    }
}
