extension PageCatalog {
    /// German, informal (du), as family apps address people.
    static let german: [PageText: String] = [
        .titleFromInviter: "{inviter} hat dich zu {family} eingeladen",
        .title: "Du bist zu {family} eingeladen",
        .eyebrow: "Familieneinladung",
        .heading: "{family} beitreten",
        .invitedBy: "{inviter} hat dich eingeladen.",
        .invited: "Du hast eine Einladung erhalten.",
        .expires: "Sie läuft am {date} ab.",
        .forSpecificPerson: "Diese Einladung gilt für eine bestimmte Person.",
        .usesLeft: "Verbleibende Nutzungen: {count}.",
        .previewDescription: "Öffne diese Einladung, um {family} beizutreten.",
        .getOnAppStore: "App im App Store laden",
        .getOnGooglePlay: "App bei Google Play laden",
        .openInApp: "In der App öffnen",
        .haveAppHeading: "Hast du die App schon?",
        .haveAppSteps:
            "Kopiere die Einladung, öffne die App und füge sie ein, oder gib den Einladungscode ein, den du bekommen hast (Groß- und Kleinschreibung, Leerzeichen und Bindestriche spielen keine Rolle).",
        .tooManyTries:
            "Wenn die App meldet, dass zu viele falsche Codes probiert wurden, füge stattdessen diesen Einladungslink ein: Er funktioniert weiterhin, egal was eingegeben wurde.",
        .copyButton: "Einladung kopieren",
        .copied: "Kopiert",
        .linkSelected: "Link markiert: kopiere ihn",
        .qrAlt: "QR-Code dieses Einladungslinks",
        .qrCaption: "Am Computer? Scanne ihn mit der Kamera deines Handys (iPhone oder Android).",
        .notFoundTitle: "Einladung nicht gefunden",
        .notFoundHeading: "Diese Einladung ist nicht verfügbar",
        .notFoundBody:
            "Der Link ist falsch, oder die Einladung ist abgelaufen oder wurde zurückgezogen. Bitte die Person, die dich eingeladen hat, um eine neue.",
    ]
}
