import Foundation

/// Media type names and the comparison that ignores parameters and case.
public enum MediaType {
    /// `application/json`.
    public static let json = "application/json"
    /// `text/html`.
    public static let html = "text/html"

    /// The essence of a `Content-Type` value: lowercased, without parameters
    /// such as `; charset=utf-8`.
    public static func essence(of contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether `contentType` names JSON (`application/json` or `+json`).
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = essence(of: contentType)
        return essence == json || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}
