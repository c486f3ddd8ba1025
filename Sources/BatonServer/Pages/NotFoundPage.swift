import BatonCore

/// The plain page for an unknown, expired, revoked, used-up or erased
/// invite link: one answer for them all, so a page never confirms that a
/// token existed; in the language the request asks for (the invite's own
/// is not known here, and must not be).
enum NotFoundPage {
    /// The page in `language`.
    static func html(_ language: PageLanguage) -> HTML {
        let text = PageCatalog.of(language)
        return """
            <!doctype html>
            <html lang="\(language.tag)" dir="\(language.direction)">
            <head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>\(text.text(.notFoundTitle))</title></head>
            <body><main><h1>\(text.text(.notFoundHeading))</h1>\
            <p>\(text.text(.notFoundBody))</p></main></body>
            </html>

            """
    }
}
