import Foundation

/// Validates JSON values against the schemas of the OpenAPI document, for
/// the keywords the document uses (JSON Schema 2020-12 meaning). A keyword it
/// does not know is itself a failure, so that a schema never passes by being
/// half understood.
struct SchemaValidator {
    /// The document's `components/schemas`, for `$ref`.
    let schemas: [String: Any]

    /// Keywords that only describe.
    private static let annotations: Set<String> = ["description", "default"]

    /// The failures of `value` against the named schema, each with its JSON path; empty when it is valid.
    func failures(of value: Any, against name: String) -> [String] {
        failures(of: value, schema: ["$ref": "#/components/schemas/\(name)"], at: "$")
    }

    private func failures(of value: Any, schema: [String: Any], at path: String) -> [String] {
        var found: [String] = []
        for (keyword, rule) in schema where !Self.annotations.contains(keyword) {
            if let failure = check(keyword, rule, value: value, schema: schema, at: path, found: &found) {
                found.append("\(path): \(failure)")
            }
        }
        return found
    }

    /// One keyword; nested failures go to `found`, this keyword's own is returned.
    private func check(
        _ keyword: String, _ rule: Any, value: Any, schema: [String: Any], at path: String, found: inout [String]
    ) -> String? {
        switch keyword {
        case "$ref":
            guard let reference = rule as? String, reference.hasPrefix("#/components/schemas/"),
                let target = schemas[String(reference.dropFirst("#/components/schemas/".count))] as? [String: Any]
            else { return "unresolved \(rule)" }
            found += failures(of: value, schema: target, at: path)
        case "type":
            let types = (rule as? [String]) ?? [rule as? String ?? ""]
            if !types.contains(where: { Self.value(value, is: $0) }) { return "not of type \(types)" }
        case "required":
            if let object = value as? [String: Any], let missing = (rule as? [String])?.first(where: { object[$0] == nil }) {
                return "missing \(missing)"
            }
        case "properties":
            guard let object = value as? [String: Any], let properties = rule as? [String: Any] else { break }
            for (name, member) in object {
                if let property = properties[name] as? [String: Any] {
                    found += failures(of: member, schema: property, at: "\(path).\(name)")
                }
            }
        case "additionalProperties":
            guard let object = value as? [String: Any] else { break }
            let known = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
            for (name, member) in object where !known.contains(name) {
                if rule as? Bool == false { found.append("\(path).\(name): not allowed") }
                if let extra = rule as? [String: Any] { found += failures(of: member, schema: extra, at: "\(path).\(name)") }
            }
        case "items":
            guard let array = value as? [Any], let items = rule as? [String: Any] else { break }
            for (index, element) in array.enumerated() { found += failures(of: element, schema: items, at: "\(path)[\(index)]") }
        case "oneOf":
            let matches = (rule as? [[String: Any]] ?? []).filter { failures(of: value, schema: $0, at: path).isEmpty }
            if matches.count != 1 { return "matches \(matches.count) of oneOf" }
        case "allOf":
            for part in rule as? [[String: Any]] ?? [] { found += failures(of: value, schema: part, at: path) }
        case "const":
            if !Self.equal(value, rule) { return "not \(rule)" }
        case "enum":
            if !(rule as? [Any] ?? []).contains(where: { Self.equal(value, $0) }) { return "not one of \(rule)" }
        case "pattern":
            guard let text = value as? String else { break }
            if text.range(of: rule as? String ?? "", options: .regularExpression) == nil { return "does not match \(rule)" }
        case "format":
            guard let text = value as? String else { break }
            if rule as? String == "uuid", UUID(uuidString: text) == nil { return "not a uuid" }
            if rule as? String == "date-time", (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) == nil {
                return "not a date-time"
            }
        case "minimum":
            if let number = value as? NSNumber, let bound = rule as? NSNumber, number.doubleValue < bound.doubleValue {
                return "below \(bound)"
            }
        case "maximum":
            if let number = value as? NSNumber, let bound = rule as? NSNumber, number.doubleValue > bound.doubleValue {
                return "above \(bound)"
            }
        case "minLength":
            if let text = value as? String, let bound = rule as? Int, text.count < bound { return "shorter than \(bound)" }
        case "maxLength":
            if let text = value as? String, let bound = rule as? Int, text.count > bound { return "longer than \(bound)" }
        default:
            return "keyword \(keyword) is unknown to this validator"
        }
        return nil
    }

    private static func value(_ value: Any, is type: String) -> Bool {
        let number = value as? NSNumber
        // JSONSerialization gives booleans as NSNumbers of type "c" (a C char).
        let isBoolean = number.map { String(cString: $0.objCType) == "c" } ?? false
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBoolean
        case "integer": return !isBoolean && number.map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "number": return !isBoolean && number != nil
        case "string": return value is String
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        default: return false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        (a as? NSObject)?.isEqual(b) ?? false
    }
}
