import BatonJSON

/// One parameter of an operation: a shared one of `components/parameters`,
/// or an operation's own in the query string or the path.
enum OpenAPIParameter: Equatable, OpenAPIBuilders {
    /// `{"$ref": "#/components/parameters/<name>"}`.
    case shared(String)
    /// An optional query parameter.
    case query(String, schema: JSONValue, description: String?)
    /// A path parameter (always required).
    case path(String, schema: JSONValue, description: String?)

    /// The parameter object.
    var json: JSONValue {
        switch self {
        case .shared(let name): return Self.reference("parameters", name)
        case .query(let name, let schema, let description), .path(let name, let schema, let description):
            var parameter: JSONValue = ["name": .string(name), "schema": schema]
            if case .path = self {
                parameter[member: "in"] = "path"
                parameter[member: "required"] = true
            } else {
                parameter[member: "in"] = "query"
            }
            parameter[member: "description"] = description.map(JSONValue.string)
            return parameter
        }
    }
}
