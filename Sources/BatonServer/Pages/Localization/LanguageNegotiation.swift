import BatonCore

/// Which ``PageLanguage`` a landing page is written in, from what the
/// request says and what the invite says. Pure: no I/O, no clock.
///
/// For a person: `?lang=` (a link a backend may add), then the
/// `Accept-Language` ranges by preference, then the invite's `locale`, then
/// `BATON_DEFAULT_LOCALE`. For a link-preview robot the invite's `locale`
/// comes before `Accept-Language`: a robot's header says where the robot
/// runs, not who will read the preview in Messages or WhatsApp. Without an
/// `Accept-Language` both orders are the same.
///
/// Each range or tag is matched by RFC 4647 lookup: the tag and then its
/// shorter prefixes (`es-MX` → `es`), with the aliases ``aliases`` for the
/// tags whose prefix alone would pick the wrong script or country
/// (`zh-TW` → `zh-Hant`).
enum LanguageNegotiation {
    /// Bytes of `Accept-Language` read; the rest is ignored (a browser sends
    /// well under 200).
    static let headerLimit = 1024
    /// Ranges of `Accept-Language` read; the rest are ignored.
    static let rangeLimit = 32

    /// Lower-cased tags and prefixes that lookup maps to a supported
    /// language other than the one their own letters name: Chinese by
    /// region to its script, bare `zh` and `pt` to the written standard the
    /// catalogs hold, and the withdrawn codes of Hebrew and Indonesian.
    static let aliases: [String: PageLanguage] = [
        "zh": .zhHans, "zh-cn": .zhHans, "zh-sg": .zhHans, "zh-my": .zhHans,
        "zh-tw": .zhHant, "zh-hk": .zhHant, "zh-mo": .zhHant,
        "pt": .ptBR, "iw": .he, "in": .id,
    ]

    /// The page's language.
    /// - Parameters:
    ///   - query: the `lang` query value, if any.
    ///   - acceptLanguage: the `Accept-Language` header, if any.
    ///   - invite: the invite's `locale`, if it has one (nil for an unknown invite).
    ///   - fallback: `BATON_DEFAULT_LOCALE`.
    ///   - isPreviewRobot: whether the agent is a link-preview robot.
    static func language(
        query: String?, acceptLanguage: String?, invite: PageLanguage?, fallback: PageLanguage, isPreviewRobot: Bool
    ) -> PageLanguage {
        if let query, let chosen = lookup(query) { return chosen }
        let preferred = acceptLanguage.flatMap { header in ranges(of: header).lazy.compactMap(lookup).first }
        let ordered = isPreviewRobot ? [invite, preferred] : [preferred, invite]
        return ordered.lazy.compactMap { $0 }.first ?? fallback
    }

    /// The language ranges of an `Accept-Language` value, most preferred
    /// first (equal weights keep their order); `q=0` ranges, `*`, and
    /// malformed items are left out.
    static func ranges(of header: String) -> [String] {
        let items = header.utf8.prefix(headerLimit).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true)
        var weighted: [(range: String, weight: Int)] = []
        for item in items.prefix(rangeLimit) {
            let parts = String(decoding: item, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            let range = parts[0].trimmingSpaces
            guard range != "*", isWellFormed(range) else { continue }
            var weight = 1000
            if parts.count > 1 {
                guard parts.count == 2, let parsed = quality(parts[1].trimmingSpaces) else { continue }
                weight = parsed
            }
            if weight > 0 { weighted.append((range, weight)) }
        }
        // A stable sort: enumerated offsets break ties.
        return weighted.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }.map(\.element.range)
    }

    /// The supported language `tag` looks up to, or nil: the tag, then its
    /// prefixes one subtag shorter at a time (a single-letter subtag left
    /// at the end goes too, as RFC 4647 §3.4 says).
    static func lookup(_ tag: String) -> PageLanguage? {
        guard isWellFormed(tag) else { return nil }
        var subtags = tag.lowercased().split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            if let alias = aliases[candidate] { return alias }
            if let language = PageLanguage(tag: candidate) { return language }
            subtags.removeLast()
            if subtags.last?.count == 1 { subtags.removeLast() }
        }
        return nil
    }

    /// A language tag's shape: 1 to 8 ASCII letters, then `-` and 1 to 8
    /// letters or digits each, at most 64 bytes.
    static func isWellFormed(_ tag: some StringProtocol) -> Bool {
        guard tag.utf8.count <= 64 else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.utf8.count), first.utf8.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { isLetter($0) || (48...57).contains($0) }
        }
    }

    /// `q=0.8` as thousandths (800), by RFC 9110's `qvalue`: 0 to 1 with at
    /// most three decimals; nil when malformed.
    static func quality(_ parameter: String) -> Int? {
        let lowered = parameter.lowercased()
        guard lowered.hasPrefix("q=") else { return nil }
        let value = lowered.dropFirst(2)
        let pieces = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= 3, fraction.utf8.allSatisfy({ (48...57).contains($0) }), pieces.count == 1 || !fraction.isEmpty
        else { return nil }
        let digits = fraction + String(repeating: "0", count: 3 - fraction.count)
        let thousandths = (whole == "1" ? 1000 : 0) + (Int(digits) ?? 0)
        return thousandths <= 1000 ? thousandths : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
