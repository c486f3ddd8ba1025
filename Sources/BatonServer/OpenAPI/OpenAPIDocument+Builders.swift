import BatonJSON

/// The pieces the document is written with (schemas, answers,
/// parameters, examples), shared by ``OpenAPIDocument``, which assembles the
/// components, and ``OpenAPIOperation``, whose static members (one per route)
/// are written with them. A protocol so that both name the pieces
/// unqualified; nothing else conforms.
protocol OpenAPIBuilders {}

/// The small pieces the document is assembled from, so that every operation,
/// answer and schema of one kind is written by one function.
extension OpenAPIBuilders {
    /// A value of the document: an object, mostly (a schema, an operation, an answer).
    typealias Object = JSONValue

    /// `answer` with the headers every answer carries (and `Idempotent-Replayed`
    /// when `replayable`); a `$ref` answer is left as it is (its component has them).
    static func withHeaders(_ answer: OpenAPIResponse, replayable: Bool) -> OpenAPIResponse {
        let answer = answer.with(header: "X-Request-Id", reference("headers", "RequestId"))
        return replayable ? answer.with(header: "Idempotent-Replayed", reference("headers", "IdempotentReplayed")) : answer
    }

    /// The name of the component schema `schema` refers to, if it is a `$ref`.
    static func schemaName(of schema: Object) -> String? {
        schema[member: "$ref"]?.string.flatMap { $0.hasPrefix("#/components/schemas/") ? String($0.dropFirst(21)) : nil }
    }

    /// `{"$ref": "#/components/<section>/<name>"}`.
    static func reference(_ section: String, _ name: String) -> Object { ["$ref": .string("#/components/\(section)/\(name)")] }

    /// A reference to a schema of `components/schemas`.
    static func schema(_ name: String) -> Object { reference("schemas", name) }

    /// A parameter of `components/parameters`.
    static func parameter(_ name: String) -> OpenAPIParameter { .shared(name) }

    /// An optional query parameter.
    static func query(_ name: String, _ schema: Object, description: String? = nil) -> OpenAPIParameter {
        .query(name, schema: schema, description: description)
    }

    /// A path parameter.
    static func pathParameter(_ name: String, _ schema: Object, description: String? = nil) -> OpenAPIParameter {
        .path(name, schema: schema, description: description)
    }

    /// An answer with a JSON body of `schema`, with `example` as its example;
    /// without one, a `$ref` schema takes ``responseExamples``' entry.
    static func jsonAnswer(_ description: String, _ schema: Object, example: Object? = nil) -> OpenAPIResponse {
        var media = OpenAPIMediaType(schema: schema)
        media.examples["example"] = example ?? schemaName(of: schema).flatMap { responseExamples[member: $0] }
        return .own(description: description, content: ["application/json": media])
    }

    /// An error answer: the common `Error` body, the codes it carries named in
    /// `description`'s last parentheses (`handoff_*` for every code so
    /// prefixed), each with an example built from the server's own typed error.
    static func errorAnswer(_ description: String) -> OpenAPIResponse {
        let examples = Dictionary(
            uniqueKeysWithValues: errorCodes(in: description).compactMap { code in
                APIErrorCatalog.representative(of: code).map { (code, errorExample($0)) }
            })
        return .own(description: description, content: ["application/json": OpenAPIMediaType(schema: schema("Error"), examples: examples)])
    }

    /// An answer whose body is text of `mediaType` (HTML, SVG, plain text).
    static func textAnswer(_ description: String, _ mediaType: String) -> OpenAPIResponse {
        .own(description: description, content: [mediaType: OpenAPIMediaType(schema: string)])
    }

    /// An object schema with its required keys.
    static func object(required: [String], _ properties: Object, description: String? = nil) -> Object {
        var object: Object = ["type": "object", "required": Object(strings: required), "properties": properties]
        object[member: "description"] = description.map(Object.string)
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
    static func merged(_ base: Object, _ extra: Object) -> Object {
        guard case .object(let members) = base, case .object(let own) = extra else { return base }
        return .object(members.merging(own) { _, own in own })
    }

    /// A string of `minimum` to `maximum` characters.
    static func boundedString(_ minimum: Int, _ maximum: Int) -> Object {
        ["type": "string", "minLength": .int(minimum), "maxLength": .int(maximum)]
    }

    /// A value of JSON type `type` or null.
    static func nullable(_ type: String) -> Object { ["type": [.string(type), "null"]] }

    /// Counts of `names`, each a non-negative integer.
    static func counts(_ names: [String]) -> Object { .object(Dictionary(uniqueKeysWithValues: names.map { ($0, count) })) }

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
