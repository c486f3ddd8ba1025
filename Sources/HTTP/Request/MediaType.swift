/// Media type names and the comparison that ignores parameters and case.
public enum MediaType {
    /// `application/json`.
    public static let json = "application/json"
    /// `text/html`.
    public static let html = "text/html"

    /// The essence of a `Content-Type` value: lowercased, without parameters
    /// such as `; charset=utf-8` and without surrounding spaces.
    public static func essence(of contentType: String) -> String {
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let trimmed = type.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return String(decoding: trimmed.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

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
