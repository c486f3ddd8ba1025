import Foundation
import Testing

@testable import BatonJSON

@Suite("Log line writer", .timeLimit(.minutes(10)))
struct ByteWriterTests {
    /// What `write` puts into a buffer of `capacity` bytes.
    static func written(capacity: Int, _ write: (inout ByteWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ByteWriter(buffer)
            write(&writer)
            return writer.count
        }
    }

    static let instants: [TimeInterval] = [
        // Binary fractions, so float rounding of milliseconds cannot differ.
        0, 951_782_400.5, 951_868_799.875, 1_709_164_800.125, 1_800_000_000.25, 4_107_542_399.75, 4_107_628_800,
    ]

    @Test("timestamps match Foundation's ISO-8601 form, leap days and centuries included", arguments: instants)
    func timestamp(seconds: TimeInterval) {
        let date = Date(timeIntervalSince1970: seconds)
        let written = Self.written(capacity: 64) { $0.writeTimestamp(date) }
        #expect(written == date.formatted(JSONCoding.timestampStyle))
    }

    @Test(
        "durations are milliseconds with three decimals",
        arguments: [
            (Duration.zero, "0.000"), (.microseconds(1), "0.001"), (.milliseconds(12) + .microseconds(345), "12.345"),
            (.seconds(3), "3000.000"),
        ])
    func duration(duration: Duration, expected: String) {
        let written = Self.written(capacity: 64) { $0.writeMilliseconds(duration) }
        #expect(written == expected)
    }

    @Test(
        "integers are written in decimal as String(_:) writes them, signs, widths and extremes included",
        arguments: [
            (0, "0"), (7, "7"), (10, "10"), (200, "200"), (-45, "-45"), (65_536, "65536"), (999_999_999_999_999_999, "999999999999999999"),
            (1_000_000_000_000_000_000, "1000000000000000000"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
        ])
    func decimal(value: Int, expected: String) {
        let written = Self.written(capacity: 64) { $0.writeDecimal(value) }
        #expect(written == expected)
    }

    @Test("a number that does not fit keeps its leading digits and stops at the end of the buffer")
    func truncation() {
        let written = Self.written(capacity: 5) {
            $0.write("ab")
            $0.writeDecimal(123_456)
        }
        #expect(written == "ab123")
    }
}
