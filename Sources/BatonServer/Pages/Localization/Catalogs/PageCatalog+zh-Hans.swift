extension PageCatalog {
    /// Chinese in simplified characters (mainland China, Singapore).
    static let chineseSimplified: [PageText: String] = [
        .titleFromInviter: "{inviter}邀请你加入{family}",
        .title: "邀请你加入{family}",
        .eyebrow: "家庭邀请",
        .heading: "加入{family}",
        .invitedBy: "{inviter}邀请了你。",
        .invited: "你收到了一份邀请。",
        .expires: "有效期至{date}。",
        .forSpecificPerson: "此邀请仅限特定的人使用。",
        .usesLeft: "剩余使用次数：{count}。",
        .previewDescription: "打开此邀请，加入{family}。",
        .getOnAppStore: "在 App Store 获取应用",
        .getOnGooglePlay: "在 Google Play 获取应用",
        .openInApp: "在应用中打开",
        .haveAppHeading: "已经安装了应用？",
        .haveAppSteps: "复制邀请，打开应用并粘贴，或输入你收到的邀请码（大小写、空格和连字符均无影响）。",
        .tooManyTries: "如果应用提示尝试了太多错误的邀请码，请改为粘贴此邀请链接：无论之前输入了什么，此邀请链接仍然有效。",
        .copyButton: "复制邀请",
        .copied: "已复制",
        .linkSelected: "已选中链接：请复制",
        .qrAlt: "此邀请链接的二维码",
        .qrCaption: "在电脑上？请用手机相机（iPhone 或 Android）扫描。",
        .notFoundTitle: "未找到邀请",
        .notFoundHeading: "此邀请不可用",
        .notFoundBody: "链接有误，或邀请已过期或已撤回。请向邀请你的人索取新的邀请。",
    ]
}
