import Foundation
import HTTP
import SafeText

/// `GET /v1/invites/{credential}/preview` and `POST /v1/invocations` answer
/// this; `inviter_name` is always present, `null` when the invite has none.
///
/// Written by hand rather than with `JSONEncoder`: preview is the hottest
/// public route, and the encoder (snake_case conversion of every key, the
/// date strategy's closure, boxing each value) was a quarter of its CPU.
/// The bytes are the ones `JSONCoding.encode` produces: keys sorted, dates
/// in `JSONCoding.timestampStyle`, strings through `SafeText.jsonQuoted`
/// (hidden characters escaped, like `SafeText.hardenedJSON`).
struct PreviewBody {
    let familyName: String
    let inviterName: String?
    let expiresAt: Date
    let usesLeft: Int
    let state: String
    let handoff: String

    /// The body's UTF-8 JSON bytes.
    func json() -> Data {
        var text = #"{"expires_at":""#
        text.reserveCapacity(128 + handoff.utf8.count + familyName.utf8.count + (inviterName?.utf8.count ?? 0))
        text += expiresAt.formatted(JSONCoding.timestampStyle)
        text += #"","family_name":"#
        text += Self.quoted(familyName)
        text += #","handoff":"#
        text += Self.quoted(handoff)
        text += #","inviter_name":"#
        text += inviterName.map(Self.quoted) ?? "null"
        text += #","state":"#
        text += Self.quoted(state)
        text += #","uses_left":"#
        text += String(usesLeft)
        text += "}"
        return Data(text.utf8)
    }

    /// `value` as a JSON string. Printable ASCII without quote or backslash
    /// (every handoff, most names) is taken as it is; anything else goes
    /// through `SafeText.jsonQuoted`.
    private static func quoted(_ value: String) -> String {
        let plain = value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? "\"" + value + "\"" : SafeText.jsonQuoted(value)
    }
}
