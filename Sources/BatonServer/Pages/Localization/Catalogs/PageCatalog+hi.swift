extension PageCatalog {
    /// Hindi, in Devanagari, polite (आप).
    static let hindi: [PageText: String] = [
        .titleFromInviter: "{inviter} ने आपको {family} में शामिल होने का न्योता दिया है",
        .title: "आपको {family} में शामिल होने का न्योता मिला है",
        .eyebrow: "परिवार का न्योता",
        .heading: "{family} में शामिल हों",
        .invitedBy: "{inviter} ने आपको न्योता दिया है।",
        .invited: "आपको एक न्योता मिला है।",
        .expires: "यह {date} को समाप्त होगा।",
        .forSpecificPerson: "यह न्योता एक खास व्यक्ति के लिए है।",
        .usesLeft: "बचे हुए उपयोग: {count}।",
        .previewDescription: "{family} में शामिल होने के लिए यह न्योता खोलें।",
        .getOnAppStore: "App Store से ऐप पाएं",
        .getOnGooglePlay: "Google Play से ऐप पाएं",
        .openInApp: "ऐप में खोलें",
        .haveAppHeading: "क्या आपके पास ऐप पहले से है?",
        .haveAppSteps: "न्योता कॉपी करें, ऐप खोलें और पेस्ट करें, या आपको मिला न्योता कोड लिखें (बड़े-छोटे अक्षर, स्पेस और हाइफ़न से कोई फ़र्क नहीं पड़ता)।",
        .tooManyTries: "अगर ऐप कहे कि बहुत सारे गलत कोड आज़माए गए हैं, तो इसकी जगह यह न्योता लिंक पेस्ट करें: जो भी लिखा गया हो, यह लिंक फिर भी काम करता है।",
        .copyButton: "न्योता कॉपी करें",
        .copied: "कॉपी हो गया",
        .linkSelected: "लिंक चुना गया: इसे कॉपी करें",
        .qrAlt: "इस न्योता लिंक का QR कोड",
        .qrCaption: "कंप्यूटर पर हैं? इसे अपने फ़ोन के कैमरे (iPhone या Android) से स्कैन करें।",
        .notFoundTitle: "न्योता नहीं मिला",
        .notFoundHeading: "यह न्योता उपलब्ध नहीं है",
        .notFoundBody: "लिंक गलत है, या न्योते की अवधि खत्म हो गई है या इसे वापस ले लिया गया है। जिसने आपको न्योता दिया, उनसे नया न्योता मांगें।",
    ]
}
