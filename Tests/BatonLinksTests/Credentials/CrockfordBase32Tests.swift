import Testing

@testable import BatonLinks

@Suite("Crockford base32", .timeLimit(.minutes(10)))
struct CrockfordBase32Tests {
    @Test("every ASCII character reads as its upper case with I and L as 1 and O as 0, and U and the rest are refused")
    func asciiReadsAsNormalised() {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        for byte in UInt8(0)..<0x80 {
            var normalised = Character(Character(Unicode.Scalar(byte)).uppercased())
            if normalised == "I" || normalised == "L" { normalised = "1" }
            if normalised == "O" { normalised = "0" }
            #expect(
                CrockfordBase32.value(ofTyped: Unicode.Scalar(byte)) == alphabet.firstIndex(of: normalised).map(UInt8.init), "byte \(byte)")
        }
        #expect(CrockfordBase32.value(ofTyped: "é") == nil)
    }
}
