import Foundation
import HTTP
import Testing

@testable import BatonServer

@Suite("Reading the bearer credential")
struct BearerTokenTests {
    @Test(
        "the credential is trimmed exactly as Foundation trims whitespace, ASCII or not",
        arguments: [
            "Bearer bk_live.abc", "bearer  bk_live.abc \t", "Bearer \tbk live\t ", "Bearer \u{00A0}bk_live\u{2003}",
            "Bearer \u{00A0}", "Bearer   ", "Bearer é\t",
        ])
    func trimsLikeFoundation(header: String) {
        let request = Request(method: "GET", pathSegments: ["x"], headers: HTTPHeaders([("Authorization", header)]))
        let expected = header.split(separator: " ", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        #expect(BatonApplication.bearerToken(request) == expected)
    }

    @Test("a header without the Bearer scheme gives no credential", arguments: ["Basic abc", "Bearer", "bk_live.abc"])
    func otherSchemes(header: String) {
        let request = Request(method: "GET", pathSegments: ["x"], headers: HTTPHeaders([("Authorization", header)]))
        #expect(BatonApplication.bearerToken(request) == nil)
    }
}
