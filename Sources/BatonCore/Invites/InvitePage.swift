import Foundation

/// What `GET /v1/invites` asks for: filters, page size and where to resume.
public struct InviteQuery: Sendable, Equatable {
    /// Page sizes accepted.
    public static let limitRange = 1...100
    /// Only this family's invites, when set.
    public var familyID: String?
    /// Only this inviter's invites (`inviter_id`), when set.
    public var inviterID: String?
    /// Only invites in this effective state, when set.
    public var state: Invite.State?
    /// Invites per page, within ``limitRange``.
    public var limit: Int = 50
    /// Resume after this cursor, when set.
    public var after: InviteCursor?

    /// A query; the defaults list everything, 50 per page.
    public init(
        familyID: String? = nil, inviterID: String? = nil, state: Invite.State? = nil, limit: Int = 50, after: InviteCursor? = nil
    ) {
        self.familyID = familyID
        self.inviterID = inviterID
        self.state = state
        self.limit = limit
        self.after = after
    }
}

/// One page of invites, newest first, and the cursor of the next page (nil on the last).
public struct InvitePage: Sendable, Equatable {
    /// The invites, newest first.
    public var invites: [Invite]
    /// Where the next page starts; nil on the last page.
    public var next: InviteCursor?
}

/// The opaque `after` cursor of keyset pagination: the last invite's
/// `(created_at, id)`, base64url-encoded so clients treat it as a token.
public struct InviteCursor: Sendable, Equatable {
    var createdMicros: Int64
    var id: UUID

    init(createdMicros: Int64, id: UUID) {
        self.createdMicros = createdMicros
        self.id = id
    }

    /// Parses a cursor this server issued.
    /// - Throws: `InviteError.validationFailed` (field `after`) for anything else.
    public init(parsing text: String) throws(InviteError) {
        let invalid = InviteError.validationFailed(field: "after", reason: "is not a cursor this API returned")
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard text.count <= 96, let data = Data(base64Encoded: base64) else { throw invalid }
        let parts = String(decoding: data, as: UTF8.self).split(separator: "/")
        guard parts.count == 2, let micros = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { throw invalid }
        self.init(createdMicros: micros, id: id)
    }

    /// The cursor as clients see it.
    public var text: String {
        Data("\(createdMicros)/\(id.uuidString.lowercased())".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
