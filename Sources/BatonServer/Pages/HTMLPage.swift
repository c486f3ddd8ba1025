import BatonCore

/// What Baton's full HTML pages (the invite landing page, the dashboard) start with.
enum HTMLPage {
    /// The doctype and `<head>` up to and with `<title>`: the language and
    /// its direction, UTF-8, a phone-sized viewport, and no search indexing
    /// (an invite or the dashboard is nobody's search result). The caller
    /// adds its own head tags after it and closes `<head>`.
    static func opening(title: String, language: PageLanguage = .en) -> HTML {
        """
        <!doctype html>
        <html lang="\(language.tag)" dir="\(language.direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex, nofollow">
        <title>\(title)</title>

        """
    }
}
