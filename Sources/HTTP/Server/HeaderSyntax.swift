/// The syntax of a request's header fields as libmicrohttpd 0.9.75 parsed
/// them, checked in the one pass that copies them out (`ReceivedHeaders`).
/// It refuses what RFC 9110 and RFC 9112 say not to act on and that
/// library passes on:
///
/// - a name that is not a token (RFC 9110 §5.1). The library keeps a space
///   or tab before the colon in the name, so `Content-Length : 5` is not a
///   length to it, while a proxy in front may take it for one: the body
///   would then be read as a second request.
/// - a value with a control character other than HTAB (RFC 9110 §5.5): a
///   bare CR (the library leaves it inside the value, where a proxy may end
///   the line), a NUL with anything after it on its line (see
///   `checkLineEnd`), or any other. Bytes 0x80–0xFF (obs-text) are allowed.
/// - more than one of the headers a request carries once (`Singleton`):
///   readers that pick different copies disagree about the request.
/// - HTTP/1.1 (or later) without `Host` (RFC 9112 §3.2); HTTP/1.0 may omit it.
///
/// Per header it costs a byte test per character and a switch on the
/// name's length, and it allocates nothing. Only the first problem is kept.
///
/// The fields must be given in order as libmicrohttpd holds them: C strings
/// in place in its read buffer, one line after the other.
struct HeaderSyntax {
    /// What is wrong with a head.
    enum Problem {
        case nameNotToken
        case controlCharacter
        case repeated(Singleton)
        case missingHost

        /// 400 `invalid_request`, saying which rule the head broke.
        var error: HTTPError {
            switch self {
            case .nameNotToken:
                .invalidRequest("A request header's name is not a token (RFC 9110 §5.1), such as a name with a space before its colon.")
            case .controlCharacter:
                .invalidRequest("A request header's value holds a control character other than tab (NUL, CR, LF or another).")
            case .repeated(let header):
                .invalidRequest("The request has more than one \(header.name) header.", details: ["header": .string(header.name)])
            case .missingHost:
                .invalidRequest("An HTTP/1.1 request must have one Host header.", details: ["header": .string("Host")])
            }
        }
    }

    /// The headers a request may carry at most once.
    enum Singleton: UInt8 {
        case host, contentLength, transferEncoding, authorization, contentType, origin, cookie

        /// The name as RFC 9110 spells it.
        var name: String {
            switch self {
            case .host: "Host"
            case .contentLength: "Content-Length"
            case .transferEncoding: "Transfer-Encoding"
            case .authorization: "Authorization"
            case .contentType: "Content-Type"
            case .origin: "Origin"
            case .cookie: "Cookie"
            }
        }

        /// The singleton called `name` (ASCII case-insensitively), if any:
        /// most names differ from all of them in length.
        init?(named name: UnsafeBufferPointer<UInt8>) {
            let found: Singleton? =
                switch name.count {
                case 4: HTTPHeaders.sameName(name, "Host") ? .host : nil
                case 6: HTTPHeaders.sameName(name, "Origin") ? .origin : HTTPHeaders.sameName(name, "Cookie") ? .cookie : nil
                case 12: HTTPHeaders.sameName(name, "Content-Type") ? .contentType : nil
                case 13: HTTPHeaders.sameName(name, "Authorization") ? .authorization : nil
                case 14: HTTPHeaders.sameName(name, "Content-Length") ? .contentLength : nil
                case 17: HTTPHeaders.sameName(name, "Transfer-Encoding") ? .transferEncoding : nil
                default: nil
                }
            guard let found else { return nil }
            self = found
        }

        /// The bit marking this header seen.
        var bit: UInt8 { 1 << rawValue }
    }

    /// The first problem found, nil while the head is well-formed.
    private(set) var problem: Problem?
    /// A bit per `Singleton` seen.
    private var seen: UInt8 = 0
    /// The NUL that ends the previous field's value.
    private var valueEnd: UnsafePointer<UInt8>?

    /// Checks one header field.
    mutating func check(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard problem == nil else { return }
        checkLineEnd(before: name.baseAddress)
        valueEnd = value.baseAddress.map { $0 + value.count }
        guard problem == nil else { return }
        guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
            problem = .nameNotToken
            return
        }
        guard value.allSatisfy(Self.isValueCharacter) else {
            problem = .controlCharacter
            return
        }
        guard let singleton = Singleton(named: name) else { return }
        guard seen & singleton.bit == 0 else {
            problem = .repeated(singleton)
            return
        }
        seen |= singleton.bit
    }

    /// Refuses the head if a field was malformed, or if `Host` is missing
    /// from a request whose `version` is not HTTP/1.0.
    /// - Throws: `HTTPError.invalidRequest` (400; the connection is then closed).
    func verify(version: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        if let problem { throw problem.error }
        // The last line's end is followed by the empty line's: a NUL, at
        // least, where a value cut short by a NUL has the rest of its line.
        if let valueEnd, valueEnd[1] != 0 { throw Problem.controlCharacter.error }
        guard seen & Singleton.host.bit == 0, !version.elementsEqual("HTTP/1.0".utf8) else { return }
        throw Problem.missingHost.error
    }

    /// Refuses bytes a NUL hid at the end of the previous value.
    /// libmicrohttpd 0.9.75 splits the head into lines in place, writing
    /// NUL over each line's CR and LF, and passes names and values on as C
    /// strings (its lengths are `strlen`'s, even from
    /// `MHD_get_connection_values_n`), so a NUL inside a value ends it
    /// early and what follows on the line reaches no one here, while a
    /// proxy may read it: `X-A: a\0Content-Length: 5`. Between a value's end
    /// and the next name there should be nothing but those NULs. A fold
    /// (obs-fold) leaves its continuation line there too, so the check
    /// refuses it when another field follows; a name that lies before the
    /// value's end, or far beyond it, is not checked.
    private mutating func checkLineEnd(before name: UnsafePointer<UInt8>?) {
        guard let valueEnd, let name, name > valueEnd, name - valueEnd <= Self.farthestLineEnd else { return }
        if UnsafeBufferPointer(start: valueEnd, count: name - valueEnd).contains(where: { $0 != 0 }) {
            problem = .controlCharacter
        }
    }

    /// Farther than libmicrohttpd's whole per-connection memory would allow.
    private static let farthestLineEnd = 1 << 20

    /// Whether `byte` is a `tchar` (RFC 9110 §5.6.2): a letter, a digit or
    /// one of ``!#$%&'*+-.^_`|~``. The two masks hold a bit per ASCII byte.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: (0x03FF_6CFA_0000_0000 as UInt64) >> byte & 1 == 1
        case 64..<128: (0x57FF_FFFF_C7FF_FFFE as UInt64) >> (byte - 64) & 1 == 1
        default: false
        }
    }

    /// Whether `byte` may appear in a field value: anything but a control
    /// character (0x00–0x1F and DEL), apart from HTAB (RFC 9110 §5.5).
    static func isValueCharacter(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == 0x09
    }
}
