/// A language the invite landing page is written in, named by its BCP 47
/// tag: the value of an invite's `locale`, of `BATON_DEFAULT_LOCALE`, and of
/// the page's `<html lang>`.
///
/// Only these twenty, two of them right to left: each has a full catalog of the page's strings in
/// BatonServer, so a tag outside the list is refused (`unsupported_locale`)
/// rather than shown in another language than it says.
public enum PageLanguage: String, Sendable, CaseIterable, Equatable {
    case en, ar, ja, es
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"
    case ko, he
    case ptBR = "pt-BR"
    case fr, de, it, nl, pl, tr, ru, uk, hi, id, vi

    /// The BCP 47 tag, in its usual case (`zh-Hant`, `pt-BR`).
    public var tag: String { rawValue }

    /// The tags in the order ``allCases`` lists them, for `details.supported`.
    public static var supportedTags: [String] { allCases.map(\.tag) }

    /// Whether the language is written right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool { self == .ar || self == .he }

    /// The language `tag` names exactly, case ignored as BCP 47 says
    /// (`PT-br` is `pt-BR`); nil for any other tag, `es-MX` included (a
    /// person's preferences go through the landing page's negotiation, which
    /// falls back along the tag; a stored value must be one of the list).
    public init?(tag: some StringProtocol) {
        guard tag.utf8.count <= 16 else { return nil }
        let folded = tag.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
        self = match
    }
}
