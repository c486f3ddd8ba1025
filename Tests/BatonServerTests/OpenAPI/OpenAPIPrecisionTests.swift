import BatonClient
import Foundation
import Testing

@testable import BatonServer

/// What a generated client needs from every operation. After adding paths,
/// this suite names what each new operation still lacks.
@Suite("OpenAPI document precision", .timeLimit(.minutes(10)))
struct OpenAPIPrecisionTests {
    typealias Object = [String: Any]

    static var document: Object { ServedOpenAPI.document }

    /// Every operation as `METHOD path` with its object.
    static var operations: [(name: String, operation: Object)] {
        let paths = document["paths"] as? [String: [String: Object]] ?? [:]
        return paths.flatMap { path, methods in methods.map { ("\($0.key.uppercased()) \(path)", $0.value) } }.sorted { $0.name < $1.name }
    }

    /// Every answer of every operation, `$ref`s resolved, as `name status`.
    static var answers: [(name: String, status: String, answer: Object)] {
        let shared = (document["components"] as? Object)?["responses"] as? [String: Object] ?? [:]
        return operations.flatMap { name, operation in
            (operation["responses"] as? [String: Object] ?? [:]).map { status, answer in
                let resolved = (answer["$ref"] as? String).flatMap { shared[String($0.split(separator: "/").last ?? "")] } ?? answer
                return (name, status, resolved)
            }
        }
    }

    @Test("every operation has a unique operationId, a summary, a description and a declared tag")
    func operationsAreDescribed() throws {
        let declared = Set((Self.document["tags"] as? [Object] ?? []).compactMap { $0["name"] as? String })
        #expect(declared.count >= 5)
        var ids: Set<String> = []
        for (name, operation) in Self.operations {
            let id = operation["operationId"] as? String ?? ""
            #expect(!id.isEmpty && ids.insert(id).inserted, "\(name): operationId missing or repeated")
            #expect((operation["summary"] as? String)?.isEmpty == false, "\(name): no summary")
            #expect(((operation["description"] as? String)?.count ?? 0) >= 20, "\(name): no description")
            let tags = operation["tags"] as? [String] ?? []
            #expect(tags.count == 1 && declared.isSuperset(of: tags), "\(name): give it one of the document's tags \(declared.sorted())")
        }
    }

    @Test("every operation documents 405 with Allow, and every answer documents X-Request-Id")
    func methodNotAllowedAndRequestID() {
        for (name, operation) in Self.operations {
            #expect((operation["responses"] as? Object)?["405"] != nil, "\(name): no 405")
        }
        for (name, status, answer) in Self.answers {
            let headers = answer["headers"] as? Object ?? [:]
            #expect(headers["X-Request-Id"] != nil, "\(name) \(status): no X-Request-Id header")
            if status == "429" { #expect(headers["Retry-After"] != nil, "\(name) 429: no Retry-After") }
            if status == "405" { #expect(headers["Allow"] != nil, "\(name) 405: no Allow") }
        }
    }

    @Test("the success answers of an operation that takes an Idempotency-Key document Idempotent-Replayed")
    func idempotentReplayHeader() {
        let idempotent = Self.operations.filter { _, operation in
            (operation["parameters"] as? [Object] ?? []).contains { ($0["$ref"] as? String)?.hasSuffix("/IdempotencyKey") == true }
        }
        #expect(
            Set(idempotent.map(\.name)).isSuperset(of: [
                "POST /v1/invites", "POST /v1/invites/batch", "PATCH /v1/invites/{id}", "POST /v1/invites/{id}/reissue",
            ]))
        for (name, status, answer) in Self.answers where status.hasPrefix("2") && idempotent.contains(where: { $0.name == name }) {
            #expect((answer["headers"] as? Object)?["Idempotent-Replayed"] != nil, "\(name) \(status)")
        }
    }

    @Test("every JSON request body and every JSON answer of the API has an example")
    func examplesEverywhere() {
        for (name, operation) in Self.operations {
            guard let body = operation["requestBody"] as? Object else { continue }
            // JSON for the API, a form for the admin pages: whichever the body is.
            let media = (body["content"] as? Object)?.values.first as? Object
            #expect(media?["examples"] != nil, "\(name): request body without an example")
        }
        for (name, status, answer) in Self.answers where name.contains(" /v1/") {
            guard let media = (answer["content"] as? Object)?["application/json"] as? Object else { continue }
            #expect((media["examples"] as? Object)?.isEmpty == false, "\(name) \(status): answer without an example")
        }
    }

    @Test("error.code is an enum of exactly the server's codes, and BatonClient models exactly those")
    func errorCodeEnum() throws {
        let schemas = try #require((Self.document["components"] as? Object)?["schemas"] as? [String: Object])
        let error = try #require((schemas["Error"]?["properties"] as? Object)?["error"] as? Object)
        let code = try #require((error["properties"] as? Object)?["code"] as? Object)
        let documented = try #require(code["enum"] as? [String])
        #expect(documented == APIErrorCatalog.codes)
        #expect(Set(BatonError.Code.allCases.map(\.rawValue)) == Set(documented))
    }

    @Test("an error answer names only codes the server emits, and every code is in some answer's examples")
    func errorAnswersNameRealCodes() {
        var exemplified: Set<String> = []
        for (name, status, answer) in Self.answers {
            let description = answer["description"] as? String ?? ""
            guard let media = (answer["content"] as? Object)?["application/json"] as? Object,
                (media["schema"] as? Object)?["$ref"] as? String == "#/components/schemas/Error"
            else { continue }
            let words = Self.lastParentheses(description).filter { $0.contains("_") && !$0.contains(".") && !$0.hasSuffix("*") }
            #expect(Set(words).isSubset(of: APIErrorCatalog.codes), "\(name) \(status) names codes the server never emits: \(words)")
            let examples = media["examples"] as? [String: Object] ?? [:]
            #expect(!examples.isEmpty, "\(name) \(status): name its codes in the description's last parentheses")
            for (code, example) in examples {
                #expect(((example["value"] as? Object)?["error"] as? Object)?["code"] as? String == code)
                exemplified.insert(code)
            }
        }
        // The HTTP layer's answers to any request, before a route is chosen.
        let never: Set<String> = ["headers_too_large", "internal_error", "uri_too_long"]
        #expect(Set(APIErrorCatalog.codes).subtracting(exemplified).subtracting(never).isEmpty, "codes no answer documents")
    }

    @Test("a redemption body is exactly one of handoff, token and code (oneOf of three closed shapes)")
    func redemptionOneOf() throws {
        let schemas = try #require((Self.document["components"] as? Object)?["schemas"] as? [String: Object])
        let branches = try #require(schemas["RedemptionRequest"]?["oneOf"] as? [Object]).compactMap { $0["$ref"] as? String }
        #expect(branches.count == 3)
        var credentials: [String] = []
        for branch in branches {
            let shape = try #require(schemas[String(branch.split(separator: "/").last ?? "")])
            #expect(shape["additionalProperties"] as? Bool == false)
            let properties = Set((shape["properties"] as? Object ?? [:]).keys)
            let required = try #require(shape["required"] as? [String])
            #expect(required.count == 1)
            credentials += required
            #expect(properties.intersection(["handoff", "token", "code"]) == Set(required), "\(branch) admits a second credential")
        }
        #expect(Set(credentials) == ["handoff", "token", "code"])
    }

    /// The comma-separated words in `text`'s last parentheses.
    static func lastParentheses(_ text: String) -> [String] {
        guard let open = text.lastIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return [] }
        return text[text.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
