import BatonJSON
import Foundation

extension BatonError {
    /// The common error body.
    struct Body: Decodable {
        struct Content: Decodable {
            let code: String
            let details: [String: JSONValue]?
        }

        let error: Content
    }

    /// The error a non-2xx answer carries: its code's case, ``unknown(code:status:)``
    /// for a well-formed code this build does not know, ``unexpectedResponse(status:)``
    /// for a body that is not Baton's error JSON.
    /// `retryAfter` is the `Retry-After` header, when it is whole seconds.
    init(status: Int, body: Data, retryAfter: String?) {
        guard let content = try? JSONDecoder().decode(Body.self, from: body).error else {
            self = .unexpectedResponse(status: status)
            return
        }
        if let code = Code(rawValue: content.code) {
            self.init(code: code, details: content.details ?? [:], retryAfter: retryAfter.flatMap { Int($0) }.map { max(0, $0) })
        } else if Self.isWellFormed(content.code) {
            self = .unknown(code: content.code, status: status)
        } else {
            self = .unexpectedResponse(status: status)
        }
    }

    /// A code of the documented shape (`[a-z0-9_]`, 1 to 64 bytes): anything
    /// else is not echoed into a log.
    static func isWellFormed(_ code: String) -> Bool {
        (1...64).contains(code.utf8.count)
            && code.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
    }
}
