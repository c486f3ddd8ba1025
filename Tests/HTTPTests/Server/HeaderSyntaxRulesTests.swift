import Testing

@testable import HTTP

/// The byte classes `HeaderSyntax` checks each header against, byte by
/// byte, against the grammar of RFC 9110 spelled out.
@Suite("Header syntax rules", .timeLimit(.minutes(10)))
struct HeaderSyntaxRulesTests {
    @Test("a name byte is a token character exactly when RFC 9110's tchar lists it")
    func tokenCharactersAreTheRFCs() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HeaderSyntax.isTokenCharacter(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }

    @Test("a value byte is refused exactly when it is a control character other than tab")
    func valueCharactersAreAllButControls() {
        for byte in UInt8.min...UInt8.max {
            let control = byte < 0x20 || byte == 0x7F
            #expect(HeaderSyntax.isValueCharacter(byte) == (!control || byte == 0x09), "byte \(byte)")
        }
    }
}
