import BatonCore
import Testing

@testable import BatonServer

@Suite("Language negotiation of the landing page", .timeLimit(.minutes(10)))
struct LanguageNegotiationTests {
    /// A person's page with only `header` to go on, the default English.
    static func person(_ header: String?, invite: PageLanguage? = nil) -> PageLanguage {
        LanguageNegotiation.language(query: nil, acceptLanguage: header, invite: invite, fallback: .en, isPreviewRobot: false)
    }

    @Test(
        "Accept-Language picks the most preferred supported range, by lookup along its tag",
        arguments: [
            ("es-MX", PageLanguage.es), ("es-MX,es;q=0.9,en;q=0.8", .es), ("sv-FI, ja;q=0.5, en;q=0.4", .ja),
            ("en;q=0.2, ar;q=0.9", .ar), ("AR-eg", .ar), ("ja-JP-x-private", .ja), ("sv, *;q=0.1", .en),
            ("es;q=0.5, ja;q=0.5", .es), ("ja;q=1.000, es;q=0.999", .ja),
            ("zh-TW", .zhHant), ("zh-HK", .zhHant), ("zh-Hant-TW", .zhHant), ("zh-CN", .zhHans), ("zh", .zhHans),
            ("zh-Hans-SG", .zhHans), ("pt", .ptBR), ("pt-PT", .ptBR), ("pt-br", .ptBR), ("he-IL", .he), ("iw", .he),
            ("id-ID", .id), ("uk-UA, ru;q=0.5", .uk), ("nl-BE", .nl), ("de-CH", .de), ("sv, fr-CA;q=0.3", .fr),
        ])
    func acceptLanguage(header: String, expected: PageLanguage) {
        #expect(Self.person(header) == expected)
    }

    @Test(
        "q=0, malformed items and unsupported tags are ignored, the next preference then counts",
        arguments: [
            ("ja;q=0, es", PageLanguage.es), ("ja;q=0.000, es;q=0.1", .es), ("ja;q=2, es;q=0.1", .es), ("ja;q=0.1234, es;q=0.1", .es),
            ("ja;q=abc, es;q=0.1", .es), ("ja;x=1, es;q=0.1", .es), ("j@, es", .es), ("ja_JP, es", .es), ("ja-, es", .es),
            ("123, es", .es), ("toolongtag-x, es", .es), (";q=0.9, es", .es), ("ja;q=., es;q=0.1", .es), ("sv, es", .es),
        ])
    func ignoredItems(header: String, expected: PageLanguage) {
        #expect(Self.person(header) == expected)
    }

    @Test("a header with nothing usable falls to the invite's language, then the default")
    func fallThrough() {
        #expect(Self.person("sv, fi;q=0.5", invite: .ja) == .ja)
        #expect(Self.person("", invite: .ar) == .ar)
        #expect(Self.person(nil, invite: nil) == .en)
        #expect(LanguageNegotiation.language(query: nil, acceptLanguage: "sv", invite: nil, fallback: .es, isPreviewRobot: false) == .es)
    }

    @Test("only the first 32 ranges and the first 1024 bytes are read")
    func boundedInput() {
        let many = Array(repeating: "sv", count: 32).joined(separator: ",") + ",ja"
        #expect(Self.person(many) == .en)
        #expect(Self.person(Array(repeating: "sv", count: 31).joined(separator: ",") + ",ja") == .ja)
        let long = String(repeating: " ", count: 1024) + "ja"
        #expect(Self.person(long) == .en)
        #expect(LanguageNegotiation.ranges(of: String(repeating: "ja-JP,", count: 100_000)).count == 32)
    }

    @Test("?lang= comes before everything, for people and robots alike, and is looked up as a range is")
    func queryFirst() {
        for robot in [false, true] {
            #expect(
                LanguageNegotiation.language(query: "ja", acceptLanguage: "es", invite: .ar, fallback: .en, isPreviewRobot: robot) == .ja)
            #expect(
                LanguageNegotiation.language(query: "es-AR", acceptLanguage: "ja", invite: nil, fallback: .en, isPreviewRobot: robot) == .es
            )
            #expect(
                LanguageNegotiation.language(query: "<b>", acceptLanguage: "ja", invite: nil, fallback: .en, isPreviewRobot: robot) == .ja)
        }
    }

    @Test("a person's Accept-Language beats the invite's language; a preview robot gets the invite's language first")
    func robotsGetTheInvitesLanguage() {
        #expect(LanguageNegotiation.language(query: nil, acceptLanguage: "en-US", invite: .ar, fallback: .en, isPreviewRobot: false) == .en)
        #expect(LanguageNegotiation.language(query: nil, acceptLanguage: "en-US", invite: .ar, fallback: .en, isPreviewRobot: true) == .ar)
        #expect(LanguageNegotiation.language(query: nil, acceptLanguage: "ja", invite: nil, fallback: .en, isPreviewRobot: true) == .ja)
    }

    @Test("RFC 4647 lookup drops a singleton left at the end, and refuses what is not a tag")
    func lookup() {
        #expect(LanguageNegotiation.lookup("es-x-foo") == .es)
        #expect(LanguageNegotiation.lookup("ES") == .es)
        #expect(LanguageNegotiation.lookup("") == nil)
        #expect(LanguageNegotiation.lookup("e s") == nil)
        #expect(LanguageNegotiation.lookup(String(repeating: "a-", count: 40) + "es") == nil)
    }

    @Test("qvalues are read as RFC 9110 writes them", arguments: [("q=1", 1000), ("q=0.5", 500), ("Q=0.05", 50), ("q=1.0", 1000)])
    func quality(parameter: String, thousandths: Int) {
        #expect(LanguageNegotiation.quality(parameter) == thousandths)
    }
}
