import BatonLinks
import Foundation

// The paste parser (`Credential.parse(pasted:limits:)`), with the limits of
// the golden URL vectors. The input is the pasted text.
//
// Properties: parsing is deterministic; an accepted paste gives a credential
// that parses back from its canonical text, and that is found again in the
// same text with words around it, in its link form, and inside a message
// that also holds the input; a refusal has a snake_case code and a message
// without hidden characters that never repeats the input (a broken invite
// link's names its offending part, escaped, as InvocationError does).
extension FuzzTarget {
    // Past the 4,096-byte limit, so the length check is fuzzed too.
    static let paste = FuzzTarget(name: "paste", maxLength: 4_200) { bytes in
        PasteProperties.check(String(decoding: bytes, as: UTF8.self))
    }
}

/// The paste target's limits and checks.
enum PasteProperties {
    static let limits = InvocationLimits(allowedHosts: ["baton.example"], clipBundleIDs: ["com.example.family.Clip"], codeLength: 10)

    static func check(_ text: String) {
        let parsed = Result { () throws(PasteError) in try Credential.parse(pasted: text, limits: limits) }
        precondition(Result { () throws(PasteError) in try Credential.parse(pasted: text, limits: limits) } == parsed, "not deterministic")
        switch parsed {
        case .success(let credential):
            precondition((try? Credential.parse(credential.text, codeLength: limits.codeLength)) == credential)
            precondition((try? Credential.parse(pasted: "Here: \(credential.text) !", limits: limits)) == credential)
            let link = "https://baton.example/invite?\(credential.kind)=\(credential.text)"
            precondition((try? Credential.parse(pasted: "Open \(link).", limits: limits)) == credential, "the link form is not found")
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "paste error \(error.code)")
            Showable.require(error.description, "paste error description")
            // A broken invite link names its offending part, as InvocationError does; nothing else echoes.
            let word = text.trimmingCharacters(in: .whitespaces)
            if case .link = error {
            } else if word.utf8.count >= 6, word.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
                precondition(!error.message.contains(word), "the message repeats the paste")
            }
        }
    }
}
