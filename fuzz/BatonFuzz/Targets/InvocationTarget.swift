import BatonLinks
import Foundation

// The App Clip invocation URL validator, with the limits of the golden
// vectors (Tests/Fixtures/url-vectors.json), whose URLs seed the corpus.
//
// Properties: validating is deterministic; an accepted URL is accepted
// alike as a Foundation `URL` (what the clip holds), is on an allowed host,
// its credential parses back from its canonical text, and the canonical link
// for that credential validates to the same credential; a rejection has a
// machine code and a message without hidden characters; `baton check-url`'s
// lines (human and JSON) hold no hidden character and the JSON line is JSON.
extension FuzzTarget {
    // A little beyond maxURLBytes (2,048), so the length check is fuzzed too.
    static let invocation = FuzzTarget(name: "invocation", maxLength: 2_200) { bytes in
        InvocationProperties.check(String(decoding: bytes, as: UTF8.self))
    }
}

/// The invocation target's limits and checks.
enum InvocationProperties {
    static let limits = InvocationLimits(
        allowedHosts: ["baton.example", "invite.example.org"], clipBundleIDs: ["com.example.family.Clip"], codeLength: 10
    )

    static func check(_ url: String) {
        let verdict = InvocationVerdict(checking: url, limits: limits)
        Showable.require(verdict.humanLine, "check-url's line")
        Showable.require(verdict.jsonLine, "check-url's JSON line")
        precondition((try? JSONSerialization.jsonObject(with: Data(verdict.jsonLine.utf8))) != nil, "check-url's JSON line is not JSON")
        switch verdict.result {
        case .success(let invocation):
            precondition(Result { () throws(InvocationError) in try Invocation(url: url, limits: limits) } == .success(invocation))
            precondition(invocation.host == "appclip.apple.com" || limits.allowedHosts.contains(invocation.host))
            let credential = invocation.credential
            precondition((try? Credential.parse(credential.text, codeLength: limits.codeLength)) == credential)
            // The clip holds a Foundation URL (`NSUserActivity.webpageURL`): the URL form agrees.
            precondition(URL(string: url).flatMap { try? Invocation(url: $0, limits: limits) } == invocation, "the URL form disagrees")
            precondition(
                (try? Invocation(url: canonicalLink(for: credential, host: invocation.host), limits: limits))?.credential == credential)
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "invocation error \(error.code)")
        }
    }

    /// The service's own link for `credential` on `host`, or Apple's default App Clip link.
    private static func canonicalLink(for credential: Credential, host: String) -> String {
        let query = "\(credential.kind)=\(credential.text)"
        guard host != "appclip.apple.com" else { return "https://appclip.apple.com/id?p=com.example.family.Clip&\(query)" }
        return "https://\(host)/invite?\(query)"
    }
}
