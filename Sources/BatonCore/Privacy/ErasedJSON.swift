import BatonJSON
import Foundation
import SafeText

/// Finds and erases a family's personal data inside a JSON response body
/// kept for replay (an idempotent create, revoke or change): every object
/// whose `family_id` is the family's (an invite, a receipt) gets the form an
/// erased invite reads with, so a replay after the erasure tells nothing the
/// erasure removed.
enum ErasedJSON {
    /// Members an erased object no longer holds, and what they become.
    private static let erasedMembers: [String: JSONValue] = [
        "family_name": .string(FamilyEraser.erasedFamilyName), "inviter_id": .null, "inviter_name": .null,
        "metadata": .object([:]), "invitee": .null,
    ]

    /// The distinct `family_id` strings of the objects in `body`, a response
    /// as the API writes it (compact, `"family_id":"…"`). Found by scanning
    /// the bytes, not by decoding the tree: this runs on every stored
    /// response, and a batch's is hundreds of kilobytes.
    static func familyIDs(in body: Data) -> [String] {
        let marker = Array(#""family_id":""#.utf8)
        var found = Set<String>()
        body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + marker.count <= bytes.count {
                guard bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                // The string runs from the opening quote to the first quote no backslash escapes.
                let start = index + marker.count - 1
                var end = start + 1
                var escaped = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    escaped = escaped || bytes[end] == UInt8(ascii: "\\")
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { break }
                let literal = bytes[start...end]
                if !escaped {
                    found.insert(String(decoding: literal.dropFirst().dropLast(), as: UTF8.self))
                } else if let id = try? JSONDecoder().decode(String.self, from: Data(literal)) {
                    found.insert(id)
                }
                index = end + 1
            }
        }
        return found.sorted()
    }

    /// `body` with family `familyID`'s objects erased: names, inviter,
    /// metadata and invitee as ``FamilyEraser`` leaves them, `erased_at` set
    /// where the object has that member, and every `redeemer_id` inside
    /// such an object replaced by `redeemer`'s form of it. Written as the
    /// API writes JSON (sorted keys, hidden characters escaped); nil when
    /// `body` is not JSON.
    static func erasing(_ body: Data, familyID: String, erasedAt: String, redeemer: (String) -> String) -> Data? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        let erased = erase(value, familyID: familyID, erasedAt: erasedAt, inFamily: false, redeemer: redeemer)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(erased) else { return nil }
        return Data(SafeText.hardenedJSON(String(decoding: data, as: UTF8.self)).utf8)
    }

    private static func erase(
        _ value: JSONValue, familyID: String, erasedAt: String, inFamily: Bool, redeemer: (String) -> String
    ) -> JSONValue {
        switch value {
        case .object(var members):
            let isFamily = inFamily || members["family_id"] == .string(familyID)
            if isFamily {
                for (key, replacement) in erasedMembers where members[key] != nil { members[key] = replacement }
                if members["erased_at"] != nil { members["erased_at"] = .string(erasedAt) }
                if case .string(let id)? = members["redeemer_id"] { members["redeemer_id"] = .string(redeemer(id)) }
            }
            return .object(
                members.mapValues { erase($0, familyID: familyID, erasedAt: erasedAt, inFamily: isFamily, redeemer: redeemer) })
        case .array(let items):
            return .array(items.map { erase($0, familyID: familyID, erasedAt: erasedAt, inFamily: inFamily, redeemer: redeemer) })
        default:
            return value
        }
    }
}
