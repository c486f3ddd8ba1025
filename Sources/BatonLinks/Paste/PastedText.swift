/// Pasted text as the paste parser reads it: its links, and its words with
/// what joins each to the one before.
struct PastedText {
    /// A maximal run of letters, digits and marks.
    struct Word {
        /// The word as pasted.
        let text: String
        /// Whether every character is a code symbol or look-alike (ASCII only).
        let isSymbols: Bool
        /// Whether exactly one space or dash separates it from the word before.
        let isJoined: Bool
        let hasLowercase: Bool
        let hasDigit: Bool
    }

    /// The pasted text's scalars; pastes are bounded, so an array is cheap.
    private let scalars: [Unicode.Scalar]
    /// Every `http://` or `https://` link, trailing punctuation dropped.
    let links: [String]
    /// Words outside the links.
    let words: [Word]

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var links: [String] = []
        var words: [Word] = []
        var index = 0
        var lastWordEnd = -1
        var joined = false
        while index < scalars.count {
            if let end = Self.linkEnd(in: scalars, at: index) {
                links.append(String(String.UnicodeScalarView(scalars[index..<end])))
                index = end
                joined = false
            } else if Self.isWordScalar(scalars[index]) {
                var end = index
                while end < scalars.count, Self.isWordScalar(scalars[end]) { end += 1 }
                words.append(Self.word(scalars[index..<end], isJoined: joined))
                index = end
                lastWordEnd = end
                joined = false
            } else {
                // Joined: one separator right after a word and right before the next.
                joined =
                    index == lastWordEnd && Self.isJoiningSeparator(scalars[index])
                    && index + 1 < scalars.count && Self.isWordScalar(scalars[index + 1])
                index += 1
            }
        }
        self.links = links
        self.words = words
    }

    /// Whether only white space was pasted.
    var isBlank: Bool { scalars.allSatisfy { $0.properties.isWhitespace } }

    /// The paste without surrounding white space, separators normalised to a
    /// space, when it looks like a typed attempt at a code or token: only
    /// ASCII letters, digits and separators, and one word or some digit (so
    /// “see you at dinner” is not one).
    var typedAttempt: String? {
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        let attempt = scalars[first...last]
        guard words.count == 1 || attempt.contains(where: { ("0"..."9").contains($0) }) else { return nil }
        var text = String.UnicodeScalarView()
        for scalar in attempt {
            if Self.isJoiningSeparator(scalar) {
                text.append(scalar == "-" ? "-" : " ")
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                text.append(scalar)
            } else {
                return nil
            }
        }
        return String(text)
    }

    /// The credentials of the links on an invite host; a link elsewhere is
    /// ignored, a broken link on an invite host is thrown.
    func linkCredentials(limits: InvocationLimits) throws(PasteError) -> [Credential] {
        var found: [Credential] = []
        for link in links {
            do throws(InvocationError) {
                found.append(try Invocation(url: link, limits: limits).credential)
            } catch {
                // Links elsewhere are other people's business, whatever is wrong with them.
                guard limits.allows(host: Self.roughHost(of: link)) else { continue }
                throw .link(error)
            }
        }
        return found
    }

    /// Credentials spelled by neighbouring joined symbol words, whole words
    /// only, whose symbol count is a code's or a token's. A window with lower
    /// case letters must also hold a digit, so that ordinary words
    /// (“hello world” has ten symbols) are not read as a code. Tokens come
    /// first: when one is found, the code-length windows inside its display
    /// groups (each a one-in-32 chance of passing the check) are not offered.
    func candidates(codeLength: Int) -> [Credential] {
        var found: [Credential] = []
        var groupStart = 0
        for end in words.indices {
            if !words[end].isSymbols {
                groupStart = end + 1
                continue
            }
            if !words[end].isJoined { groupStart = end }
            var symbols = 0
            var start = end
            // Windows ending at `end`, growing to the left.
            while start >= groupStart {
                symbols += words[start].text.unicodeScalars.count
                if symbols > LinkToken.length { break }
                if symbols == codeLength || symbols == LinkToken.length {
                    let window = words[start...end]
                    let lower = window.contains(where: \.hasLowercase)
                    if !lower || window.contains(where: \.hasDigit),
                        let credential = try? Credential.parse(window.map(\.text).joined(), codeLength: codeLength)
                    {
                        found.append(credential)
                    }
                }
                start -= 1
            }
        }
        let tokens = found.filter { if case .token = $0 { true } else { false } }
        return tokens.isEmpty ? found : tokens
    }

    /// One past the last scalar of a link starting at `index`, or nil when no
    /// link starts there. A link starts with `http://` or `https://` (any
    /// case) not preceded by a letter or digit, and runs over URL characters;
    /// punctuation that ends a sentence or closes a bracket is not part of it.
    private static func linkEnd(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
        if index > 0, isWordScalar(scalars[index - 1]) { return nil }
        var cursor = index
        for expected in "http" {
            guard cursor < scalars.count, Character(scalars[cursor]).lowercased() == String(expected) else { return nil }
            cursor += 1
        }
        if cursor < scalars.count, scalars[cursor] == "s" || scalars[cursor] == "S" { cursor += 1 }
        for expected in "://".unicodeScalars {
            guard cursor < scalars.count, scalars[cursor] == expected else { return nil }
            cursor += 1
        }
        while cursor < scalars.count, scalars[cursor].isASCII, PercentEncoding.isURLCharacter(UInt8(scalars[cursor].value)) {
            cursor += 1
        }
        while cursor > index, ".,;:!?'\")*".unicodeScalars.contains(scalars[cursor - 1]) { cursor -= 1 }
        return cursor
    }

    /// The host of a link found in text, lower-cased, for deciding whether it
    /// is an invite link at all: what follows `://` up to the path, after any
    /// user info and before any port.
    private static func roughHost(of link: String) -> String {
        let authority = link.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
        let hostAndPort = authority.split(separator: "@").last ?? ""
        let host = hostAndPort.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
        return host.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map { $0.lowercased() } ?? ""
    }

    private static func word(_ scalars: ArraySlice<Unicode.Scalar>, isJoined: Bool) -> Word {
        Word(
            text: String(String.UnicodeScalarView(scalars)),
            isSymbols: scalars.allSatisfy { CrockfordBase32.value(ofTyped: $0) != nil },
            isJoined: isJoined,
            hasLowercase: scalars.contains { ("a"..."z").contains($0) },
            hasDigit: scalars.contains { ("0"..."9").contains($0) }
        )
    }

    /// Letters, digits and combining marks: what a word is made of, so that a
    /// code is never found inside a longer word (`café` is one word).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    /// A space or dash people put between a code's groups, including the
    /// no-break and thin spaces and the dashes a text editor substitutes.
    static func isJoiningSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "-", "\u{00A0}", "\u{2007}", "\u{2009}", "\u{202F}", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2212}":
            true
        default:
            false
        }
    }
}
