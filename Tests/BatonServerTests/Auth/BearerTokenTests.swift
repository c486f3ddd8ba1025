import Foundation
import HTTP
import Testing

@testable import BatonServer

@Suite("Reading the bearer credential", .timeLimit(.minutes(10)))
struct BearerTokenTests {
    /// The reading before the byte scan, kept here as the reference the scan must agree with.
    private static func splitReading(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    @Test(
        "the credential is read exactly as splitting on a space and trimming Foundation's whitespace reads it, ASCII or not",
        arguments: [
            "Bearer bk_live.abc", "bearer  bk_live.abc \t", "Bearer \tbk live\t ", "Bearer \u{00A0}bk_live\u{2003}",
            "Bearer \u{00A0}", "Bearer   ", "Bearer é\t", "  Bearer x", "BEARER x", "BeArEr x y", "Bearer  ", "Bearer \t",
            "Bearer", "Bearer ", "Bearerx y", "Bearer\tx", "Basic abc", "bk_live.abc", "", " ", "   Bearer", "Bearer \u{0301}x",
            "Bearer é", "Bé x", "Bearer x\u{0301} ", "Bearér x", "@earer x", "Bearer\u{0301} x",
        ])
    func readsLikeSplit(header: String) {
        let request = Request(method: "GET", pathSegments: ["x"], headers: HTTPHeaders([("Authorization", header)]))
        #expect(BatonApplication.bearerToken(request) == Self.splitReading(header))
    }

    @Test("a header without the Bearer scheme gives no credential", arguments: ["Basic abc", "Bearer", "bk_live.abc"])
    func otherSchemes(header: String) {
        let request = Request(method: "GET", pathSegments: ["x"], headers: HTTPHeaders([("Authorization", header)]))
        #expect(BatonApplication.bearerToken(request) == nil)
    }

    @Test(
        "a credential is JWT-shaped exactly when splitting on dots gives three segments",
        arguments: [
            "a.b.c", "..", "a.b", "a.b.c.d", "bk_0123456789ab_" + String(repeating: "a", count: 40), "", ".", "é.b.c", "a.\u{0301}b.c",
            "a.b.c\u{0301}", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig",
        ])
    func jwtShape(credential: String) {
        let expected = credential.split(separator: ".", omittingEmptySubsequences: false).count == 3
        #expect(BearerCredential.isJWTShaped(credential) == expected)
    }
}
