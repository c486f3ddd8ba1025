extension PageCatalog {
    /// Japanese, in the polite form.
    static let japanese: [PageText: String] = [
        .titleFromInviter: "{inviter}さんが{family}への参加に招待しています",
        .title: "{family}への参加に招待されています",
        .eyebrow: "家族への招待",
        .heading: "{family}に参加する",
        .invitedBy: "{inviter}さんから招待が届いています。",
        .invited: "招待が届いています。",
        .expires: "有効期限は{date}です。",
        .forSpecificPerson: "この招待は特定の方専用です。",
        .usesLeft: "残りの使用回数：{count}回。",
        .previewDescription: "この招待を開いて{family}に参加しましょう。",
        .getOnAppStore: "App Storeでアプリを入手",
        .getOnGooglePlay: "Google Playでアプリを入手",
        .openInApp: "アプリで開く",
        .haveAppHeading: "アプリをお持ちですか？",
        .haveAppSteps: "招待をコピーしてアプリを開き、貼り付けてください。または受け取った招待コードを入力してください（大文字と小文字、スペース、ハイフンは区別されません）。",
        .tooManyTries: "間違ったコードの入力が多すぎるとアプリに表示された場合は、代わりにこの招待リンクを貼り付けてください。何が入力されていても、このリンクは使えます。",
        .copyButton: "招待をコピー",
        .copied: "コピーしました",
        .linkSelected: "リンクを選択しました。コピーしてください",
        .qrAlt: "この招待リンクのQRコード",
        .qrCaption: "パソコンでご覧ですか？スマートフォン（iPhoneまたはAndroid）のカメラでスキャンしてください。",
        .notFoundTitle: "招待が見つかりません",
        .notFoundHeading: "この招待は利用できません",
        .notFoundBody: "リンクが正しくないか、招待の有効期限が切れたか取り消されました。招待してくれた方に新しい招待を頼んでください。",
    ]
}
