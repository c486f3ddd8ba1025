import BatonCore
import Foundation

/// What a page needs to know of its language beyond the strings.
extension PageLanguage {
    /// `dir` of the page's `<html>`: `rtl` for Arabic and Hebrew, else `ltr`.
    var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// What goes between two sentences: nothing in Japanese and Chinese,
    /// whose full stops carry their own space, else one space.
    var sentenceSeparator: String { [.ja, .zhHans, .zhHant].contains(self) ? "" : " " }

    /// Foundation's locale of the tag, for dates and numbers.
    var foundationLocale: Locale { Locale(identifier: tag) }

    /// `og:locale`, which names a language and a territory (`pt_BR`).
    var openGraphLocale: String {
        switch self {
        case .en: "en_US"
        case .ar: "ar_AR"
        case .ja: "ja_JP"
        case .es: "es_ES"
        case .zhHans: "zh_CN"
        case .zhHant: "zh_TW"
        case .ko: "ko_KR"
        case .he: "he_IL"
        case .ptBR: "pt_BR"
        case .fr: "fr_FR"
        case .de: "de_DE"
        case .it: "it_IT"
        case .nl: "nl_NL"
        case .pl: "pl_PL"
        case .tr: "tr_TR"
        case .ru: "ru_RU"
        case .uk: "uk_UA"
        case .hi: "hi_IN"
        case .id: "id_ID"
        case .vi: "vi_VN"
        }
    }
}
