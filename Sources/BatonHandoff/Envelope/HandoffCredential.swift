/// The secret that redeems an invite, as the person received it.
public struct HandoffCredential: Equatable, Sendable {
    /// Which shape of credential it is.
    public enum Form: String, Sendable, CaseIterable {
        /// The 26-character link token.
        case token
        /// The typed code, normalised or not; the server normalises again.
        case code
    }

    /// Which shape of credential it is.
    public var form: Form
    /// The credential: 1–64 ASCII letters, digits and hyphens.
    public var value: String

    /// A credential; validated when minted or decoded.
    public init(form: Form, value: String) {
        self.form = form
        self.value = value
    }
}
