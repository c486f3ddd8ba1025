extension PageCatalog {
    /// Russian, informal (ты), as family apps address people.
    static let russian: [PageText: String] = [
        .titleFromInviter: "{inviter} приглашает тебя в {family}",
        .title: "Тебя приглашают в {family}",
        .eyebrow: "Семейное приглашение",
        .heading: "Присоединиться к {family}",
        .invitedBy: "{inviter} отправляет тебе приглашение.",
        .invited: "У тебя есть приглашение.",
        .expires: "Действует до {date}.",
        .forSpecificPerson: "Это приглашение для определённого человека.",
        .usesLeft: "Осталось использований: {count}.",
        .previewDescription: "Открой это приглашение, чтобы присоединиться к {family}.",
        .getOnAppStore: "Скачать приложение в App Store",
        .getOnGooglePlay: "Скачать приложение в Google Play",
        .openInApp: "Открыть в приложении",
        .haveAppHeading: "Приложение уже установлено?",
        .haveAppSteps:
            "Скопируй приглашение, открой приложение и вставь его или введи полученный код приглашения (регистр, пробелы и дефисы не важны).",
        .tooManyTries:
            "Если приложение сообщает, что было слишком много неверных кодов, вставь вместо этого эту ссылку-приглашение: она работает, что бы ни вводили.",
        .copyButton: "Скопировать приглашение",
        .copied: "Скопировано",
        .linkSelected: "Ссылка выделена: скопируй её",
        .qrAlt: "QR-код этой ссылки-приглашения",
        .qrCaption: "Ты за компьютером? Отсканируй его камерой телефона (iPhone или Android).",
        .notFoundTitle: "Приглашение не найдено",
        .notFoundHeading: "Это приглашение недоступно",
        .notFoundBody: "Ссылка неверна, или срок приглашения истёк, или его отозвали. Попроси у пригласившего новое.",
    ]
}
