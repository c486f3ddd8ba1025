extension PageCatalog {
    /// Dutch, informal (je).
    static let dutch: [PageText: String] = [
        .titleFromInviter: "{inviter} nodigt je uit voor {family}",
        .title: "Je bent uitgenodigd voor {family}",
        .eyebrow: "Familie-uitnodiging",
        .heading: "Word lid van {family}",
        .invitedBy: "{inviter} heeft je uitgenodigd.",
        .invited: "Je hebt een uitnodiging.",
        .expires: "Hij verloopt op {date}.",
        .forSpecificPerson: "Deze uitnodiging is voor één bepaalde persoon.",
        .usesLeft: "Nog te gebruiken: {count}.",
        .previewDescription: "Open deze uitnodiging om lid te worden van {family}.",
        .getOnAppStore: "Download de app in de App Store",
        .getOnGooglePlay: "Download de app via Google Play",
        .openInApp: "Openen in de app",
        .haveAppHeading: "Heb je de app al?",
        .haveAppSteps:
            "Kopieer de uitnodiging, open de app en plak hem, of typ de uitnodigingscode die je kreeg (hoofdletters, spaties en streepjes maken niet uit).",
        .tooManyTries:
            "Zegt de app dat er te veel verkeerde codes zijn geprobeerd? Plak dan deze uitnodigingslink: die werkt nog steeds, wat er ook is getypt.",
        .copyButton: "Uitnodiging kopiëren",
        .copied: "Gekopieerd",
        .linkSelected: "Link geselecteerd: kopieer hem",
        .qrAlt: "QR-code van deze uitnodigingslink",
        .qrCaption: "Op een computer? Scan hem met de camera van je telefoon (iPhone of Android).",
        .notFoundTitle: "Uitnodiging niet gevonden",
        .notFoundHeading: "Deze uitnodiging is niet beschikbaar",
        .notFoundBody: "De link klopt niet, of de uitnodiging is verlopen of ingetrokken. Vraag degene die je uitnodigde om een nieuwe.",
    ]
}
