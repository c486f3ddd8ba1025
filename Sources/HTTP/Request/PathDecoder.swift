/// Percent-decoding of request paths and query components, done exactly
/// once. libmicrohttpd is told not to unescape (see `Server`), so the bytes
/// here are as the client sent them.
enum PathDecoder {
    /// The decoded segments of `rawPath` (which starts with `/`). The raw path
    /// is split on `/` first and each segment decoded after, so an encoded
    /// slash stays inside its segment rather than creating a new one.
    ///
    /// - Throws: 400 `invalid_request` for a path that does not start with
    ///   `/`, a bad escape, an encoded NUL or control character, invalid
    ///   UTF-8, or a `.` / `..` segment (raw or encoded).
    static func segments(of rawPath: UnsafeRawBufferPointer) throws(HTTPError) -> [String] {
        guard rawPath.first == UInt8(ascii: "/") else {
            throw .invalidRequest("The request path must start with '/'.")
        }
        // Walked by index rather than with `split`, whose list of slices
        // would be one more allocation per request; over typed bytes, so that
        // a plain segment becomes a `String` by a copy (a raw slice took
        // `String(decoding:)`'s generic path).
        let rawPath = rawPath.assumingMemoryBound(to: UInt8.self)
        let slash = UInt8(ascii: "/")
        var segments: [String] = []
        segments.reserveCapacity(rawPath.count { $0 == slash })
        var start = rawPath.startIndex + 1
        while true {
            let end = rawPath[start...].firstIndex(of: slash) ?? rawPath.endIndex
            let segment = try decode(UnsafeBufferPointer(rebasing: rawPath[start..<end]), plusIsSpace: false)
            // The length test spares the string comparisons for nearly every segment.
            if segment.utf8.count <= 2, segment == "." || segment == ".." {
                throw .invalidRequest("The request path must not contain '.' or '..' segments.")
            }
            segments.append(segment)
            guard end != rawPath.endIndex else { return segments }
            start = end + 1
        }
    }

    /// `raw` with every `%XX` replaced by its byte (and `+` by a space when
    /// `plusIsSpace`, for query components), checked to be UTF-8 without
    /// NUL or other C0 control characters.
    static func decode(_ raw: some Collection<UInt8>, plusIsSpace: Bool) throws(HTTPError) -> String {
        // Fast path: printable ASCII with nothing to decode is its own text.
        if raw.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            return String(decoding: raw, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            raw.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != raw.endIndex, let high = hexValue(raw[index]) else { throw badEscape }
                raw.formIndex(after: &index)
                guard index != raw.endIndex, let low = hexValue(raw[index]) else { throw badEscape }
                raw.formIndex(after: &index)
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw .invalidRequest("The request URI must not contain NUL or control characters.")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidRequest("The request URI is not valid UTF-8.")
        }
        return text
    }

    private static let badEscape = HTTPError.invalidRequest("The request URI has a malformed percent-escape.")

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
