import Foundation
import SafeText

/// The one JSON configuration of the API: snake_case keys (converted when
/// encoding, spelled out by request types when decoding), ISO-8601 dates in
/// UTC with fractional seconds, sorted keys (stable bytes for tests, caches and
/// idempotent replays) and unescaped slashes (links read as links).
///
/// Encoders are made per call. Request bodies are read by
/// `Request.decodeJSON`, strictly (see `JSONModelDecoder`).
public enum JSONCoding {
    /// An encoder with the API's configuration.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return encoder
    }

    /// The date of a request's timestamp: ISO-8601 in UTC, with or without
    /// fractional seconds; nil for anything else.
    public static func timestamp(from text: String) -> Date? {
        (try? timestampStyle.parse(text)) ?? (try? wholeSecondStyle.parse(text))
    }

    /// `value` encoded with the API's configuration, with every hidden
    /// character inside its strings escaped (see `SafeText.hardenedJSON`), so
    /// untrusted text in a response cannot drive a terminal that prints it.
    public static func encode(_ value: some Encodable) throws -> Data {
        let data = try makeEncoder().encode(value)
        // Plain ASCII below DEL holds no hidden character: skip both copies.
        // (Over raw bytes: `Data`'s own iterator showed in preview's profile.)
        if data.withUnsafeBytes({ $0.allSatisfy { $0 < 0x7F } }) { return data }
        let text = String(decoding: data, as: UTF8.self)
        return Data(SafeText.hardenedJSON(text).utf8)
    }

    /// `2026-11-29T15:17:25.123Z`: the API's and the access log's timestamp
    /// form, the one `timestampStyle` parses.
    ///
    /// Written with integer arithmetic (as the access log writes it) from
    /// 1970 to 9999, Foundation's formatter outside that range: the formatter
    /// showed in a preview's profile, and it truncates the binary double, so a
    /// stored `.561` second could come out as `.560`; the arithmetic keeps
    /// the millisecond the database holds.
    public static func timestamp(_ date: Date) -> String {
        guard isWrittenByArithmetic(date) else { return date.formatted(timestampStyle) }
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var writer = ByteWriter(buffer)
            writer.writeTimestamp(date)
            return writer.count
        }
    }

    /// Whether ``timestamp(_:)`` writes `date` with `ByteWriter.writeTimestamp`
    /// (1970 to 9999), which a hand-written writer may then call itself.
    static func isWrittenByArithmetic(_ date: Date) -> Bool {
        (0..<253_402_300_800).contains(date.timeIntervalSince1970)
    }

    /// Whether `utf8` can stand between JSON quotes as it is: printable ASCII
    /// without quote or backslash, so no escape and no hidden character.
    /// The hand-written writers copy such text and send the rest through
    /// the escaping path.
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every byte is looked at, with no branch: the loop compiles to vector
        // instructions, much faster than `allSatisfy`'s early exit over a
        // preview's handoff, where nearly every string is plain anyway.
        var rejected: UInt8 = 0
        for byte in utf8 {
            // Below 0x20 wraps around past 0x5E: one comparison for the printable range.
            let unprintable: UInt8 = byte &- 0x20 > 0x5E ? 1 : 0
            rejected |= unprintable | (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0)
        }
        return rejected == 0
    }

    /// Parses (and outside ``timestamp(_:)``'s range formats) the API's timestamps.
    public static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static let wholeSecondStyle = Date.ISO8601FormatStyle()
}
