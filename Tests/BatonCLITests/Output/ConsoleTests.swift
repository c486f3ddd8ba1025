import Foundation
import Testing

@testable import BatonCLI

@Suite("Console", .timeLimit(.minutes(10)))
struct ConsoleTests {
    @Test("JSON output escapes every hidden character and still parses to the original text")
    func jsonIsHardened() throws {
        let hostile = "Fam\u{202E}ily\u{1B}[31m\u{2028}\u{85}\u{7F}"
        let text = Console.jsonText(["name": hostile])
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII && ($0.value >= 0x20 || $0 == "\n") && $0.value != 0x7F })
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed?["name"] == hostile)
    }

    @Test("table cells are escaped and columns aligned")
    func tableIsEscaped() {
        let text = Console.tableText(["A", "B"], [["x\u{1B}", "1"], ["long value", "2"]])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == ["A" + String(repeating: " ", count: 11) + "B", "x\\u{001B}   1", "long value  2"])
    }
}
