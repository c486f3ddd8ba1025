extension PageCatalog {
    /// Hebrew, right to left.
    static let hebrew: [PageText: String] = [
        .titleFromInviter: "{inviter} הזמין/ה אותך להצטרף אל {family}",
        .title: "הוזמנת להצטרף אל {family}",
        .eyebrow: "הזמנה משפחתית",
        .heading: "הצטרפות אל {family}",
        .invitedBy: "{inviter} הזמין/ה אותך.",
        .invited: "קיבלת הזמנה.",
        .expires: "ההזמנה בתוקף עד {date}.",
        .forSpecificPerson: "ההזמנה הזו מיועדת לאדם מסוים.",
        .usesLeft: "שימושים שנותרו: {count}.",
        .previewDescription: "פתחו את ההזמנה כדי להצטרף אל {family}.",
        .getOnAppStore: "להורדת האפליקציה מ-App Store",
        .getOnGooglePlay: "להורדת האפליקציה מ-Google Play",
        .openInApp: "פתיחה באפליקציה",
        .haveAppHeading: "האפליקציה כבר מותקנת?",
        .haveAppSteps:
            "העתיקו את ההזמנה, פתחו את האפליקציה והדביקו אותה, או הקלידו את קוד ההזמנה שקיבלתם (אותיות גדולות או קטנות, רווחים ומקפים לא משנים).",
        .tooManyTries:
            "אם האפליקציה אומרת שנוסו יותר מדי קודים שגויים, הדביקו במקום זאת את קישור ההזמנה הזה: הקישור ממשיך לעבוד, לא משנה מה הוקלד.",
        .copyButton: "העתקת ההזמנה",
        .copied: "הועתק",
        .linkSelected: "הקישור נבחר: העתיקו אותו",
        .qrAlt: "קוד QR של קישור ההזמנה",
        .qrCaption: "במחשב? סרקו את הקוד במצלמת הטלפון (iPhone או Android).",
        .notFoundTitle: "ההזמנה לא נמצאה",
        .notFoundHeading: "ההזמנה הזו אינה זמינה",
        .notFoundBody: "הקישור שגוי, או שתוקף ההזמנה פג או שהיא בוטלה. בקשו הזמנה חדשה ממי שהזמין אתכם.",
    ]
}
