import Testing

@testable import BatonJSON

@Suite("JSON scanner", .timeLimit(.minutes(10)))
struct JSONScannerTests {
    /// Runs `read` over `text`; its result, or its fault, and where the scanner stopped.
    static func scan<T>(_ text: String, _ read: (inout JSONScanner) throws(JSONScanner.Fault) -> T) -> (
        Result<T, JSONScanner.Fault>, end: Int
    ) {
        Array(text.utf8).withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            let result = Result { () throws(JSONScanner.Fault) in try read(&scanner) }
            return (result, scanner.index)
        }
    }

    static func fault<T>(_ result: Result<T, JSONScanner.Fault>) -> JSONScanner.Fault? {
        guard case .failure(let fault) = result else { return nil }
        return fault
    }

    @Test("a skipped string is its bytes as written, quotes and escapes included, and the scanner stops after it")
    func skipStringKeepsBytes() throws {
        let text = #""a \"b\" \u00e9 \ud83d\ude00 é", 1"#
        let (result, end) = Self.scan(text) { scanner throws(JSONScanner.Fault) in try scanner.skipString() }
        let range = try result.get()
        #expect(range == 0..<(end))
        #expect(String(decoding: Array(text.utf8)[range], as: UTF8.self) == #""a \"b\" \u00e9 \ud83d\ude00 é""#)
    }

    @Test(
        "a string the decoding reader refuses, the skip refuses with the same fault",
        arguments: [
            #""\x""#, #""\u12g4""#, #""\ud800""#, #""\ud800\u0041""#, #""\udc00""#, "\"a\u{1}\"", "\"tab\t\"", #""open"#, #"unquoted"#,
        ])
    func skipStringRefusesWhatReadStringRefuses(text: String) throws {
        let (skipped, _) = Self.scan(text) { scanner throws(JSONScanner.Fault) in try scanner.skipString() }
        let (read, _) = Self.scan(text) { scanner throws(JSONScanner.Fault) in try scanner.readString() }
        let fault = try #require(Self.fault(read), "the decoding reader refuses it")
        #expect(Self.fault(skipped) == fault)
    }

    @Test("a skipped string with bytes that are not UTF-8 is refused")
    func skipStringRefusesInvalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xFF, 0x22],
        ] {
            let fault = bytes.withUnsafeBytes { raw in
                var scanner = JSONScanner(raw)
                return Result { () throws(JSONScanner.Fault) in try scanner.skipString() }
            }
            #expect(Self.fault(fault) == JSONScanner.Fault("invalid UTF-8"), "\(bytes)")
        }
    }

    @Test(
        "numbers of RFC 8259's grammar are skipped whole, and the scanner stops at the byte after",
        arguments: ["0", "-0", "7", "120", "1.50", "-1.5e+3", "2E9", "0.0e-0"])
    func skipNumberAcceptsTheGrammar(number: String) throws {
        let (result, end) = Self.scan(number + ",") { scanner throws(JSONScanner.Fault) in try scanner.skipNumber() }
        #expect(try result.get() == 0..<number.utf8.count)
        #expect(end == number.utf8.count)
    }

    @Test("what only looks like a number is refused", arguments: ["-", "01", "-01", "1.", ".5", "1e", "1e+", "+1", "-a", "", "1.e3"])
    func skipNumberRefusesTheRest(text: String) {
        let (result, _) = Self.scan(text) { scanner throws(JSONScanner.Fault) in try scanner.skipNumber() }
        #expect(Self.fault(result) == JSONScanner.Fault("invalid JSON number"))
    }
}
