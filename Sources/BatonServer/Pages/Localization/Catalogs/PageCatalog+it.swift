extension PageCatalog {
    /// Italian.
    static let italian: [PageText: String] = [
        .titleFromInviter: "{inviter} ti ha invitato a unirti a {family}",
        .title: "Sei invitato a unirti a {family}",
        .eyebrow: "Invito di famiglia",
        .heading: "Unisciti a {family}",
        .invitedBy: "{inviter} ti ha invitato.",
        .invited: "Hai ricevuto un invito.",
        .expires: "Scade il {date}.",
        .forSpecificPerson: "Questo invito è per una persona specifica.",
        .usesLeft: "Utilizzi rimasti: {count}.",
        .previewDescription: "Apri questo invito per unirti a {family}.",
        .getOnAppStore: "Scarica l’app dall’App Store",
        .getOnGooglePlay: "Scarica l’app da Google Play",
        .openInApp: "Apri nell’app",
        .haveAppHeading: "Hai già l’app?",
        .haveAppSteps:
            "Copia l’invito, apri l’app e incollalo, oppure digita il codice di invito che hai ricevuto (maiuscole, spazi e trattini non contano).",
        .tooManyTries:
            "Se l’app dice che sono stati provati troppi codici sbagliati, incolla invece questo link di invito: funziona ancora, qualunque cosa sia stata digitata.",
        .copyButton: "Copia invito",
        .copied: "Copiato",
        .linkSelected: "Link selezionato: copialo",
        .qrAlt: "Codice QR di questo link di invito",
        .qrCaption: "Sei su un computer? Inquadralo con la fotocamera del telefono (iPhone o Android).",
        .notFoundTitle: "Invito non trovato",
        .notFoundHeading: "Questo invito non è disponibile",
        .notFoundBody: "Il link è sbagliato, oppure l’invito è scaduto o è stato ritirato. Chiedine uno nuovo a chi ti ha invitato.",
    ]
}
