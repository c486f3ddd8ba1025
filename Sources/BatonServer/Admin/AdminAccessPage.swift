/// The small HTML pages `/admin` answers instead of the dashboard: 401 (the
/// browser then asks for credentials) and 403. They quote nothing from the
/// request.
enum AdminAccessPage {
    /// The challenge sent with 401: the browser's login prompt shows the realm.
    static let challenge = #"Basic realm="Baton admin", charset="UTF-8""#

    /// 401: no usable API key.
    static let unauthorized = page(
        title: "Sign in to Baton admin",
        body: "Sign in with any user name and, as the password, an API key with the <code>metrics:read</code> scope."
    )

    /// 403: a live key without `metrics:read`.
    static let forbidden = page(
        title: "Not allowed",
        body:
            "This API key lacks the <code>metrics:read</code> scope. Create one with <code>baton keys create --name ops --scope metrics:read</code>."
    )

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>\(title)</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}</style></head>
        <body><main><h1>\(title)</h1><p>\(body)</p></main></body>
        </html>

        """
    }
}
