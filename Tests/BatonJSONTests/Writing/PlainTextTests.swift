import Testing

@testable import BatonJSON

@Suite("Plain text for the hand-written JSON writers", .timeLimit(.minutes(10)))
struct PlainTextTests {
    @Test("a byte is plain only when it is printable ASCII other than quote and backslash, wherever it stands", arguments: 0...255)
    func plainBytes(value: Int) {
        let byte = UInt8(value)
        let expected = byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        // Alone, and first or last of a run long enough for the vectorized loop and its tail.
        for (length, position) in [(1, 0), (301, 0), (301, 300)] {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            text[position] = byte
            #expect(text.withUnsafeBufferPointer(JSONCoding.isPlain) == expected)
        }
    }
}
