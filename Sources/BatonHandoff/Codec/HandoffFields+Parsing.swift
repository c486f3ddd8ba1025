import BatonJSON

extension HandoffFields {
    /// Most members an object may have; the schema needs about ten.
    static let maxMembers = 64

    /// `json` read as the envelope's flat object by BatonJSON's parser
    /// (``JSONParser/Limits/flatObject(maxMembers:)``): strings, integers
    /// within ±(2^53 − 1), booleans and nulls, with duplicate keys, nesting,
    /// fractions, invalid UTF-8, lone surrogates, raw control characters and
    /// trailing bytes refused. The schema has no nesting, so deeply nested
    /// hostile input is refused at its first bracket.
    /// - Throws: `handoff_malformed`, its reason one of the fixed phrases below.
    init(parsing json: [UInt8]) throws(HandoffError) {
        let parsed = json.withUnsafeBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONParser.parseFlatObject(raw, maxMembers: Self.maxMembers) }
        }
        switch parsed {
        case .success(let members): self.init(members)
        case .failure(let failure): throw .malformed(reason: Self.reason(failure))
        }
    }

    private static func reason(_ failure: JSONParser.Failure) -> String {
        switch failure {
        case .malformed: "not a well-formed JSON object"
        case .nestingTooDeep: "nested JSON is not allowed"
        case .tooManyMembers: "too many JSON members"
        case .duplicateKey: "duplicate JSON key"
        case .notAnInteger: "JSON number is not an integer"
        case .numberOutOfRange: "JSON number out of range"
        }
    }
}
