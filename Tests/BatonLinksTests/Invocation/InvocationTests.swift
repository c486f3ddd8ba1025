import Foundation
import SafeText
import Testing

@testable import BatonLinks

@Suite("Invocation URLs", .timeLimit(.minutes(10)))
struct InvocationTests {
    static let vectors = URLVectors.shared.vectors
    static let limits = URLVectors.shared.invocationLimits

    @Test("the fixture holds at least 60 vectors, valid and hostile")
    func fixtureSize() {
        #expect(Self.vectors.count >= 60)
        #expect(Self.vectors.contains { $0.expect == "valid" })
        #expect(Set(Self.vectors.map(\.expect)).count >= 20)
    }

    @Test("each URL vector gets its expected verdict", arguments: vectors)
    func vector(_ vector: URLVectors.Vector) {
        let verdict = InvocationVerdict(checking: vector.fullURL, limits: Self.limits)
        switch verdict.result {
        case .success(let invocation):
            #expect(vector.expect == "valid", "accepted, expected \(vector.expect)")
            #expect(invocation.credential.kind == vector.kind)
        case .failure(let error):
            #expect(error.code == vector.expect, "\(error)")
            if let value = vector.value { #expect(error.value == value) }
            #expect(error.part?.rawValue == vector.part)
        }
    }

    @Test("every verdict renders without hidden characters and as valid JSON", arguments: vectors)
    func rendering(_ vector: URLVectors.Vector) throws {
        let verdict = InvocationVerdict(checking: vector.fullURL, limits: Self.limits)
        #expect(!HiddenCharacters.contains(in: verdict.humanLine))
        #expect(!HiddenCharacters.contains(in: verdict.jsonLine))
        let object = try JSONSerialization.jsonObject(with: Data(verdict.jsonLine.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == verdict.isValid)
    }

    @Test("a valid link resolves to the token in its path, normalised")
    func resolvesToken() throws {
        let url = "https://baton.example/invite/0123456789abcdefghjkmnpqrs"
        let invocation = try Invocation(url: url, limits: Self.limits)
        #expect(invocation.credential == .token(try LinkToken(parsing: "0123456789ABCDEFGHJKMNPQRS")))
        #expect(invocation.form == .inviteLink && invocation.host == "baton.example")
    }

    @Test("a default App Clip link names its clip bundle identifier")
    func defaultForm() throws {
        let url = URL(string: "https://appclip.apple.com/id?p=com.example.family.Clip&code=7K3M9-Q2XWW")!
        let invocation = try Invocation(url: url, limits: Self.limits)
        #expect(invocation.form == .defaultAppClipLink(bundleID: "com.example.family.Clip"))
        #expect(invocation.credential == .code(try InviteCode(parsing: "7K3M9Q2XWW")))
    }

    @Test("without clip bundle ids the default App Clip host is refused")
    func defaultFormOff() {
        let limits = InvocationLimits(allowedHosts: ["baton.example"])
        let url = "https://appclip.apple.com/id?p=com.example.family.Clip&code=7K3M9Q2XWW"
        #expect(throws: InvocationError.hostNotAllowed(value: "appclip.apple.com")) { try Invocation(url: url, limits: limits) }
    }

    @Test("a bad credential is reported without its text")
    func credentialRedacted() {
        let error = #expect(throws: InvocationError.self) {
            try Invocation(url: "https://baton.example/invite?code=7K3M9Q2XWX", limits: Self.limits)
        }
        #expect(error == .credential(.checkFailed))
        #expect(error?.value == nil && error?.message.contains("7K3M9Q2XWX") == false)
    }

    @Test("checks run in order: a long URL with a bad scheme is too long first")
    func order() {
        let url = "ftp://evil.example/" + String(repeating: "%E2%80%AE/", count: 300)
        #expect(throws: InvocationError.urlTooLong(bytes: url.utf8.count, limit: 2048)) { try Invocation(url: url, limits: Self.limits) }
        let limits = InvocationLimits(allowedHosts: ["baton.example"], maxURLBytes: 10_000)
        #expect(throws: InvocationError.schemeNotHTTPS(value: "ftp")) { try Invocation(url: url, limits: limits) }
    }

    @Test("a hidden character in a value is escaped in the message and never decoded")
    func escapedMessage() {
        let error = InvocationError.hostNotAllowed(value: "evil\u{202E}moc.example")
        #expect(error.message.contains("evil\\u{202E}moc.example"))
        #expect(!HiddenCharacters.contains(in: error.message))
    }

    @Test("limits are a value: configured numbers apply")
    func customLimits() {
        let limits = InvocationLimits(allowedHosts: ["baton.example"], maxPathComponents: 2, maxQueryItems: 1)
        #expect(throws: InvocationError.tooManyPathComponents(count: 3, limit: 2)) {
            try Invocation(url: "https://baton.example/invite/x/y", limits: limits)
        }
        #expect(throws: InvocationError.tooManyQueryItems(count: 2, limit: 1)) {
            try Invocation(url: "https://baton.example/invite?a&b", limits: limits)
        }
    }
}
