import Foundation
import Testing

@testable import BatonClient
@testable import BatonServer

/// The document's examples read by the client an iOS team ships: if an
/// example and `BatonClient`'s models disagree, one of them is wrong.
@Suite("OpenAPI examples decode with BatonClient's models", .timeLimit(.minutes(10)))
struct OpenAPIExampleTests {
    typealias Object = [String: Any]

    /// A page of `GET /v1/invites`, read with the client's `Invite`.
    struct InvitePage: Decodable {
        let invites: [Invite]
        let nextCursor: String?
    }

    /// A batch create's answer.
    struct CreatedBatch: Decodable {
        let invites: [CreatedInvite]
    }

    /// The client's model of each operation's success body.
    static var models: [String: any Decodable.Type] {
        [
            "previewInvite": InvitePreview.self, "resolveInvocation": InvitePreview.self, "validateHandoff": HandoffValidation.self,
            "redeemInvite": RedemptionReceipt.self, "createInvite": CreatedInvite.self, "createInvites": CreatedBatch.self,
            "getInvite": Invite.self, "revokeInvite": Invite.self, "listInvites": InvitePage.self,
        ]
    }

    /// Every JSON example of every answer as (operationId, status, example body).
    static func examples() -> [(operation: String, status: Int, body: Data)] {
        let answers = OpenAPIPrecisionTests.answers
        let ids = Dictionary(OpenAPIPrecisionTests.operations.map { ($0.name, $0.operation["operationId"] as? String ?? "") }) { a, _ in a }
        return answers.flatMap { name, status, answer -> [(String, Int, Data)] in
            let media = (answer["content"] as? Object)?["application/json"] as? Object
            let examples = media?["examples"] as? [String: Object] ?? [:]
            return examples.values.compactMap { example in
                guard let value = example["value"], let data = try? JSONSerialization.data(withJSONObject: value) else { return nil }
                return (ids[name] ?? "", Int(status) ?? 0, data)
            }
        }
    }

    @Test("every success example of an operation the client calls decodes with its model")
    func successExamplesDecode() throws {
        var decoded: Set<String> = []
        for (operation, status, body) in Self.examples() where (200..<300).contains(status) {
            guard let model = Self.models[operation] else { continue }
            #expect(throws: Never.self, "\(operation) \(status)") { _ = try BatonClient.makeDecoder().decode(model, from: body) }
            decoded.insert(operation)
        }
        #expect(decoded == Set(Self.models.keys))
    }

    @Test("every error example decodes as the BatonError case of its code, none as unknown")
    func errorExamplesDecode() throws {
        var codes: Set<String> = []
        for (operation, status, body) in Self.examples() where status >= 400 {
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? Object)
            let code = try #require((object["error"] as? Object)?["code"] as? String)
            let error = BatonError(status: status, body: body, retryAfter: status == 429 ? "30" : nil)
            #expect(error.knownCode?.rawValue == code, "\(operation) \(status) \(code) decoded as \(error)")
            codes.insert(code)
        }
        #expect(codes.count >= 35)
    }
}
