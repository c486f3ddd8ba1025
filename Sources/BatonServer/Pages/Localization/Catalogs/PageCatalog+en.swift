extension PageCatalog {
    /// English, the language the others are translated from.
    static let english: [PageText: String] = [
        .titleFromInviter: "{inviter} invited you to join {family}",
        .title: "You are invited to join {family}",
        .eyebrow: "Family invite",
        .heading: "Join {family}",
        .invitedBy: "{inviter} invited you.",
        .invited: "You are invited.",
        .expires: "It expires on {date}.",
        .forSpecificPerson: "This invite is for a specific person.",
        .usesLeft: "Uses left: {count}.",
        .previewDescription: "Open this invite to join {family}.",
        .getOnAppStore: "Get the app on the App Store",
        .getOnGooglePlay: "Get the app on Google Play",
        .openInApp: "Open in the app",
        .haveAppHeading: "Already have the app?",
        .haveAppSteps:
            "Copy the invite, open the app and paste it, or type the invite code you were given (case, spaces and hyphens do not matter).",
        .tooManyTries:
            "If the app says too many wrong codes were tried, paste this invite link instead: this invite link still works, whatever was typed.",
        .copyButton: "Copy invite",
        .copied: "Copied",
        .linkSelected: "Link selected: copy it",
        .qrAlt: "QR code of this invite link",
        .qrCaption: "On a computer? Scan this with your phone's camera (iPhone or Android).",
        .notFoundTitle: "Invite not found",
        .notFoundHeading: "This invite is not available",
        .notFoundBody: "The link is wrong, or the invite has expired or was withdrawn. Ask the person who invited you for a new one.",
    ]
}
