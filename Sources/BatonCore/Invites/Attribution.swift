/// Where an invite came from, as the backend labels it: a `source` (the
/// surface that made it: `share_sheet`, `onboarding`) and a `campaign`. Each
/// is 1–64 characters of `a-z 0-9 _ . -`, lower-cased on the way in, kept on
/// the invite and shown on every receipt, webhook body and list of it, so
/// the funnel can later be broken down by them.
public struct Attribution: Sendable, Equatable {
    /// Characters of each label.
    public static let length = 1...64

    /// The source label, if given.
    public var source: String?
    /// The campaign label, if given.
    public var campaign: String?

    /// Labels already validated (as read back from the database).
    public init(source: String? = nil, campaign: String? = nil) {
        self.source = source
        self.campaign = campaign
    }

    /// Validates the labels a request sends; `prefix` names the item (`invites.3.`).
    /// - Throws: `InviteError.validationFailed` naming the first bad label.
    public init(source: String?, campaign: String?, field prefix: String) throws(InviteError) {
        self.source = try Self.label(source, field: prefix + "source")
        self.campaign = try Self.label(campaign, field: prefix + "campaign")
    }

    private static func label(_ text: String?, field: String) throws(InviteError) -> String? {
        guard let text else { return nil }
        let label = text.lowercased()
        guard length.contains(label.utf8.count), label.utf8.allSatisfy(isAllowed) else {
            throw .validationFailed(field: field, reason: "must have 1 to 64 characters of a-z, 0-9, _, . and -")
        }
        return label
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
