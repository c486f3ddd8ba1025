import BatonCore
import HTTP
import Journey

extension Request {
    /// The language of a page answering this request (``LanguageNegotiation``):
    /// its `lang` query value, `Accept-Language`, and whether its agent is
    /// a link-preview robot (``LinkPreviewAgents``), with the invite's `locale`
    /// and `BATON_DEFAULT_LOCALE`.
    func pageLanguage(invite: PageLanguage?, fallback: PageLanguage) -> PageLanguage {
        LanguageNegotiation.language(
            query: queryValue("lang"), acceptLanguage: headers["Accept-Language"], invite: invite, fallback: fallback,
            isPreviewRobot: LinkPreviewAgents.isPreview(userAgent: headers["User-Agent"]))
    }
}
