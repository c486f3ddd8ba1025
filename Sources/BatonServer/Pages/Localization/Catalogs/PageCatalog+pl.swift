extension PageCatalog {
    /// Polish, addressing the reader directly.
    static let polish: [PageText: String] = [
        .titleFromInviter: "{inviter} zaprasza cię do grupy {family}",
        .title: "Masz zaproszenie do grupy {family}",
        .eyebrow: "Zaproszenie rodzinne",
        .heading: "Dołącz do grupy {family}",
        .invitedBy: "{inviter} wysyła ci zaproszenie.",
        .invited: "Masz zaproszenie.",
        .expires: "Wygasa {date}.",
        .forSpecificPerson: "To zaproszenie jest dla konkretnej osoby.",
        .usesLeft: "Pozostałe użycia: {count}.",
        .previewDescription: "Otwórz to zaproszenie, aby dołączyć do grupy {family}.",
        .getOnAppStore: "Pobierz aplikację z App Store",
        .getOnGooglePlay: "Pobierz aplikację z Google Play",
        .openInApp: "Otwórz w aplikacji",
        .haveAppHeading: "Masz już aplikację?",
        .haveAppSteps:
            "Skopiuj zaproszenie, otwórz aplikację i wklej je albo wpisz otrzymany kod zaproszenia (wielkość liter, spacje i łączniki nie mają znaczenia).",
        .tooManyTries:
            "Jeśli aplikacja informuje, że wpisano zbyt wiele błędnych kodów, wklej zamiast tego ten link z zaproszeniem: nadal działa, niezależnie od tego, co wpisano.",
        .copyButton: "Kopiuj zaproszenie",
        .copied: "Skopiowano",
        .linkSelected: "Link zaznaczony: skopiuj go",
        .qrAlt: "Kod QR tego linku z zaproszeniem",
        .qrCaption: "Jesteś przy komputerze? Zeskanuj go aparatem telefonu (iPhone lub Android).",
        .notFoundTitle: "Nie znaleziono zaproszenia",
        .notFoundHeading: "To zaproszenie jest niedostępne",
        .notFoundBody: "Link jest błędny albo zaproszenie wygasło lub zostało wycofane. Poproś osobę, która cię zaprosiła, o nowe.",
    ]
}
