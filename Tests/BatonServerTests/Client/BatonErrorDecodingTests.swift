import Foundation
import Testing

@testable import BatonClient

@Suite("BatonError reads an error answer", .timeLimit(.minutes(10)))
struct BatonErrorDecodingTests {
    static func body(_ code: String, _ details: String = "{}") -> Data {
        Data(#"{"error": {"code": "\#(code)", "message": "ignored", "details": \#(details)}}"#.utf8)
    }

    @Test("every code of BatonError.Code decodes to its own case and back to the code")
    func everyCodeRoundTrips() {
        for code in BatonError.Code.allCases {
            let error = BatonError(status: 400, body: Self.body(code.rawValue), retryAfter: nil)
            #expect(error.knownCode == code && error.code == code.rawValue, "\(code)")
        }
    }

    @Test("details that matter become associated values; Retry-After wins over the body's seconds")
    func detailsAreKept() {
        #expect(
            BatonError(status: 429, body: Self.body("rate_limited", #"{"retry_after_seconds": 9}"#), retryAfter: "12")
                == .rateLimited(retryAfter: 12))
        #expect(
            BatonError(status: 429, body: Self.body("rate_limited", #"{"retry_after_seconds": 9}"#), retryAfter: nil)
                == .rateLimited(retryAfter: 9))
        #expect(
            BatonError(status: 422, body: Self.body("validation_failed", #"{"field": "ttl_seconds"}"#), retryAfter: nil)
                == .validationFailed(field: "ttl_seconds"))
        #expect(
            BatonError(status: 422, body: Self.body("handoff_unsupported_version", #"{"found": 4, "supported": [1, 2]}"#), retryAfter: nil)
                == .handoffUnsupportedVersion(found: 4, supported: [1, 2]))
        #expect(BatonError(status: 503, body: Self.body("unavailable"), retryAfter: "1").retryAfter == 1)
    }

    @Test("a newer server's code is unknown(code:status:); a malformed code or a body that is not Baton's is unexpectedResponse")
    func unknownAndUnreadable() {
        #expect(BatonError(status: 409, body: Self.body("invite_paused"), retryAfter: nil) == .unknown(code: "invite_paused", status: 409))
        #expect(BatonError(status: 400, body: Self.body("Invite\u{202E}Expired"), retryAfter: nil) == .unexpectedResponse(status: 400))
        #expect(BatonError(status: 502, body: Data("<html>Bad gateway</html>".utf8), retryAfter: nil) == .unexpectedResponse(status: 502))
        #expect(BatonError.unexpectedResponse(status: 502).code == "unexpected_response")
    }

    @Test("only transport failures that may pass, 429, 503 and a key in use are transient")
    func transience() {
        #expect(BatonError.transport(.timedOut).isTransient && BatonError.rateLimited(retryAfter: 1).isTransient)
        #expect(!BatonError.transport(.badURL).isTransient && !BatonError.transport(.unsupportedURL).isTransient)
        #expect(BatonError.unavailable(retryAfter: nil).isTransient)
        #expect(
            !BatonError.inviteUsedUp.isTransient && !BatonError.handoffAlreadyUsed.isTransient && !BatonError.codeSpaceExhausted.isTransient
        )
    }
}
