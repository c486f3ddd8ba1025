import BatonCore
import HTTP

extension Response {
    /// A `text/html` response of a page built as ``HTML``.
    static func page(_ html: HTML, status: Int = 200) -> Response {
        .html(html.markup, status: status)
    }

    /// A page written in `language`: `Content-Language` names it, and
    /// `Vary` lists what chose it and what else the page follows.
    /// - Parameter vary: the request headers the page depends on;
    ///   `Accept-Language` always, `User-Agent` for a page whose store links
    ///   (and, for robots, language) follow the agent.
    static func page(_ html: HTML, in language: PageLanguage, vary: [String] = ["Accept-Language"], status: Int = 200) -> Response {
        var response = Response.page(html, status: status)
        response.headers.set("Content-Language", language.tag)
        response.headers.set("Vary", vary.joined(separator: ", "))
        return response
    }
}
