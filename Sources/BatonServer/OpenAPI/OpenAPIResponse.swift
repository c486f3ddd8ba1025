import BatonJSON

/// One answer of an operation, by status: a shared error answer of
/// `components/responses`, or one of the operation's own.
enum OpenAPIResponse: Equatable, OpenAPIBuilders {
    /// `{"$ref": "#/components/responses/<name>"}`.
    case shared(OpenAPISharedResponse)
    /// An answer of the operation's own: its headers by name and its bodies by media type.
    case own(description: String, headers: [String: JSONValue] = [:], content: [String: OpenAPIMediaType] = [:])

    /// This answer with `header` added (an own answer; a shared one has its headers in its component).
    func with(header name: String, _ value: JSONValue) -> Self {
        guard case .own(let description, var headers, let content) = self else { return self }
        headers[name] = value
        return .own(description: description, headers: headers, content: content)
    }

    /// This answer with a body of `mediaType` added (an own answer).
    func with(content mediaType: String, _ media: OpenAPIMediaType) -> Self {
        guard case .own(let description, let headers, var content) = self else { return self }
        content[mediaType] = media
        return .own(description: description, headers: headers, content: content)
    }

    /// The response object; headers and content are left out when there are none.
    var json: JSONValue {
        switch self {
        case .shared(let shared): return Self.reference("responses", shared.rawValue)
        case .own(let description, let headers, let content):
            var answer: JSONValue = ["description": .string(description)]
            if !headers.isEmpty { answer[member: "headers"] = .object(headers) }
            if !content.isEmpty { answer[member: "content"] = .object(content.mapValues(\.json)) }
            return answer
        }
    }
}

/// A body of an answer or a request: its schema and its examples by name.
struct OpenAPIMediaType: Equatable {
    let schema: JSONValue
    /// Example values by name (`example`, or an error code).
    var examples: [String: JSONValue] = [:]

    /// The media type object; `examples` is left out when there are none.
    var json: JSONValue {
        var media: JSONValue = ["schema": schema]
        if !examples.isEmpty { media[member: "examples"] = .object(examples.mapValues { ["value": $0] }) }
        return media
    }
}
