import Foundation

/// An HTTP/1.1 response serialized by hand, for the one case libmicrohttpd
/// cannot send (see `ServerContext.rejectMidBody`). Header names and values
/// come from the server itself; any with CR or LF is dropped all the same.
enum RawResponse {
    static func serialize(status: Int, headers: HTTPHeaders, body: Data) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason(for: status))\r\n"
        for field in headers where !(field.name + field.value).contains(where: \.isNewline) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func reason(for status: Int) -> String {
        reasons[status] ?? "Error"
    }

    private static let reasons = [400: "Bad Request", 413: "Content Too Large", 500: "Internal Server Error"]
}
