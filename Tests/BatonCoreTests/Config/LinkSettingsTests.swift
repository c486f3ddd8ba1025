import BatonCore
import BatonTestSupport
import Testing

@Suite("Link settings", .timeLimit(.minutes(10)))
struct LinkSettingsTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    static func configuration(_ extra: [String: String]) throws(ConfigurationError) -> BatonConfiguration {
        try BatonConfiguration(environment: required.merging(extra) { $1 })
    }

    @Test("unset link settings leave operator commands working, and serve's requirement names the variable")
    func unset() throws {
        let links = try Self.configuration([:]).links
        #expect(links.publicHost == nil && links.appleTeamID == nil && links.clipBundleID == nil)
        #expect(links.codeLength == 10)
        #expect(throws: ConfigurationError.self) { try links.requirePublicHost() }
        do {
            _ = try links.requirePublicHost()
        } catch {
            #expect(error.problems.map(\.setting) == ["BATON_PUBLIC_BASE_URL"])
        }
    }

    @Test("the default locale is English unless set, and a supported tag is read in any case")
    func defaultLocale() throws {
        #expect(try Self.configuration([:]).links.defaultLanguage == .en)
        #expect(try Self.configuration(["BATON_DEFAULT_LOCALE": "ja"]).links.defaultLanguage == .ja)
        #expect(try Self.configuration(["BATON_DEFAULT_LOCALE": "ES"]).links.defaultLanguage == .es)
    }

    @Test("a valid set is read, the host lower-cased")
    func valid() throws {
        let links = try Self.configuration([
            "BATON_PUBLIC_BASE_URL": "https://Invites.Example.com/", "BATON_APPLE_TEAM_ID": "ABCDE12345",
            "BATON_APP_BUNDLE_ID": "com.example.app", "BATON_CLIP_BUNDLE_ID": "com.example.app.Clip",
            "BATON_APP_STORE_ID": "1234567890", "BATON_CODE_LENGTH": "6",
        ]).links
        #expect(try links.requirePublicHost() == "invites.example.com")
        #expect(links.publicBaseURL == "https://invites.example.com")
        #expect(links.appleTeamID == "ABCDE12345" && links.clipBundleID == "com.example.app.Clip" && links.appStoreID == "1234567890")
        #expect(links.codeLength == 6)
    }

    @Test(
        "a malformed value is reported with its variable",
        arguments: [
            ("BATON_PUBLIC_BASE_URL", "http://invites.example.com"),
            ("BATON_PUBLIC_BASE_URL", "https://invites.example.com:8443"),
            ("BATON_PUBLIC_BASE_URL", "https://invites.example.com/path"),
            ("BATON_PUBLIC_BASE_URL", "https://user@invites.example.com"),
            ("BATON_PUBLIC_BASE_URL", "https://localhost"),
            ("BATON_PUBLIC_BASE_URL", "https://invites.example.com/?q=1"),
            ("BATON_APPLE_TEAM_ID", "abcde12345"),
            ("BATON_APP_BUNDLE_ID", "no_dots"),
            ("BATON_CLIP_BUNDLE_ID", "com..clip"),
            ("BATON_APP_STORE_ID", "id123"),
            ("BATON_CODE_LENGTH", "5"),
            ("BATON_CODE_LENGTH", "17"),
            ("BATON_DEFAULT_LOCALE", "xx"),
            ("BATON_DEFAULT_LOCALE", "es-MX"),
        ])
    func malformed(name: String, value: String) {
        #expect {
            _ = try Self.configuration([name: value])
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.setting) == [name]
        }
    }
}
