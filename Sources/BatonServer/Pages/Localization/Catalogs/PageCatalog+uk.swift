extension PageCatalog {
    /// Ukrainian, informal (ти).
    static let ukrainian: [PageText: String] = [
        .titleFromInviter: "{inviter} запрошує тебе до {family}",
        .title: "Тебе запрошують до {family}",
        .eyebrow: "Сімейне запрошення",
        .heading: "Приєднатися до {family}",
        .invitedBy: "{inviter} надсилає тобі запрошення.",
        .invited: "У тебе є запрошення.",
        .expires: "Дійсне до {date}.",
        .forSpecificPerson: "Це запрошення для певної людини.",
        .usesLeft: "Залишилося використань: {count}.",
        .previewDescription: "Відкрий це запрошення, щоб приєднатися до {family}.",
        .getOnAppStore: "Завантажити застосунок з App Store",
        .getOnGooglePlay: "Завантажити застосунок з Google Play",
        .openInApp: "Відкрити в застосунку",
        .haveAppHeading: "Застосунок уже встановлено?",
        .haveAppSteps:
            "Скопіюй запрошення, відкрий застосунок і встав його або введи отриманий код запрошення (регістр, пробіли й дефіси не мають значення).",
        .tooManyTries:
            "Якщо застосунок повідомляє, що було забагато неправильних кодів, встав натомість це посилання-запрошення: воно працює, що б не вводили.",
        .copyButton: "Скопіювати запрошення",
        .copied: "Скопійовано",
        .linkSelected: "Посилання виділено: скопіюй його",
        .qrAlt: "QR-код цього посилання-запрошення",
        .qrCaption: "Ти за комп’ютером? Відскануй його камерою телефона (iPhone або Android).",
        .notFoundTitle: "Запрошення не знайдено",
        .notFoundHeading: "Це запрошення недоступне",
        .notFoundBody: "Посилання неправильне, або строк запрошення минув, або його відкликали. Попроси в того, хто запросив, нове.",
    ]
}
