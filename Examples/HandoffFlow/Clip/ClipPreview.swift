import BatonHandoff

/// What the clip learnt and stored. The names come from the decoded
/// handoff, which the codec refused if they held hidden characters (bidi
/// overrides, zero-width spaces): what the clip shows is what it checked.
struct ClipPreview: Sendable {
    /// The handoff as the store keeps it.
    let stored: StoredHandoff

    /// The inviting family; nil for a code kept offline or a handoff newer than this clip.
    var familyName: String? {
        guard case .current(let envelope) = stored else { return nil }
        return envelope.payload.familyName
    }

    /// The inviting person, when the invite names one.
    var inviterName: String? {
        guard case .current(let envelope) = stored else { return nil }
        return envelope.payload.inviterName
    }

    /// The clip's headline.
    var headline: String {
        switch (familyName, inviterName) {
        case (let family?, let inviter?): "\(inviter) invited you to join \(family). Get the app to accept."
        case (let family?, nil): "You're invited to join \(family). Get the app to accept."
        default: "Your invite code is saved. Get the app to accept it."
        }
    }
}
