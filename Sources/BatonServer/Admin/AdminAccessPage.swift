/// The small HTML pages `/admin` answers instead of the page asked for: 401
/// (the browser then asks for credentials), 403 for a key without the
/// scope, and 403 for a form refused as cross-site. They quote nothing from
/// the request.
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

    /// 403: a live key without `admin` on a page that acts.
    static let notAdmin = page(
        title: "Not allowed",
        body:
            "These pages act on invites, webhooks and jobs: they need an API key with the <code>admin</code> scope. Create one with <code>baton keys create --name ops --scope admin</code> and <a href=\"/admin/sign-in\">sign in</a> with it."
    )

    /// 403: a POST whose `Origin` is not this server, or whose form token is
    /// missing or not its session's (``AdminRequestCheck``).
    static let crossSite = page(
        title: "Form refused",
        body:
            "This form did not come from a page of this Baton admin, or its session has ended, so nothing was changed. <a href=\"/admin/sign-in\">Sign in</a> again and send the form from the page itself."
    )

    private static func page(title: String, body: HTML) -> HTML {
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
