import BatonCore
import Foundation
import Testing

@testable import BatonWorker

/// The Standard Webhooks signature against the specification's own example
/// (its libraries' test vector, recomputed with Python's `hmac`), and the
/// dispatch of ``WebhookSignature/headers(scheme:eventID:body:secrets:timestamp:)``.
@Suite("Standard Webhooks signature", .timeLimit(.minutes(10)))
struct StandardWebhookSignatureTests {
    static let secret = Array("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw".utf8)
    /// `whsec_` and base64 of 30 bytes: a second secret, as during a rotation.
    static let second = Array("whsec_c2Vjb25kLXNlY3JldC1mb3ItdGhlLXRlc3QtMzJi".utf8)
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp = 1_614_265_330
    static let body = Data(#"{"test": 2432232314}"#.utf8)
    static let expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    static let expectedSecond = "v1,Ki2G4fnMhHStQIAd70C0EVMuuwTWAiOoopa9DRuYWE0="

    @Test("the key is the base64 after whsec_, decoded; other text has none")
    func key() throws {
        let key = try #require(WebhookSecret.standardWebhooksKey(text: Self.secret))
        #expect(key.count == 24 && Data(key).base64EncodedString() == "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(WebhookSecret.standardWebhooksKey(text: Array("whsec_not base64!".utf8)) == nil)
        #expect(WebhookSecret.standardWebhooksKey(text: Array("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw".utf8)) == nil)
        #expect(WebhookSecret.standardWebhooksKey(text: Array(WebhookSecret.generate().text.utf8))?.count == 32)
    }

    @Test("the specification's example: v1 and the base64 HMAC of id.timestamp.body; two keys, space-separated, in order")
    func specificationExample() throws {
        let key = try #require(WebhookSecret.standardWebhooksKey(text: Self.secret))
        let other = try #require(WebhookSecret.standardWebhooksKey(text: Self.second))
        #expect(StandardWebhookSignature.header(id: Self.id, body: Self.body, keys: [key], timestamp: Self.timestamp) == Self.expected)
        #expect(
            StandardWebhookSignature.header(id: Self.id, body: Self.body, keys: [other, key], timestamp: Self.timestamp)
                == "\(Self.expectedSecond) \(Self.expected)")
    }

    @Test("verify accepts either key of a rotation header and refuses another body, id, key or a stale time")
    func verify() throws {
        let key = try #require(WebhookSecret.standardWebhooksKey(text: Self.secret))
        let other = try #require(WebhookSecret.standardWebhooksKey(text: Self.second))
        let header = "\(Self.expectedSecond) \(Self.expected)"
        let now = Self.timestamp + 10
        for candidate in [key, other] {
            #expect(
                StandardWebhookSignature.verify(
                    header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body, key: candidate, now: now))
        }
        #expect(
            !StandardWebhookSignature.verify(
                header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body + Data(" ".utf8), key: key, now: now))
        #expect(
            !StandardWebhookSignature.verify(
                header: header, id: "msg_other", timestamp: Self.timestamp, body: Self.body, key: key, now: now))
        #expect(
            !StandardWebhookSignature.verify(
                header: Self.expected, id: Self.id, timestamp: Self.timestamp, body: Self.body, key: other, now: now))
        #expect(
            !StandardWebhookSignature.verify(
                header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body, key: key, now: Self.timestamp + 301))
    }

    @Test(
        "headers(scheme:) sends Baton-Signature for baton, the three webhook- headers for standard_webhooks, nothing for a non-whsec secret"
    )
    func headersByScheme() throws {
        let baton = try #require(
            WebhookSignature.headers(scheme: .baton, eventID: Self.id, body: Self.body, secrets: [Self.secret], timestamp: Self.timestamp))
        #expect(baton.map(\.0) == ["Baton-Signature"])
        #expect(WebhookSignature.verify(header: baton[0].1, body: Self.body, secret: Self.secret, now: Self.timestamp))
        let standard = try #require(
            WebhookSignature.headers(
                scheme: .standardWebhooks, eventID: Self.id, body: Self.body, secrets: [Self.second, Self.secret], timestamp: Self.timestamp
            ))
        #expect(standard.map(\.0) == ["webhook-id", "webhook-timestamp", "webhook-signature"])
        #expect(standard.map(\.1) == [Self.id, "1614265330", "\(Self.expectedSecond) \(Self.expected)"])
        #expect(
            WebhookSignature.headers(
                scheme: .standardWebhooks, eventID: Self.id, body: Self.body, secrets: [Self.secret, Array("hand-chosen".utf8)],
                timestamp: Self.timestamp) == nil)
    }
}
