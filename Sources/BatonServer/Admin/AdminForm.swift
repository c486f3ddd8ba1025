import Foundation
import HTTP

/// The fields of an `application/x-www-form-urlencoded` body, as the
/// `/admin` forms post them (WHATWG URL: `name=value` pairs joined by `&`,
/// `+` for a space, percent-escapes). Every admin form is small: bodies
/// over ``bodyLimit`` are refused by the route before they are read.
struct AdminForm {
    /// The media type the admin forms post.
    static let mediaType = "application/x-www-form-urlencoded"
    /// The largest body read.
    static let bodyLimit = 4096
    /// The route options of a form POST.
    static let routeOptions = RouteOptions(maxBodyBytes: bodyLimit, acceptedContentTypes: [mediaType])

    private let fields: [(name: String, value: String)]

    /// The fields of `request`'s body; a pair that is not valid UTF-8 after
    /// decoding is dropped (no admin form sends one).
    init(_ request: Request) {
        fields = request.body.split(separator: UInt8(ascii: "&")).compactMap { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { return nil }
            guard let value = parts.count == 2 ? Self.decode(parts[1]) : "" else { return nil }
            return (name, value)
        }
    }

    /// The first value of field `name`, or nil when absent.
    subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// `raw` with `+` as a space and percent-escapes decoded.
    private static func decode(_ raw: some Collection<UInt8>) -> String? {
        let plus = String(decoding: raw.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return plus.removingPercentEncoding
    }
}
