import SafeText

/// A redeemer id, or an identity shown for a redeemer (a JWT's `email` or
/// `phone_number`, a body's `invitee`), that holds a hidden character
/// (``IdentityText``): 422 `invalid_redeemer`, whatever else the request
/// holds. Refused rather than cleaned, so that an id that looks like the
/// inviter's never redeems as someone else (docs/privacy.md).
public struct InvalidRedeemer: Error, Equatable, Sendable {
    /// The member or claim refused: `redeemer_id`, `invitee.email`, `sub`, `phone_number`, ...
    public let field: String

    /// A refusal of `field`.
    public init(field: String) {
        self.field = field
    }

    /// Refuses `text`, the value of `field`, when it holds a hidden character.
    /// - Throws: ``InvalidRedeemer`` naming `field`.
    public static func check(_ text: String, field: String) throws(InvalidRedeemer) {
        guard !IdentityText.containsHidden(text) else { throw InvalidRedeemer(field: field) }
    }

    /// The API error code.
    public var code: String { "invalid_redeemer" }

    /// A sentence for people; holds the field's name, never its value.
    public var message: String {
        "\(field) holds a hidden character (a control, format or invisible character); send the id exactly as people see it."
    }
}

extension InvalidRedeemer: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
