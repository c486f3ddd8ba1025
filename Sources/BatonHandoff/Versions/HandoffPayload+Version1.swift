import SafeText

/// Schema version 1 of the payload: reading and writing its wire fields.
extension HandoffPayload {
    private static let credentialKeys: Set<String> = ["credential", "credential_type"]
    private static let inviteKeys = credentialKeys.union(["family_name", "inviter_name", "source"])
    private static let maxCredentialLength = 64

    /// Reads a version-1 payload of `kind`, checking every field.
    ///
    /// - Throws: `handoff_invalid_payload` for a missing, extra or mistyped
    ///   field, a credential outside `[A-Za-z0-9-]{1,64}`, a text that is empty,
    ///   too long or has hidden characters, or a source that is not an https URL.
    public init(version1 fields: HandoffFields, kind: HandoffKind) throws(HandoffError) {
        let credential = try Self.credential(in: fields, kind: kind)
        switch kind {
        case .typedCode:
            try fields.requireOnly(Self.credentialKeys, else: Self.fault("unexpected field"))
            self.init(credential: credential)
        case .invite:
            try fields.requireOnly(Self.inviteKeys, else: Self.fault("unexpected field"))
            self.init(
                credential: credential,
                familyName: try Self.text("family_name", in: fields),
                inviterName: try Self.text("inviter_name", in: fields),
                source: try Self.source(in: fields)
            )
        }
    }

    /// The version-1 wire fields of this payload.
    public var version1Fields: HandoffFields {
        var fields = HandoffFields([
            "credential": .string(credential.value),
            "credential_type": .string(credential.form.rawValue),
        ])
        fields["family_name"] = familyName.map(HandoffValue.string)
        fields["inviter_name"] = inviterName.map(HandoffValue.string)
        fields["source"] = source.map(HandoffValue.string)
        return fields
    }

    private static func credential(in fields: HandoffFields, kind: HandoffKind) throws(HandoffError) -> HandoffCredential {
        let typeName = try fields.string("credential_type", else: fault("credential_type missing or not a string"))
        guard let form = HandoffCredential.Form(rawValue: typeName) else { throw fault("unknown credential_type") }
        guard kind == .invite || form == .code else { throw fault("a typed_code handoff carries a code") }
        let value = try fields.string("credential", else: fault("credential missing or not a string"))
        let allowed = value.utf8.allSatisfy { byte in
            Base64URL.isSymbol(byte) && byte != UInt8(ascii: "_")
        }
        guard (1...maxCredentialLength).contains(value.utf8.count), allowed else {
            throw fault("credential is not 1-64 letters, digits or hyphens")
        }
        return HandoffCredential(form: form, value: value)
    }

    private static func text(_ key: String, in fields: HandoffFields) throws(HandoffError) -> String {
        let text = try fields.string(key, else: fault("\(key) missing or not a string"))
        guard !text.isEmpty, text.utf8.count <= maxTextBytes else { throw fault("\(key) is empty or too long") }
        guard !hasHiddenCharacters(text) else { throw fault("\(key) contains hidden characters") }
        return text
    }

    /// Printable ASCII, the common case, is checked byte-wise before the per-scalar test.
    private static func hasHiddenCharacters(_ text: String) -> Bool {
        if allBytes(of: text, in: 0x20..<0x7F) { return false }
        return text.unicodeScalars.contains { HiddenCharacters.isHidden($0) }
    }

    private static func allBytes(of text: String, in range: Range<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { range.contains($0) } }
    }

    private static func source(in fields: HandoffFields) throws(HandoffError) -> String {
        let url = try text("source", in: fields)
        guard url.utf8.starts(with: "https://".utf8), allBytes(of: url, in: 0x21..<0x7F) else { throw fault("source is not an https URL") }
        return url
    }

    private static func fault(_ reason: String) -> HandoffError {
        .invalidPayload(reason: reason)
    }
}
