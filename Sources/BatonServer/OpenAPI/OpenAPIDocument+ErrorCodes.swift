import BatonJSON
import Foundation
import HTTP

/// The error codes of the document: the `error.code` enum and the examples
/// of error answers, both from ``APIErrorCatalog``.
extension OpenAPIBuilders {
    /// The codes an error answer's `description` names in its last
    /// parentheses, in order; `prefix_*` stands for every catalog code with
    /// that prefix. Words that are not codes (`details.field`) are skipped.
    static func errorCodes(in description: String) -> [String] {
        guard let open = description.lastIndex(of: "("), let close = description[open...].firstIndex(of: ")") else { return [] }
        return description[description.index(after: open)..<close].split(separator: ",").flatMap { word -> [String] in
            let word = word.trimmingCharacters(in: .whitespaces)
            if word.hasSuffix("*") { return APIErrorCatalog.codes.filter { $0.hasPrefix(word.dropLast()) } }
            return APIErrorCatalog.codes.contains(word) ? [word] : []
        }
    }

    /// `error` as the server writes it: `{"error": {"code", "message", "details"}}`.
    static func errorExample(_ error: any HTTPErrorConvertible) -> Object {
        ["error": ["code": .string(error.code), "message": .string(error.message), "details": .object(error.details)]]
    }
}
