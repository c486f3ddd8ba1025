extension PageCatalog {
    /// Portuguese as written in Brazil.
    static let portugueseBrazil: [PageText: String] = [
        .titleFromInviter: "{inviter} convidou você para entrar em {family}",
        .title: "Você foi convidado para entrar em {family}",
        .eyebrow: "Convite de família",
        .heading: "Entre em {family}",
        .invitedBy: "{inviter} convidou você.",
        .invited: "Você recebeu um convite.",
        .expires: "Ele vence em {date}.",
        .forSpecificPerson: "Este convite é para uma pessoa específica.",
        .usesLeft: "Usos restantes: {count}.",
        .previewDescription: "Abra este convite para entrar em {family}.",
        .getOnAppStore: "Baixe o app na App Store",
        .getOnGooglePlay: "Baixe o app no Google Play",
        .openInApp: "Abrir no app",
        .haveAppHeading: "Já tem o app?",
        .haveAppSteps:
            "Copie o convite, abra o app e cole, ou digite o código de convite que você recebeu (maiúsculas, espaços e hifens não importam).",
        .tooManyTries:
            "Se o app disser que muitos códigos errados foram tentados, cole este link de convite: ele continua funcionando, seja lá o que tenha sido digitado.",
        .copyButton: "Copiar convite",
        .copied: "Copiado",
        .linkSelected: "Link selecionado: copie-o",
        .qrAlt: "Código QR deste link de convite",
        .qrCaption: "Está no computador? Escaneie com a câmera do celular (iPhone ou Android).",
        .notFoundTitle: "Convite não encontrado",
        .notFoundHeading: "Este convite não está disponível",
        .notFoundBody: "O link está errado, ou o convite venceu ou foi cancelado. Peça um novo a quem convidou você.",
    ]
}
