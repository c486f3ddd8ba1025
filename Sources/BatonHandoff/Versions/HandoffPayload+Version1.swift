import BatonJSON
import SafeText

/// Schema version 1 of the payload, which versions 2 and 3 keep: reading
/// and writing its wire fields. Version 3 differs only in what its readers
/// promise: `inviter_name` may be absent.
extension HandoffPayload {
    /// The first version whose readers accept an invite without `inviter_name`.
    public static let firstVersionWithoutInviter = 3

    /// The version a server mints this (invite) payload in: the oldest whose
    /// readers accept it, so that an app built before version 3 reads every
    /// invite envelope it can and forwards the rest unread (`StoredHandoff.newer`)
    /// instead of refusing it. Signed envelopes need the `jti` of version 2;
    /// one without an inviter needs version 3.
    public var mintingVersion: Int {
        inviterName == nil ? Self.firstVersionWithoutInviter : HandoffHeader.firstVersionWithID
    }

    private static let credentialKeys: Set<String> = ["credential", "credential_type"]
    private static let inviteKeys = credentialKeys.union(["family_name", "inviter_name", "source"])
    private static let maxCredentialLength = 64

    /// Reads a version-1 payload of `kind`, checking every field.
    ///
    /// - Throws: `handoff_invalid_payload` for a missing (other than
    ///   `inviter_name`), extra or mistyped field, a credential outside `[A-Za-z0-9-]{1,64}`, a text that is empty,
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
                familyName: try Self.text("family_name", fields.optionalString("family_name", else: Self.notString("family_name"))),
                inviterName: try Self.optionalText(
                    "inviter_name", fields.optionalString("inviter_name", else: Self.notString("inviter_name"))),
                source: try Self.source(fields.optionalString("source", else: Self.notString("source")))
            )
        }
    }

    /// Checks this payload as ``init(version1:kind:)`` checks the fields it
    /// would be written as, with the same faults in the same order, but
    /// without building them: the server mints one envelope per preview.
    ///
    /// - Throws: `handoff_invalid_payload`, as ``init(version1:kind:)``.
    public func checkVersion1(kind: HandoffKind) throws(HandoffError) {
        try Self.check(credential, kind: kind)
        switch kind {
        case .typedCode:
            if familyName != nil || inviterName != nil || source != nil { throw Self.fault("unexpected field") }
        case .invite:
            _ = try Self.text("family_name", familyName)
            _ = try Self.optionalText("inviter_name", inviterName)
            _ = try Self.source(source)
        }
    }

    /// The version-1 wire fields of this payload.
    public var version1Fields: HandoffFields {
        var fields = HandoffFields()
        writeVersion1Members(to: &fields)
        return fields
    }

    /// Hands the version-1 wire fields to `sink` in canonical (byte-wise sorted) key order.
    func writeVersion1Members(to sink: inout some CanonicalMemberSink) {
        sink.member("credential", credential.value)
        sink.member("credential_type", credential.form.rawValue)
        if let familyName { sink.member("family_name", familyName) }
        if let inviterName { sink.member("inviter_name", inviterName) }
        if let source { sink.member("source", source) }
    }

    /// Most UTF-8 bytes of the version-1 wire fields' values: what the minting buffer reserves for them.
    var version1ValueBytes: Int {
        credential.value.utf8.count + (familyName?.utf8.count ?? 0) + (inviterName?.utf8.count ?? 0) + (source?.utf8.count ?? 0)
    }

    private static func credential(in fields: HandoffFields, kind: HandoffKind) throws(HandoffError) -> HandoffCredential {
        let typeName = try fields.string("credential_type", else: fault("credential_type missing or not a string"))
        guard let form = HandoffCredential.Form(rawValue: typeName) else { throw fault("unknown credential_type") }
        try check(form, kind: kind)
        let value = try fields.string("credential", else: notString("credential"))
        try checkCredential(value)
        return HandoffCredential(form: form, value: value)
    }

    private static func check(_ credential: HandoffCredential, kind: HandoffKind) throws(HandoffError) {
        try check(credential.form, kind: kind)
        try checkCredential(credential.value)
    }

    private static func check(_ form: HandoffCredential.Form, kind: HandoffKind) throws(HandoffError) {
        guard kind == .invite || form == .code else { throw fault("a typed_code handoff carries a code") }
    }

    private static func checkCredential(_ value: String) throws(HandoffError) {
        let allowed = allBytes(of: value) { Base64URL.isSymbol($0) && $0 != UInt8(ascii: "_") }
        guard (1...maxCredentialLength).contains(value.utf8.count), allowed else {
            throw fault("credential is not 1-64 letters, digits or hyphens")
        }
    }

    /// `text` (the field `key`, nil when absent) when non-empty, short and without hidden characters.
    private static func text(_ key: String, _ text: String?) throws(HandoffError) -> String {
        guard let text else { throw notString(key) }
        guard !text.isEmpty, text.utf8.count <= maxTextBytes else { throw fault("\(key) is empty or too long") }
        guard !hasHiddenCharacters(text) else { throw fault("\(key) contains hidden characters") }
        return text
    }

    /// `text` as ``text(_:_:)`` checks it, or nil when the field is absent:
    /// `inviter_name`, which an invite without an inviter leaves out.
    private static func optionalText(_ key: String, _ text: String?) throws(HandoffError) -> String? {
        guard let text else { return nil }
        return try Self.text(key, text)
    }

    /// Printable ASCII, the common case, is checked byte-wise before the per-scalar test.
    private static func hasHiddenCharacters(_ text: String) -> Bool {
        if allBytes(of: text, are: { (0x20..<0x7F).contains($0) }) { return false }
        return text.unicodeScalars.contains { HiddenCharacters.isHidden($0) }
    }

    /// Whether every UTF-8 byte of `text` is `allowed`, read from contiguous
    /// storage: iterating `text.utf8` instead cost several times more per byte.
    private static func allBytes(of text: String, are allowed: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy(allowed) }
    }

    /// `hasPrefix` compares ASCII with `memcmp` where `utf8.starts(with:)`
    /// iterated both views; on the printable ASCII the second test demands they agree.
    private static func source(_ source: String?) throws(HandoffError) -> String {
        let url = try text("source", source)
        guard url.hasPrefix("https://"), allBytes(of: url, are: { (0x21..<0x7F).contains($0) }) else {
            throw fault("source is not an https URL")
        }
        return url
    }

    private static func notString(_ key: String) -> HandoffError {
        fault("\(key) missing or not a string")
    }

    private static func fault(_ reason: String) -> HandoffError {
        .invalidPayload(reason: reason)
    }
}
