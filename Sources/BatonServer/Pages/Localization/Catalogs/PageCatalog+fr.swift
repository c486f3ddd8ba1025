extension PageCatalog {
    /// French.
    static let french: [PageText: String] = [
        .titleFromInviter: "{inviter} vous invite à rejoindre {family}",
        .title: "Vous êtes invité à rejoindre {family}",
        .eyebrow: "Invitation familiale",
        .heading: "Rejoindre {family}",
        .invitedBy: "{inviter} vous a invité.",
        .invited: "Vous avez reçu une invitation.",
        .expires: "Elle expire le {date}.",
        .forSpecificPerson: "Cette invitation est destinée à une personne précise.",
        .usesLeft: "Utilisations restantes : {count}.",
        .previewDescription: "Ouvrez cette invitation pour rejoindre {family}.",
        .getOnAppStore: "Télécharger l’app sur l’App Store",
        .getOnGooglePlay: "Télécharger l’app sur Google Play",
        .openInApp: "Ouvrir dans l’app",
        .haveAppHeading: "Vous avez déjà l’app ?",
        .haveAppSteps:
            "Copiez l’invitation, ouvrez l’app et collez-la, ou saisissez le code d’invitation reçu (majuscules, espaces et tirets n’ont pas d’importance).",
        .tooManyTries:
            "Si l’app indique que trop de codes erronés ont été essayés, collez plutôt ce lien d’invitation : il fonctionne toujours, quoi qu’on ait saisi.",
        .copyButton: "Copier l’invitation",
        .copied: "Copiée",
        .linkSelected: "Lien sélectionné : copiez-le",
        .qrAlt: "Code QR de ce lien d’invitation",
        .qrCaption: "Sur un ordinateur ? Scannez-le avec l’appareil photo de votre téléphone (iPhone ou Android).",
        .notFoundTitle: "Invitation introuvable",
        .notFoundHeading: "Cette invitation n’est pas disponible",
        .notFoundBody:
            "Le lien est erroné, ou l’invitation a expiré ou a été retirée. Demandez-en une nouvelle à la personne qui vous a invité.",
    ]
}
