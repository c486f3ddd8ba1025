import BatonJSON
import HTTP

/// One operation of the OpenAPI document, attached to its route where the
/// route is registered (`group.post("/v1/invites", operation: .createInvite)`).
/// It holds what only a person can say (id, summary, request, answers); the
/// path and method come from the router and the security from the route's
/// guard (``GuardRequirement``), so they are never written twice. The
/// operations themselves are static members, one file per feature.
struct OpenAPIOperation: RouteDescription, OpenAPIBuilders {
    /// The `operationId`, unique in the document.
    let id: String
    let summary: String
    let description: String?
    /// One of the document's ``OpenAPIBuilders/tags``.
    let tag: String?
    let parameters: [OpenAPIParameter]
    /// The request body's forms by media type (required when there is one); empty when the operation reads none.
    var requestBody: [String: OpenAPIMediaType]
    /// The answers by status: the operation's own (with their headers) over the shared ones it refers to.
    var responses: [String: OpenAPIResponse]

    /// An operation. `answers` are its own responses by status; `shared` adds
    /// `$ref`s to common error answers (an own answer wins over a shared one of
    /// the same status), and every operation refers to the 405 every path
    /// answers to a method it lacks. `tag` is one of ``tags``. Own answers get the
    /// `X-Request-Id` header, and 2xx answers of an operation that takes an
    /// `Idempotency-Key` the `Idempotent-Replayed` header. `jsonBody` is the
    /// schema of a JSON request body and `requestExample` its example; a
    /// `$ref` body without one takes ``requestExamples``' entry.
    init(
        _ id: String, _ summary: String, description: String? = nil, tag: String? = nil, parameters: [OpenAPIParameter] = [],
        jsonBody: Object? = nil, requestExample: Object? = nil, answers: [String: OpenAPIResponse], shared: [OpenAPISharedResponse] = []
    ) {
        let idempotent = parameters.contains(.shared("IdempotencyKey"))
        let sharedAnswers = Dictionary((shared + [.methodNotAllowed]).map { ($0.status, OpenAPIResponse.shared($0)) }) { first, _ in first }
        let ownAnswers = Dictionary(
            uniqueKeysWithValues: answers.map { status, answer in
                (status, Self.withHeaders(answer, replayable: idempotent && status.hasPrefix("2")))
            })
        self.id = id
        self.summary = summary
        self.description = description
        self.tag = tag
        self.parameters = parameters
        responses = sharedAnswers.merging(ownAnswers) { _, own in own }
        requestBody = [:]
        if let jsonBody {
            let example = requestExample ?? Self.schemaName(of: jsonBody).flatMap { Self.requestExamples[member: $0] }
            requestBody["application/json"] = OpenAPIMediaType(schema: jsonBody, examples: example.map { ["example": $0] } ?? [:])
        }
    }

    /// The operation object, with the security requirements of the route's
    /// guard: each way it admits is one requirement; `[]` (public) without a guard.
    func json(security: [GuardRequirement]) -> Object {
        var operation: Object = [
            "operationId": .string(id), "summary": .string(summary), "responses": .object(responses.mapValues(\.json)),
            "security": .array(security.map { .object([$0.scheme: Object(strings: $0.scopes)]) }),
        ]
        operation[member: "description"] = description.map(Object.string)
        operation[member: "tags"] = tag.map { [.string($0)] }
        if !parameters.isEmpty { operation[member: "parameters"] = .array(parameters.map(\.json)) }
        if !requestBody.isEmpty {
            operation[member: "requestBody"] = ["required": true, "content": .object(requestBody.mapValues(\.json))]
        }
        return operation
    }
}
