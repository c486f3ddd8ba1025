import Foundation
import SafeText

/// Checks on URL text as written, done by hand because Foundation's parsers
/// are lenient: `URLComponents(string:)` quietly percent-encodes spaces,
/// non-ASCII text and stray `%` signs, which would hide what was really sent.
enum PercentEncoding {
    /// Why `url` is not RFC 3986 text, or `nil` when every character is one a
    /// URL may contain literally and every `%` starts a `%XX` escape.
    static func problem(in url: String) -> String? {
        let bytes = Array(url.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return "a % sign at byte \(index + 1) does not start a %XX escape"
                }
                index += 3
                continue
            }
            guard isURLCharacter(byte) else {
                return "byte \(index + 1) is a space, control or non-ASCII character, or one URLs must escape"
            }
            index += 1
        }
        return nil
    }

    /// `text` with every byte outside RFC 3986's unreserved set as `%XX`.
    static func encoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// The text `encoded` stands for, or `nil` when its bytes are not UTF-8.
    /// `encoded` must have passed ``problem(in:)``.
    static func decoded(_ encoded: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next() {
                bytes.append(hexValue(high) << 4 | hexValue(low))
            } else {
                bytes.append(byte)
            }
        }
        return validUTF8(bytes)
    }

    /// Decodes strictly: `String(bytes:encoding:)` would silently drop a
    /// leading byte order mark, which is exactly what must be seen.
    static func validUTF8(_ bytes: [UInt8]) -> String? {
        var text = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.append(scalar)
            case .emptyInput: return String(text)
            case .error: return nil
            }
        }
    }

    /// Whether decoded text contains a control (Cc) or format (Cf) character,
    /// or a line or paragraph separator. Unlike ``HiddenCharacters``, this
    /// also refuses the zero-width joiner and non-joiner: a host, path or
    /// credential never needs them, and they make two different URLs look alike.
    static func containsHidden(_ text: String) -> Bool {
        text.unicodeScalars.contains { HiddenCharacters.isHidden($0) || $0 == "\u{200C}" || $0 == "\u{200D}" }
    }

    /// Whether a path component is `.` or `..`, also when its dots are written `%2E`.
    static func isDotSegment(_ component: Substring) -> Bool {
        let dots = component.lowercased().replacingOccurrences(of: "%2e", with: ".")
        return dots == "." || dots == ".."
    }

    /// Unreserved, reserved (gen-delims and sub-delims) characters and `%`,
    /// except `[` and `]`: they are only valid around an IPv6 literal host,
    /// which an invite link never uses.
    static func isURLCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~:/?#@!$&'()*+,;=".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: byte - UInt8(ascii: "A") + 10
        }
    }
}
