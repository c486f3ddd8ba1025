import BatonLinks

// The Android install referrer (`Credential.parse(installReferrer:)`). The
// input is the referrer as the Play Install Referrer library hands it over.
//
// Properties: parsing is deterministic; an accepted referrer names a link
// token (never a code) whose own referrer, with or without source and
// campaign, parses back to it, also when the input's other parameters stand
// around it; a refusal has a snake_case code, a message without hidden
// characters, and never repeats the input.
extension FuzzTarget {
    // Past the 2,048-byte limit, so the length check is fuzzed too.
    static let referrer = FuzzTarget(name: "referrer", maxLength: 2_200) { bytes in
        ReferrerProperties.check(String(decoding: bytes, as: UTF8.self))
    }
}

/// The referrer target's checks.
enum ReferrerProperties {
    static func check(_ text: String) {
        let parsed = Result { () throws(InstallReferrerError) in try Credential.parse(installReferrer: text) }
        precondition(
            Result { () throws(InstallReferrerError) in try Credential.parse(installReferrer: text) } == parsed, "not deterministic")
        switch parsed {
        case .success(.token(let token)):
            precondition((try? Credential.parse(installReferrer: token.installReferrer())) == .token(token))
            let attributed = token.installReferrer(source: text, campaign: String(text.reversed()))
            precondition((try? Credential.parse(installReferrer: attributed)) == .token(token), "source and campaign change the token")
        case .success(.code):
            preconditionFailure("a referrer named a typed code")
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "referrer error \(error.code)")
            Showable.require(error.description, "referrer error description")
            // The parameter values are what a crafted link controls.
            for pair in text.split(separator: "&") {
                guard let value = pair.split(separator: "=", maxSplits: 1).dropFirst().first, value.utf8.count >= 8 else { continue }
                precondition(!error.message.contains(value), "the message repeats the referrer")
            }
        }
    }
}
