extension PageCatalog {
    /// Arabic (Modern Standard), right to left.
    static let arabic: [PageText: String] = [
        .titleFromInviter: "{inviter} يدعوك للانضمام إلى {family}",
        .title: "أنت مدعو للانضمام إلى {family}",
        .eyebrow: "دعوة عائلية",
        .heading: "انضم إلى {family}",
        .invitedBy: "{inviter} أرسل إليك دعوة.",
        .invited: "لقد تلقيت دعوة.",
        .expires: "تنتهي صلاحيتها في {date}.",
        .forSpecificPerson: "هذه الدعوة مخصصة لشخص محدد.",
        .usesLeft: "الاستخدامات المتبقية: {count}.",
        .previewDescription: "افتح هذه الدعوة للانضمام إلى {family}.",
        .getOnAppStore: "احصل على التطبيق من App Store",
        .getOnGooglePlay: "احصل على التطبيق من Google Play",
        .openInApp: "افتح في التطبيق",
        .haveAppHeading: "هل لديك التطبيق بالفعل؟",
        .haveAppSteps:
            "انسخ الدعوة، ثم افتح التطبيق والصقها، أو اكتب رمز الدعوة الذي حصلت عليه (لا يهم حجم الأحرف أو المسافات أو الشرطات).",
        .tooManyTries:
            "إذا قال التطبيق إن رموزًا خاطئة كثيرة جُرّبت، فالصق رابط الدعوة هذا بدلًا من ذلك: رابط الدعوة هذا يظل صالحًا مهما كُتب.",
        .copyButton: "نسخ الدعوة",
        .copied: "تم النسخ",
        .linkSelected: "تم تحديد الرابط: انسخه",
        .qrAlt: "رمز QR لرابط هذه الدعوة",
        .qrCaption: "على جهاز كمبيوتر؟ امسح هذا الرمز بكاميرا هاتفك (iPhone أو Android).",
        .notFoundTitle: "الدعوة غير موجودة",
        .notFoundHeading: "هذه الدعوة غير متاحة",
        .notFoundBody: "الرابط غير صحيح، أو انتهت صلاحية الدعوة أو سُحبت. اطلب دعوة جديدة من الشخص الذي دعاك.",
    ]
}
