import HTTP

/// `/admin/sign-in`: one form posting an API key with the `admin` scope.
/// No script; the key field is a password field the browser does not
/// autofill. The page quotes nothing from the request: a refusal shows one
/// of its own fixed sentences.
enum AdminSignInPage {
    /// Why the last attempt was refused.
    enum Refusal: String {
        /// Unknown, revoked or malformed key.
        case invalidKey = "That API key is not valid: check it, or create one with baton keys create --name ops --scope admin."
        /// A live key without `admin`.
        case missingScope = "That API key lacks the admin scope; the dashboard alone takes metrics:read over HTTP Basic."
    }

    /// The page, with `refusal` in an alert box when given.
    static func html(refusal: Refusal? = nil) -> HTML {
        var html = HTMLPage.opening(title: "Sign in · Baton admin")
        html += "<style>body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;max-width:30rem;margin:2rem auto;padding:0 1rem}"
        html += "label{display:block;font-weight:600;margin:.5rem 0 .25rem}"
        html += "input{font:inherit;padding:.4rem;border:1px solid #6b7280;border-radius:4px;width:100%;box-sizing:border-box}"
        html += "button{font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:#1e40af;color:#fff;margin-top:1rem}"
        html += ".error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem}</style>\n</head>\n<body>\n<main>\n"
        html += "<h1>Sign in to Baton admin</h1>\n"
        if let refusal { html += "<p class=\"error\" role=\"alert\" id=\"sign-in-error\">\(refusal.rawValue)</p>\n" }
        let described: HTML = refusal == nil ? "" : " aria-describedby=\"sign-in-error\""
        html += """
            <form method="post" action="/admin/sign-in">
            <label for="key">API key with the admin scope</label>
            <input type="password" id="key" name="key" required autocomplete="off" spellcheck="false"\(described)>
            <button type="submit">Sign in</button>
            </form>
            <p>The session lasts an hour; the key itself is not kept in the browser.</p>
            </main>
            </body>
            </html>

            """
        return html
    }
}
