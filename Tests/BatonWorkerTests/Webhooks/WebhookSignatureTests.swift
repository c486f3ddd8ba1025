import Foundation
import Testing

@testable import BatonWorker

@Suite("Webhook signature", .timeLimit(.minutes(10)))
struct WebhookSignatureTests {
    static let body = Data(#"{"id":"evt","type":"invite.redeemed"}"#.utf8)
    static let newer = Array("whsec_newer-secret-for-the-test".utf8)
    static let older = Array("whsec_older-secret-for-the-test".utf8)

    @Test("a header signed under two secrets carries one v1 each, newest first, and either secret verifies it")
    func twoSecretsBothVerify() {
        let header = WebhookSignature.header(body: Self.body, secrets: [Self.newer, Self.older], timestamp: 1_700_000_000)
        #expect(header.hasPrefix("t=1700000000,v1="))
        #expect(header.split(separator: ",").filter { $0.hasPrefix("v1=") }.count == 2)
        let single = WebhookSignature.header(body: Self.body, secrets: [Self.newer], timestamp: 1_700_000_000)
        #expect(header.hasPrefix(single + ",v1="))
        for secret in [Self.newer, Self.older] {
            #expect(WebhookSignature.verify(header: header, body: Self.body, secret: secret, now: 1_700_000_010))
        }
        #expect(!WebhookSignature.verify(header: header, body: Self.body, secret: Array("whsec_another".utf8), now: 1_700_000_010))
    }

    @Test("a tampered body or a timestamp outside the tolerance fails verification")
    func tamperedOrStaleFails() {
        let header = WebhookSignature.header(body: Self.body, secrets: [Self.newer], timestamp: 1_700_000_000)
        #expect(!WebhookSignature.verify(header: header, body: Self.body + Data(" ".utf8), secret: Self.newer, now: 1_700_000_000))
        #expect(!WebhookSignature.verify(header: header, body: Self.body, secret: Self.newer, now: 1_700_000_301))
        #expect(WebhookSignature.verify(header: header, body: Self.body, secret: Self.newer, now: 1_700_000_300))
    }
}
