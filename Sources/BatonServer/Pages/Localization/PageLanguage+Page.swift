import BatonCore
import Foundation

/// What a page needs to know of its language beyond the strings.
extension PageLanguage {
    /// `dir` of the page's `<html>`: `rtl` for Arabic and Hebrew, else `ltr`.
    var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// What goes between two sentences: nothing in Japanese and Chinese,
    /// whose full stops carry their own space, else one space.
    var sentenceSeparator: String { self == .ja ? "" : " " }

    /// Foundation's locale of the tag, for dates and numbers.
    var foundationLocale: Locale { Locale(identifier: tag) }

    /// `og:locale`, which names a language and a territory (`pt_BR`).
    var openGraphLocale: String {
        switch self {
        case .en: "en_US"
        case .ar: "ar_AR"
        case .ja: "ja_JP"
        case .es: "es_ES"
        }
    }
}
