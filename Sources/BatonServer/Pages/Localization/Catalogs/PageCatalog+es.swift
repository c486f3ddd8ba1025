extension PageCatalog {
    /// Spanish, neutral across Spain and Latin America.
    static let spanish: [PageText: String] = [
        .titleFromInviter: "{inviter} te invitó a unirte a {family}",
        .title: "Te invitaron a unirte a {family}",
        .eyebrow: "Invitación familiar",
        .heading: "Únete a {family}",
        .invitedBy: "{inviter} te invitó.",
        .invited: "Tienes una invitación.",
        .expires: "Vence el {date}.",
        .forSpecificPerson: "Esta invitación es para una persona concreta.",
        .usesLeft: "Usos restantes: {count}.",
        .previewDescription: "Abre esta invitación para unirte a {family}.",
        .getOnAppStore: "Descarga la app en el App Store",
        .getOnGooglePlay: "Descarga la app en Google Play",
        .openInApp: "Abrir en la app",
        .haveAppHeading: "¿Ya tienes la app?",
        .haveAppSteps:
            "Copia la invitación, abre la app y pégala, o escribe el código de invitación que te dieron (no importan mayúsculas, espacios ni guiones).",
        .tooManyTries:
            "Si la app dice que se probaron demasiados códigos incorrectos, pega este enlace de invitación: este enlace sigue funcionando, se haya escrito lo que se haya escrito.",
        .copyButton: "Copiar invitación",
        .copied: "Copiada",
        .linkSelected: "Enlace seleccionado: cópialo",
        .qrAlt: "Código QR de este enlace de invitación",
        .qrCaption: "¿Estás en una computadora? Escanéalo con la cámara de tu teléfono (iPhone o Android).",
        .notFoundTitle: "Invitación no encontrada",
        .notFoundHeading: "Esta invitación no está disponible",
        .notFoundBody: "El enlace es incorrecto, o la invitación venció o fue retirada. Pide una nueva a quien te invitó.",
    ]
}
