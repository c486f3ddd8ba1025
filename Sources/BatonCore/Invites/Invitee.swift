import Foundation
import SafeText

/// The one person an invite is for, normalised: an email address (trimmed
/// and lower-cased), a phone number in E.164 (`+` and 7 to 15 digits) or the
/// backend's user id (`subject`, exact). Baton keeps only its keyed hash
/// (``hash(with:)``), its ``kind`` and a ``hint`` for people, never the
/// value itself (docs/privacy.md).
public struct Invitee: Sendable, Equatable {
    /// Which identity names the invitee.
    public enum Kind: String, Sendable, CaseIterable {
        case email, phone, subject
    }

    /// Bytes of an email address (RFC 5321's path limit).
    public static let emailLength = 3...254
    /// Bytes of a subject, as a redeemer id.
    public static let subjectLength = 1...256

    /// Which identity this is.
    public let kind: Kind
    /// The normalised value; only hashed, never stored.
    let value: String

    /// An email invitee, or nil when `text` is not an address or holds a
    /// hidden character (``IdentityText``), judged before trimming: on Linux
    /// trimming whitespace also drops a zero-width space, which would make
    /// `ann@example.com` and the same followed by U+200B one address.
    public init?(email text: String) {
        guard !IdentityText.containsHidden(text) else { return nil }
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard Self.emailLength.contains(email.utf8.count), parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !email.contains(" ")
        else { return nil }
        kind = .email
        value = email
    }

    /// A phone invitee, or nil when `text` is not E.164 (`+`, then 7 to 15
    /// digits, the first not 0). Nothing is reformatted: spaces and dashes are refused.
    public init?(phone text: String) {
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "+"), (7...15).contains(digits.count), digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        kind = .phone
        value = text
    }

    /// A subject invitee, or nil when `text` is not 1–256 bytes without
    /// hidden characters (``IdentityText``, the rule of redeemer ids and a JWT's `sub`).
    public init?(subject text: String) {
        guard Self.subjectLength.contains(text.utf8.count), !IdentityText.containsHidden(text) else { return nil }
        kind = .subject
        value = text
    }

    /// The invitee a request names: exactly one of `email`, `phone` and `subject`.
    /// - Throws: `InviteError.validationFailed` naming `field` and the bad member.
    public init(_ draft: InviteeDraft, field: String) throws(InviteError) {
        let given = [draft.email, draft.phone, draft.subject].compactMap { $0 }.count
        guard given == 1 else { throw .validationFailed(field: field, reason: "must hold exactly one of email, phone and subject") }
        if let email = draft.email {
            guard let invitee = Invitee(email: email) else {
                throw .validationFailed(field: field + ".email", reason: "must be an email address")
            }
            self = invitee
        } else if let phone = draft.phone {
            guard let invitee = Invitee(phone: phone) else {
                throw .validationFailed(field: field + ".phone", reason: "must be a phone number in E.164 form, such as +14155550123")
            }
            self = invitee
        } else {
            guard let invitee = Invitee(subject: draft.subject ?? "") else {
                throw .validationFailed(field: field + ".subject", reason: "must have 1 to 256 bytes without hidden characters")
            }
            self = invitee
        }
    }

    /// What may be shown of the invitee: the first character of an email's
    /// local part and its domain (`a•••@example.com`), a phone number's last
    /// two digits (`•••23`); nothing of a subject, which is often short
    /// enough for any prefix to give it away.
    public var hint: String? {
        switch kind {
        case .email:
            let parts = value.split(separator: "@", maxSplits: 1)
            return String(parts[0].prefix(1)) + "•••@" + parts[1]
        case .phone: return "•••" + value.suffix(2)
        case .subject: return nil
        }
    }

    /// The 32-byte keyed hash of kind and value, under a hasher for ``KeyedHasher/Purpose/invitee``.
    public func hash(with hasher: KeyedHasher) -> [UInt8] {
        hasher.hash(kind.rawValue + ":" + value)
    }
}

/// `invitee` as a client sends it, before validation.
public struct InviteeDraft: Decodable, Sendable, Equatable {
    /// `email`.
    public var email: String?
    /// `phone`, in E.164.
    public var phone: String?
    /// `subject`: the backend's user id.
    public var subject: String?

    /// A draft with the given members.
    public init(email: String? = nil, phone: String? = nil, subject: String? = nil) {
        self.email = email
        self.phone = phone
        self.subject = subject
    }
}
