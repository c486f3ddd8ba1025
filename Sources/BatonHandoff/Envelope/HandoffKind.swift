/// What a handoff describes. Each kind is bound to one algorithm, so an
/// unsigned envelope can never claim the fields only the server may vouch for.
public enum HandoffKind: String, Sendable, CaseIterable {
    /// A previewed invite minted by the server: credential, family and inviter
    /// names, invocation URL. Always `HS256`.
    case invite
    /// A code the person typed into the clip before any network call: the
    /// credential only. Always `none`.
    case typedCode = "typed_code"

    /// The one algorithm this kind is minted with.
    public var algorithm: HandoffAlgorithm {
        switch self {
        case .invite: .hs256
        case .typedCode: .none
        }
    }
}
