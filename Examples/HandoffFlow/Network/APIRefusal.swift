import Foundation

/// An API error answer of Baton (`{"error": {"code", "message", "details"}}`),
/// reduced to what is safe to print: the status, a code of the documented
/// shape (`[a-z0-9_]`, at most 64 bytes; anything else becomes
/// `unknown_error`), and the details that are whole numbers or lists of them
/// (such as `found`/`supported` of `handoff_unsupported_version`). The
/// server's own message text is not kept.
struct APIRefusal: Equatable, Sendable {
    /// The HTTP status.
    let status: Int
    /// The error's stable code, such as `invite_expired`.
    let code: String
    /// Numeric details, such as `["found": [2], "supported": [1]]`.
    let numbers: [String: [Int]]

    /// Reads an error body; nil when `body` is not one.
    init?(status: Int, body: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any], let code = error["code"] as? String
        else { return nil }
        self.status = status
        self.code = Self.isWellFormed(code) ? code : "unknown_error"
        var numbers: [String: [Int]] = [:]
        for (key, value) in error["details"] as? [String: Any] ?? [:] where Self.isWellFormed(key) {
            if let number = value as? Int { numbers[key] = [number] }
            if let list = value as? [Int] { numbers[key] = list }
        }
        self.numbers = numbers
    }

    /// What a person is told, by code; other codes are named as they are.
    var message: String {
        switch code {
        case "invite_expired": "This invite has expired. Ask the family for a new one."
        case "invite_revoked": "This invite was withdrawn by the family."
        case "invite_used_up": "This invite has already been used."
        case "invite_not_found": "There is no such invite. Check the link or the code."
        case "rate_limited": "Too many attempts. Wait a minute and try again."
        case "handoff_unsupported_version":
            "The handoff was written by a newer App Clip (schema version \(list("found"))); "
                + "this server reads \(list("supported")). Update the server before shipping that clip."
        default: "Baton refused the request (HTTP \(status), \(code))."
        }
    }

    private func list(_ key: String) -> String {
        numbers[key].map { $0.map(String.init).joined(separator: ", ") } ?? "unknown"
    }

    private static func isWellFormed(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
    }
}
