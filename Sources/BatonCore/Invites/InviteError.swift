/// Why an invite request was refused. `code` is the stable wire code
/// (`error.code` in the API); messages never repeat the caller's input.
public enum InviteError: Error, Equatable, Sendable {
    /// No invite has this id (or the id is not a UUID).
    case notFound
    /// A field is missing, out of range or malformed; `field` is its path in
    /// the request, such as `family_name` or `invites.3.ttl_seconds`.
    case validationFailed(field: String, reason: String)
    /// Fresh codes kept colliding with stored ones: the code space of the
    /// configured `BATON_CODE_LENGTH` is nearly full.
    case codeSpaceExhausted
    /// Only an active invite can be changed or reissued; this one is used
    /// up, expired or revoked.
    case notActive
    /// `max_redemptions` would fall below the redemptions the invite already has.
    case maxRedemptionsBelowCount(count: Int)
    /// `locale` is not one of ``PageLanguage/supportedTags``; `field` is its
    /// path in the request (`locale`, `invites.3.locale`).
    case unsupportedLocale(field: String)

    /// The stable snake_case machine code.
    public var code: String {
        switch self {
        case .notFound: "invite_not_found"
        case .validationFailed: "validation_failed"
        case .codeSpaceExhausted: "code_space_exhausted"
        case .notActive: "invite_not_active"
        case .maxRedemptionsBelowCount: "max_redemptions_below_count"
        case .unsupportedLocale: "unsupported_locale"
        }
    }

    /// A human message, built only from Baton's own words.
    public var message: String {
        switch self {
        case .notFound: "No invite has this id."
        case .validationFailed(let field, let reason): "\(field) \(reason)."
        case .codeSpaceExhausted: "No unused invite code could be found; raise BATON_CODE_LENGTH."
        case .notActive: "Only an active invite can be changed or reissued."
        case .maxRedemptionsBelowCount(let count): "max_redemptions must be at least the \(count) redemptions the invite has."
        case .unsupportedLocale(let field): "\(field) must be one of the supported locales (details.supported)."
        }
    }
}

extension InviteError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
