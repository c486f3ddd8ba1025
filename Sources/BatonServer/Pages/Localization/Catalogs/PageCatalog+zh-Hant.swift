extension PageCatalog {
    /// Chinese in traditional characters (Taiwan, Hong Kong, Macao).
    static let chineseTraditional: [PageText: String] = [
        .titleFromInviter: "{inviter}邀請你加入{family}",
        .title: "邀請你加入{family}",
        .eyebrow: "家庭邀請",
        .heading: "加入{family}",
        .invitedBy: "{inviter}邀請了你。",
        .invited: "你收到了一份邀請。",
        .expires: "有效期限至{date}。",
        .forSpecificPerson: "此邀請僅限特定的人使用。",
        .usesLeft: "剩餘使用次數：{count}。",
        .previewDescription: "開啟此邀請，加入{family}。",
        .getOnAppStore: "在 App Store 取得 App",
        .getOnGooglePlay: "在 Google Play 取得 App",
        .openInApp: "在 App 中開啟",
        .haveAppHeading: "已經有 App 了嗎？",
        .haveAppSteps: "複製邀請，開啟 App 並貼上，或輸入你收到的邀請碼（大小寫、空格和連字號都沒有影響）。",
        .tooManyTries: "如果 App 顯示嘗試了太多錯誤的邀請碼，請改為貼上此邀請連結：無論之前輸入了什麼，此邀請連結仍然有效。",
        .copyButton: "複製邀請",
        .copied: "已複製",
        .linkSelected: "已選取連結：請複製",
        .qrAlt: "此邀請連結的 QR 碼",
        .qrCaption: "在電腦上？請用手機相機（iPhone 或 Android）掃描。",
        .notFoundTitle: "找不到邀請",
        .notFoundHeading: "此邀請無法使用",
        .notFoundBody: "連結有誤，或邀請已過期或已撤回。請向邀請你的人索取新的邀請。",
    ]
}
