/// Media type names and the comparison that ignores parameters and case.
public enum MediaType {
    /// `application/json`.
    public static let json = "application/json"
    /// `text/html`.
    public static let html = "text/html"

    /// The essence of a `Content-Type` value: lowercased, without parameters
    /// such as `; charset=utf-8` and without surrounding spaces. One pass
    /// over the bytes into a string of the right size: it runs twice for
    /// every request with a body (the route's check and the JSON decode),
    /// and the reversed views and array it was built through cost more than
    /// the rest of those checks.
    public static func essence(of contentType: String) -> String {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let type = bytes.prefix { $0 != UInt8(ascii: ";") }
            guard let first = type.firstIndex(where: { !isBlank($0) }), let last = type.lastIndex(where: { !isBlank($0) }) else {
                return ""
            }
            let trimmed = type[first...last]
            return String(unsafeUninitializedCapacity: trimmed.count) { buffer in
                for (offset, byte) in trimmed.enumerated() { buffer[offset] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
                return trimmed.count
            }
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static let htmlBytes = Array(html.utf8)

    /// Whether `contentType` names HTML (`text/html`, any parameters),
    /// checked without allocating: it runs on every response.
    static func isHTML(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let type = bytes.drop { $0 == UInt8(ascii: " ") }
            guard type.count >= htmlBytes.count, zip(type, htmlBytes).allSatisfy({ $0 | 0x20 == $1 }) else { return false }
            let rest = type.dropFirst(htmlBytes.count).first
            return rest == nil || rest == UInt8(ascii: ";") || rest == UInt8(ascii: " ")
        }
    }

    /// Whether `contentType` names JSON (`application/json` or `+json`).
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = essence(of: contentType)
        return essence == json || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}
