/// The small pieces the document is assembled from, so that every operation,
/// answer and schema of one kind is written by one function.
extension OpenAPIDocument {
    /// An operation. `answers` are its own responses by status; `shared` adds
    /// `$ref`s to common error answers (an own answer wins over a shared one of
    /// the same status). `security` nil inherits the document's; `[]` is public.
    static func operation(
        _ id: String, _ summary: String, description: String? = nil, security: [Object]?,
        parameters: [Object] = [], jsonBody: Object? = nil,
        answers: [String: Object], shared: [OpenAPISharedResponse] = []
    ) -> Object {
        let responses = Dictionary(shared.map { ($0.status, reference("responses", $0.rawValue)) }) { first, _ in first }
        var operation: Object = ["operationId": id, "summary": summary, "responses": merged(responses, answers)]
        operation["description"] = description
        operation["security"] = security
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if let jsonBody { operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": jsonBody]]] }
        return operation
    }

    /// A security requirement: an API key with `scope`.
    static func apiKey(_ scope: String) -> Object { ["apiKey": [scope]] }

    /// `{"$ref": "#/components/<section>/<name>"}`.
    static func reference(_ section: String, _ name: String) -> Object { ["$ref": "#/components/\(section)/\(name)"] }

    /// A reference to a schema of `components/schemas`.
    static func schema(_ name: String) -> Object { reference("schemas", name) }

    /// A reference to a parameter of `components/parameters`.
    static func parameter(_ name: String) -> Object { reference("parameters", name) }

    /// An optional query parameter.
    static func query(_ name: String, _ schema: Object, description: String? = nil) -> Object {
        var parameter: Object = ["name": name, "in": "query", "schema": schema]
        parameter["description"] = description
        return parameter
    }

    /// An answer with a JSON body of `schema`.
    static func jsonAnswer(_ description: String, _ schema: Object) -> Object {
        ["description": description, "content": ["application/json": ["schema": schema]]]
    }

    /// An error answer: the common `Error` body, the codes it carries named in `description`.
    static func errorAnswer(_ description: String) -> Object { jsonAnswer(description, schema("Error")) }

    /// An answer whose body is text of `mediaType` (HTML, SVG, plain text).
    static func textAnswer(_ description: String, _ mediaType: String) -> Object {
        ["description": description, "content": [mediaType: ["schema": string]]]
    }

    /// An object schema with its required keys.
    static func object(required: [String], _ properties: Object, description: String? = nil) -> Object {
        var object: Object = ["type": "object", "required": required, "properties": properties]
        object["description"] = description
        return object
    }

    /// A request body's object schema: like ``object(required:_:description:)``,
    /// and a member it does not list is refused (422 `unknown_field`).
    static func requestObject(required: [String], _ properties: Object, description: String? = nil) -> Object {
        merged(object(required: required, properties, description: description), ["additionalProperties": false])
    }

    /// An array schema of `items`.
    static func array(of items: Object) -> Object { ["type": "array", "items": items] }

    /// `base` with `extra` (a schema's own keys) added to it, as one schema.
    static func allOf(_ base: String, _ extra: Object) -> Object { ["allOf": [schema(base), extra]] }

    /// `base` with the keys of `extra` added or replaced: a shared schema with an own default or description.
    static func merged(_ base: Object, _ extra: Object) -> Object { base.merging(extra) { _, own in own } }

    /// A string of `minimum` to `maximum` characters.
    static func boundedString(_ minimum: Int, _ maximum: Int) -> Object { ["type": "string", "minLength": minimum, "maxLength": maximum] }

    /// A value of JSON type `type` or null.
    static func nullable(_ type: String) -> Object { ["type": [type, "null"]] }

    /// Counts of `names`, each a non-negative integer.
    static func counts(_ names: [String]) -> Object { Dictionary(uniqueKeysWithValues: names.map { ($0, count) }) }

    /// Any string.
    static var string: Object { ["type": "string"] }
    /// An RFC 3339 date-time.
    static var dateTime: Object { ["type": "string", "format": "date-time"] }
    /// A UUID.
    static var uuid: Object { ["type": "string", "format": "uuid"] }
    /// A non-negative integer.
    static var count: Object { ["type": "integer", "minimum": 0] }
    /// A non-negative number or null (a ratio or seconds that may be undefined).
    static var nullableMeasure: Object { ["type": ["number", "null"], "minimum": 0] }
    /// How an invite was redeemed.
    static var channel: Object { ["type": "string", "enum": ["clip", "app", "web", "backend"]] }
    /// A funnel bucket width.
    static var interval: Object { ["type": "string", "enum": ["hour", "day", "week"]] }
}
