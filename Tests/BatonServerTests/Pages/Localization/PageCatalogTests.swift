import BatonCore
import Foundation
import Testing

@testable import BatonServer

@Suite("The landing page's catalogs", .timeLimit(.minutes(10)))
struct PageCatalogTests {
    static let translated = PageLanguage.allCases.filter { $0 != .en }

    @Test("every supported language has a catalog with every key", arguments: PageLanguage.allCases)
    func everyKey(language: PageLanguage) {
        let catalog = PageCatalog.of(language)
        #expect(catalog.language == language)
        let missing = PageText.allCases.filter { (catalog.strings[$0] ?? "").isEmpty }
        #expect(missing.isEmpty, "\(language.tag) lacks \(missing.map(\.rawValue))")
        #expect(catalog.strings.count == PageText.allCases.count)
    }

    @Test("each string has exactly the placeholders of its English original", arguments: translated)
    func samePlaceholders(language: PageLanguage) {
        for key in PageText.allCases {
            let english = PageCatalog.placeholders(in: PageCatalog.english[key] ?? "")
            let translated = PageCatalog.placeholders(in: PageCatalog.of(language).strings[key] ?? "")
            #expect(translated == english, "\(language.tag) \(key.rawValue): \(translated.sorted()) ≠ \(english.sorted())")
        }
    }

    @Test("no string is left in English by mistake", arguments: translated)
    func translatedForReal(language: PageLanguage) {
        let exempt = PageCatalog.sameAsEnglish[language] ?? []
        let untranslated = PageText.allCases.filter { key in
            !exempt.contains(key) && PageCatalog.of(language).strings[key] == PageCatalog.english[key]
        }
        #expect(untranslated.isEmpty, "\(language.tag) repeats English in \(untranslated.map(\.rawValue))")
    }

    @Test("text substitutes placeholders; html escapes the words and keeps the values' markup")
    func substitution() {
        let english = PageCatalog.of(.en)
        #expect(english.text(.heading, ["family": "A & B"]) == "Join A & B")
        #expect(english.html(.heading, ["family": "<bdi>\("A & B")</bdi>"]).markup == "Join <bdi>A &amp; B</bdi>")
        #expect(english.html(.expires, [:]).markup == "It expires on {date}.")
        #expect(PageCatalog.placeholders(in: "{inviter} invited you to {family}") == ["inviter", "family"])
    }

    @Test("dates and counts are written in each language's own way")
    func formatting() throws {
        let date = try #require(ISO8601DateFormatter().date(from: "2026-12-03T23:30:00Z"))
        #expect(PageCatalog.of(.en).day(date) == "December 3, 2026")
        #expect(PageCatalog.of(.ja).day(date) == "2026年12月3日")
        #expect(PageCatalog.of(.es).day(date) == "3 de diciembre de 2026")
        #expect(PageCatalog.of(.ar).day(date).contains("ديسمبر"))
        #expect(PageCatalog.of(.zhHans).day(date) == "2026年12月3日")
        #expect(PageCatalog.of(.de).day(date) == "3. Dezember 2026")
        #expect(PageCatalog.of(.he).language.isRightToLeft && PageCatalog.of(.he).language.direction == "rtl")
        #expect(PageCatalog.of(.en).number(1200) == "1,200")
        #expect(PageCatalog.of(.es).number(12_000) != "12,000")
    }
}
