import HTTP

extension Response {
    /// A `text/html` response of a page built as ``HTML``.
    static func page(_ html: HTML, status: Int = 200) -> Response {
        .html(html.markup, status: status)
    }
}
