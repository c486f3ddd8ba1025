extension PageCatalog {
    /// Vietnamese.
    static let vietnamese: [PageText: String] = [
        .titleFromInviter: "{inviter} mời bạn tham gia {family}",
        .title: "Bạn được mời tham gia {family}",
        .eyebrow: "Lời mời gia đình",
        .heading: "Tham gia {family}",
        .invitedBy: "{inviter} đã mời bạn.",
        .invited: "Bạn có một lời mời.",
        .expires: "Lời mời hết hạn vào {date}.",
        .forSpecificPerson: "Lời mời này dành cho một người cụ thể.",
        .usesLeft: "Số lần dùng còn lại: {count}.",
        .previewDescription: "Mở lời mời này để tham gia {family}.",
        .getOnAppStore: "Tải ứng dụng trên App Store",
        .getOnGooglePlay: "Tải ứng dụng trên Google Play",
        .openInApp: "Mở trong ứng dụng",
        .haveAppHeading: "Đã có ứng dụng?",
        .haveAppSteps:
            "Sao chép lời mời, mở ứng dụng và dán vào, hoặc nhập mã mời bạn nhận được (chữ hoa, chữ thường, khoảng trắng và dấu gạch nối không quan trọng).",
        .tooManyTries:
            "Nếu ứng dụng báo đã thử quá nhiều mã sai, hãy dán liên kết mời này thay thế: liên kết này vẫn dùng được, dù đã nhập gì đi nữa.",
        .copyButton: "Sao chép lời mời",
        .copied: "Đã sao chép",
        .linkSelected: "Đã chọn liên kết: hãy sao chép",
        .qrAlt: "Mã QR của liên kết mời này",
        .qrCaption: "Đang dùng máy tính? Quét mã bằng camera điện thoại (iPhone hoặc Android).",
        .notFoundTitle: "Không tìm thấy lời mời",
        .notFoundHeading: "Lời mời này không khả dụng",
        .notFoundBody: "Liên kết bị sai, hoặc lời mời đã hết hạn hay bị thu hồi. Hãy xin người đã mời bạn một lời mời mới.",
    ]
}
