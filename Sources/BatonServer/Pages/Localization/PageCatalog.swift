import BatonCore
import Foundation

/// The strings of the invite's pages in one ``PageLanguage``, and how that
/// language writes dates and numbers.
///
/// The catalogs are Swift dictionaries, one file per language under
/// `Catalogs/`, compiled into the binary: nothing to find on disk at start,
/// and a key that does not exist does not compile. ``all`` builds them once.
struct PageCatalog: Sendable {
    /// The language.
    let language: PageLanguage
    /// Its strings; every key is present (`PageCatalogTests`).
    let strings: [PageText: String]

    /// Every language's catalog, built on first use.
    static let all: [PageLanguage: PageCatalog] = Dictionary(
        uniqueKeysWithValues: PageLanguage.allCases.map { ($0, PageCatalog(language: $0, strings: strings(of: $0))) })

    /// The catalog of `language`.
    static func of(_ language: PageLanguage) -> PageCatalog {
        all[language] ?? PageCatalog(language: .en, strings: english)
    }

    /// Strings that may read the same as English in a given language (a
    /// loanword, a brand), so the test for forgotten translations lets them be.
    static let sameAsEnglish: [PageLanguage: Set<PageText>] = [:]

    /// The text of `key` with each `{name}` replaced by `values[name]`
    /// (English's text if this catalog lacks the key).
    func text(_ key: PageText, _ values: [String: String] = [:]) -> String {
        var text = strings[key] ?? Self.english[key] ?? key.rawValue
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The text of `key` as ``HTML``: its words escaped, each `{name}`
    /// replaced by the markup `values[name]` (a name inside `<bdi>`, say).
    func html(_ key: PageText, _ values: [String: HTML]) -> HTML {
        var out = HTML.empty
        var rest = Substring(strings[key] ?? Self.english[key] ?? key.rawValue)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += HTML(text: rest[..<open])
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? HTML(text: rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + HTML(text: rest)
    }

    /// The placeholders of `text`: the names between `{` and `}`.
    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `date`'s day as the language writes it in full (`3 December 2026`,
    /// `2026年12月3日`), in the Gregorian calendar and UTC, as the API's
    /// timestamps are: the page does not know the reader's time zone.
    func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let style = Date.FormatStyle(
            date: .long, time: .omitted, locale: language.foundationLocale, calendar: calendar, timeZone: calendar.timeZone)
        return date.formatted(style)
    }

    /// `count` with the language's digits and grouping.
    func number(_ count: Int) -> String {
        count.formatted(.number.locale(language.foundationLocale))
    }
}

extension PageCatalog {
    /// The strings of `language`, from its file under `Catalogs/`.
    fileprivate static func strings(of language: PageLanguage) -> [PageText: String] {
        switch language {
        case .en: english
        case .ar: arabic
        case .ja: japanese
        case .es: spanish
        case .zhHans: chineseSimplified
        case .zhHant: chineseTraditional
        case .ko: korean
        case .he: hebrew
        case .ptBR: portugueseBrazil
        case .fr: french
        case .de: german
        case .it: italian
        case .nl: dutch
        case .pl: polish
        case .tr: turkish
        case .ru: russian
        case .uk: ukrainian
        case .hi: hindi
        case .id: indonesian
        case .vi: vietnamese
        }
    }
}
