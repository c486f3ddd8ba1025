import Foundation
import Testing

@testable import BatonJSON

@Suite("strict base64url", .timeLimit(.minutes(10)))
struct Base64URLTests {
    @Test("every byte string round-trips and matches Foundation's base64 with the URL alphabet and no padding", arguments: 0..<40)
    func roundTrips(_ length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) }
        let encoded = Base64URL.encode(bytes)
        let foundation = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(encoded == foundation)
        #expect(Base64URL.decode(Array(encoded.utf8)) == bytes)
    }

    @Test(
        "padding, the standard alphabet, whitespace, impossible lengths and set unused bits are refused",
        arguments: ["QQ==", "QQ=", "a+b/", "QU JD", "QUJD\n", "Q", "QUJDR", "QR", "QUJ"])
    func refusesNonCanonical(_ text: String) {
        #expect(Base64URL.decode(Array(text.utf8)) == nil)
    }
}
