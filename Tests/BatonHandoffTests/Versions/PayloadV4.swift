import BatonHandoff
import BatonJSON

/// A test-only schema version 4: `family_name` becomes `family_display_name`
/// and a required `locale` appears. It proves the registry's upgrade path and
/// the forward-compatibility rule without shipping a second version.
struct PayloadV4: Equatable, Sendable {
    var credential: HandoffCredential
    var familyDisplayName: String?
    var inviterName: String?
    var source: String?
    var locale: String

    /// Versions 1 to 3 had no locale: upgraded payloads say "und" (undetermined, BCP 47).
    init(upgrading old: HandoffPayload) {
        self.init(
            credential: old.credential, familyDisplayName: old.familyName, inviterName: old.inviterName, source: old.source, locale: "und")
    }

    init(credential: HandoffCredential, familyDisplayName: String?, inviterName: String?, source: String?, locale: String) {
        self.credential = credential
        self.familyDisplayName = familyDisplayName
        self.inviterName = inviterName
        self.source = source
        self.locale = locale
    }

    /// Reads version 4 by renaming its fields to version 1's and reusing that reader.
    init(version4 fields: HandoffFields, kind: HandoffKind) throws(HandoffError) {
        let locale = try fields.string("locale", else: .invalidPayload(reason: "locale missing"))
        var renamed = fields
        renamed["locale"] = nil
        renamed["family_name"] = renamed["family_display_name"]
        renamed["family_display_name"] = nil
        var upgraded = PayloadV4(upgrading: try HandoffPayload(version1: renamed, kind: kind))
        upgraded.locale = locale
        self = upgraded
    }

    var fields: HandoffFields {
        var fields = HandoffPayload(credential: credential, familyName: nil, inviterName: inviterName, source: source).version1Fields
        fields["family_display_name"] = familyDisplayName.map(JSONValue.string)
        fields["locale"] = .string(locale)
        return fields
    }

    static let registry = HandoffVersionRegistry<PayloadV4>(currentVersion: 4) { (fields, kind) throws(HandoffError) in
        try PayloadV4(version4: fields, kind: kind)
    }.adding(
        version: 3, reader: { (fields, kind) throws(HandoffError) in try HandoffPayload(version1: fields, kind: kind) },
        upgrade: { (old) throws(HandoffError) in PayloadV4(upgrading: old) }
    ).adding(
        version: 2, reader: { (fields, kind) throws(HandoffError) in try HandoffPayload(version1: fields, kind: kind) },
        upgrade: { (old) throws(HandoffError) in PayloadV4(upgrading: old) }
    ).adding(
        version: 1, reader: { (fields, kind) throws(HandoffError) in try HandoffPayload(version1: fields, kind: kind) },
        upgrade: { (old) throws(HandoffError) in PayloadV4(upgrading: old) })
}
