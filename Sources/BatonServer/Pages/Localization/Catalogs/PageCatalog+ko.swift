extension PageCatalog {
    /// Korean, in the polite style.
    static let korean: [PageText: String] = [
        .titleFromInviter: "{inviter}님이 {family}에 초대했습니다",
        .title: "{family}에 초대되었습니다",
        .eyebrow: "가족 초대",
        .heading: "{family}에 참여하기",
        .invitedBy: "{inviter}님이 초대했습니다.",
        .invited: "초대를 받았습니다.",
        .expires: "{date}에 만료됩니다.",
        .forSpecificPerson: "이 초대는 특정한 분만 사용할 수 있습니다.",
        .usesLeft: "남은 사용 횟수: {count}.",
        .previewDescription: "이 초대를 열어 {family}에 참여하세요.",
        .getOnAppStore: "App Store에서 앱 받기",
        .getOnGooglePlay: "Google Play에서 앱 받기",
        .openInApp: "앱에서 열기",
        .haveAppHeading: "이미 앱이 있나요?",
        .haveAppSteps: "초대를 복사한 뒤 앱을 열어 붙여 넣거나, 받은 초대 코드를 입력하세요(대소문자, 공백, 하이픈은 상관없습니다).",
        .tooManyTries: "앱에 잘못된 코드를 너무 많이 입력했다고 나오면, 대신 이 초대 링크를 붙여 넣으세요. 무엇을 입력했든 이 초대 링크는 계속 사용할 수 있습니다.",
        .copyButton: "초대 복사",
        .copied: "복사됨",
        .linkSelected: "링크가 선택되었습니다: 복사하세요",
        .qrAlt: "이 초대 링크의 QR 코드",
        .qrCaption: "컴퓨터에서 보고 있나요? 휴대폰 카메라(iPhone 또는 Android)로 스캔하세요.",
        .notFoundTitle: "초대를 찾을 수 없음",
        .notFoundHeading: "이 초대는 사용할 수 없습니다",
        .notFoundBody: "링크가 잘못되었거나 초대가 만료되었거나 취소되었습니다. 초대한 분에게 새 초대를 요청하세요.",
    ]
}
