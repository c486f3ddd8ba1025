import Foundation
import Testing

/// One vector of `Tests/Fixtures/url-vectors.json` (shared with BatonLinksTests).
struct URLVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Repeat: Decodable, Sendable {
        let text: String
        let times: Int
    }

    let name: String
    let url: String
    let expect: String
    let value: String?
    let append: Repeat?
    let padTo: Int?

    var testDescription: String { name }

    /// The URL with its repetitions and padding applied.
    var fullURL: String {
        var text = url
        if let append { text += String(repeating: append.text, count: append.times) }
        if let padTo { text += String(repeating: "a", count: max(0, padTo - text.utf8.count)) }
        return text
    }

    /// Every vector whose outcome does not depend on the fixture's second
    /// allowed host (the server allows only its public host).
    static let all: [URLVector] = {
        struct File: Decodable { let vectors: [URLVector] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Fixtures/url-vectors.json")
        let file = try? JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return (file?.vectors ?? []).filter { !$0.url.lowercased().contains("invite.example.org") }
    }()
}

@Suite("POST /v1/invocations", .timeLimit(.minutes(10)))
struct InvocationRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(
            rateLimited: false, environment: ["BATON_PUBLIC_BASE_URL": "https://baton.example"], anonymous: true)
    }

    @Test("a valid invite link answers the preview")
    func validLink() throws {
        let invite = try app.makeInvite()
        let url = "https://baton.example/invite/\(invite.token.text)?utm_source=sms"
        let response = try client.post("/v1/invocations", json: ["url": url])
        #expect(response.status == 200)
        #expect(response.json["family_name"] as? String == "The Okafor family")
        let handoff = try #require(response.json["handoff"] as? String)
        let validated = try client.post("/v1/handoffs/validate", json: ["handoff": handoff])
        #expect((validated.json["payload"] as? [String: Any])?["source"] as? String == url)
    }

    @Test("every URL vector gets its verdict over HTTP", arguments: URLVector.all)
    func vectors(vector: URLVector) throws {
        let response = try client.post("/v1/invocations", json: ["url": vector.fullURL])
        if vector.expect == "valid" {
            #expect(response.status == 404)
            #expect(response.errorCode == "invite_not_found")
        } else {
            #expect(response.status == 422)
            #expect(response.errorCode == "invalid_invocation")
            #expect(response.errorDetails["reason"] as? String == vector.expect)
            if let value = vector.value { #expect(response.errorDetails["value"] as? String == value) }
        }
    }

    @Test("the vectors file was found")
    func vectorsLoaded() {
        #expect(URLVector.all.count > 90)
    }
}
