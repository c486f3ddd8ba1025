/// Where a request's body ends, read from its `Content-Length` and
/// `Transfer-Encoding` headers as RFC 9112 §6 says, refusing what a proxy
/// in front could read another way: both headers at once, lengths that
/// differ or are not plain decimal numbers, or a transfer coding other than
/// `chunked` alone. libmicrohttpd 0.9.75 takes such a request as chunked,
/// or takes the first length it sees, and keeps the connection open; the
/// bytes a proxy took for a second request would then be read as part of
/// this one, or the other way round (request smuggling).
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
        let lengths = headers.values(for: "Content-Length")
        let codings = headers.values(for: "Transfer-Encoding")
        if !codings.isEmpty {
            // Only `chunked` is decoded here; anything before it is a coding
            // this server cannot undo, and a proxy could frame it differently.
            guard lengths.isEmpty, codings.count == 1, Self.trimmed(codings[0]).lowercased() == "chunked" else {
                throw .ambiguousFraming
            }
            contentLength = nil
            isChunked = true
            return
        }
        // `Content-Length: 4, 4` and two `Content-Length: 4` lines are one
        // length (RFC 9110 §8.6); any difference is refused.
        let items = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(Self.trimmed)
        guard let first = items.first else {
            contentLength = nil
            isChunked = false
            return
        }
        guard items.allSatisfy({ $0 == first }), (1...18).contains(first.utf8.count),
            first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let length = Int(first)
        else { throw .ambiguousFraming }
        contentLength = length
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
