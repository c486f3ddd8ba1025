/// Where a request's body ends, read from its `Content-Length` and
/// `Transfer-Encoding` headers as RFC 9112 §6 says, refusing what a proxy
/// in front could read another way: both headers at once, a length that is
/// not a plain decimal number (or a list of differing ones), or a transfer
/// coding other than `chunked` alone. libmicrohttpd 0.9.75 takes such a
/// request as chunked, or takes the first length it sees, and keeps the
/// connection open; the bytes a proxy took for a second request would then
/// be read as part of this one, or the other way round (request smuggling).
/// A second copy of either header never gets here: `HeaderSyntax` refuses it.
struct RequestFraming: Equatable {
    /// The declared length; nil when there is none (chunked, or no body).
    var contentLength: Int?
    /// Whether the body is sent in chunks.
    var isChunked: Bool

    /// Whether the request has a body to read.
    var expectsBody: Bool { isChunked || (contentLength ?? 0) > 0 }

    /// The framing `headers` declare.
    /// - Throws: `HTTPError.ambiguousFraming` (400; the connection is then closed).
    init(_ headers: HTTPHeaders) throws(HTTPError) {
        let length = headers["Content-Length"]
        if let coding = headers["Transfer-Encoding"] {
            // Only `chunked` is decoded here; anything before it is a coding
            // this server cannot undo, and a proxy could frame it differently.
            guard length == nil, Self.trimmed(coding).lowercased() == "chunked" else { throw .ambiguousFraming }
            contentLength = nil
            isChunked = true
            return
        }
        guard let length else {
            contentLength = nil
            isChunked = false
            return
        }
        // `Content-Length: 4, 4` is one length (RFC 9110 §8.6); any
        // difference is refused.
        let items = length.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed)
        guard let first = items.first, items.allSatisfy({ $0 == first }), (1...18).contains(first.utf8.count),
            first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(first)
        else { throw .ambiguousFraming }
        contentLength = value
        isChunked = false
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace).
    private static func trimmed(_ text: some StringProtocol) -> Substring {
        let characters = Substring(text)
        let start = characters.firstIndex { $0 != " " && $0 != "\t" } ?? characters.endIndex
        let end = characters.lastIndex { $0 != " " && $0 != "\t" }.map(characters.index(after:)) ?? start
        return characters[start..<max(start, end)]
    }
}
