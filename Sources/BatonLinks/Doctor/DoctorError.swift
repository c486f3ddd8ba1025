/// Input the doctor cannot read at all (`baton doctor` exits 2); everything
/// it can read but finds wrong is a ``Finding`` instead.
public enum DoctorError: Error, Equatable, Sendable {
    /// Which input was unreadable.
    public enum Input: String, Sendable {
        case appEntitlements = "app entitlements", clipEntitlements = "clip entitlements"
    }

    case tooLarge(Input, limit: Int)
    case notAPropertyList(Input)
    case notADictionary(Input)

    /// Stable machine code.
    public var code: String {
        switch self {
        case .tooLarge: "entitlements_too_large"
        case .notAPropertyList: "entitlements_unreadable"
        case .notADictionary: "entitlements_not_a_dictionary"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .tooLarge(let input, let limit): "the \(input.rawValue) file is larger than \(limit) bytes"
        case .notAPropertyList(let input): "the \(input.rawValue) file is not a property list"
        case .notADictionary(let input): "the \(input.rawValue) property list is not a dictionary"
        }
    }
}

extension DoctorError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
