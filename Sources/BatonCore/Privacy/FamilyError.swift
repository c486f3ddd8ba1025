/// Why a family request was refused.
public enum FamilyError: Error, Equatable, Sendable {
    /// No invite was ever made for this family id (or the id is not 1–128 characters).
    case notFound

    /// The stable machine code.
    public var code: String {
        switch self {
        case .notFound: "family_not_found"
        }
    }

    /// A human message, built only from Baton's own words.
    public var message: String {
        switch self {
        case .notFound: "No invite was ever made for this family."
        }
    }
}

extension FamilyError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
