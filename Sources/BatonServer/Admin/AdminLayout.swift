import BatonCore
import HTTP

/// The frame of every signed-in `/admin` page that acts: head, inline
/// styles (no stylesheet or script is loaded; the CSP allows neither), the
/// navigation, the sign-out button, an optional notice, and the page's own
/// HTML. Readable at 390 px: the navigation wraps, forms stack, wide
/// tables scroll inside their own box. Colours meet WCAG AA contrast.
enum AdminLayout {
    /// The pages in the navigation, as path and label.
    static let sections = [
        ("/admin", "Funnel"), ("/admin/invites", "Invites"), ("/admin/webhooks", "Webhooks"), ("/admin/queue", "Queue"),
        ("/admin/audit", "Audit"),
    ]

    /// A whole page. `title` is plain text (it may hold a family name);
    /// `notice` is one of the page's own fixed sentences, shown in a status box.
    static func page(title: String, current: String, session: AdminSessionStore.Session, notice: String? = nil, body: HTML) -> HTML {
        var html = HTMLPage.opening(title: title + " · Baton admin")
        html += "<style>\(style)</style>\n</head>\n<body>\n<header>\(navigation(current: current))"
        html += "<form method=\"post\" action=\"/admin/sign-out\">\(tokenField(session))<button type=\"submit\">Sign out</button></form>"
        html += "</header>\n<main>\n<h1>\(title)</h1>\n"
        if let notice { html += "<p class=\"notice\" role=\"status\">\(notice)</p>\n" }
        html += body
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// The links to every section but `current` (a path of ``sections``),
    /// which is named in bold instead, not linked. (Not `aria-current`: the
    /// HTML Tidy the dashboard's suite checks with counts it proprietary.)
    static func navigation(current: String) -> HTML {
        let items = sections.map { path, label -> HTML in
            path == current ? "<li><strong>\(label)</strong></li>" : "<li><a href=\"\(path)\">\(label)</a></li>"
        }
        return "<nav aria-label=\"Admin sections\"><ul>\(items.joined())</ul></nav>"
    }

    /// The hidden field with the session's form token, which every form of a signed-in page carries.
    static func tokenField(_ session: AdminSessionStore.Session) -> HTML {
        "<input type=\"hidden\" name=\"\(AdminRequestCheck.formTokenField)\" value=\"\(session.formToken)\">"
    }

    /// A POST form of one button (revoke, retry, …) with the form token and `fields` as hidden inputs.
    static func button(
        _ label: String, action: String, session: AdminSessionStore.Session, fields: [(String, String)] = [], danger: Bool = false
    ) -> HTML {
        let hidden = fields.map { name, value -> HTML in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">" }
        let kind: HTML = danger ? " class=\"danger\"" : ""
        return "<form method=\"post\" action=\"\(action)\" class=\"inline\">\(tokenField(session))\(hidden.joined())"
            + "<button type=\"submit\"\(kind)>\(label)</button></form>"
    }

    /// A table in a box that scrolls sideways when the table is wider than
    /// the screen: `head` is the columns' labels, `rows` whole `<tr>`
    /// elements; without rows, one row saying `empty` across every column.
    static func table(caption: String? = nil, head: [String], rows: [HTML], empty: String = "None.") -> HTML {
        let header = head.map { label -> HTML in "<th scope=\"col\">\(label)</th>" }.joined()
        let captionElement: HTML = caption.map { "<caption>\($0)</caption>" } ?? .empty
        let body = rows.isEmpty ? "<tr><td colspan=\"\(head.count)\" class=\"note\">\(empty)</td></tr>" : rows.joined()
        return "<div class=\"table\"><table>\(captionElement)<thead><tr>\(header)</tr></thead><tbody>\(body)</tbody></table></div>\n"
    }

    /// The response of a page: HTML, never cached, with `Referrer-Policy:
    /// same-origin` instead of the server's `no-referrer`, under which a
    /// browser sends `Origin: null` with the page's form posts and
    /// ``AdminRequestCheck`` could not tell them from a foreign page's.
    static func response(_ html: HTML, status: Int = 200) -> Response {
        var response = Response.page(html, status: status)
        response.headers.set("Cache-Control", "private, no-store")
        response.headers.set("Referrer-Policy", "same-origin")
        return response
    }

    /// `303 See Other` to `location` (one of the admin's own paths), after a POST that changed something.
    static func seeOther(_ location: String) -> Response {
        var response = Response(status: 303)
        response.headers.set("Location", location)
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    private static let style: HTML = """
        body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;margin:0}\
        header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem 1rem;background:#f3f4f6;border-bottom:1px solid #d1d5db}\
        nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}\
        nav a{color:#1e40af}\
        main{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}\
        label{display:block;font-weight:600;margin:.5rem 0 .25rem}\
        input[type=text],input[type=password],input[type=number],select{font:inherit;padding:.4rem;border:1px solid #6b7280;border-radius:4px;width:100%;max-width:24rem;box-sizing:border-box}\
        button{font:inherit;padding:.4rem .9rem;border:0;border-radius:4px;background:#1e40af;color:#fff;cursor:pointer;margin:.25rem 0}\
        button.danger{background:#b91c1c}form.inline{display:inline-block;margin-right:.5rem}\
        .table{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}\
        code,pre{font:14px ui-monospace,monospace;overflow-wrap:anywhere}pre{white-space:pre-wrap;background:#f3f4f6;padding:.5rem;margin:0}\
        .notice{background:#ecfdf5;border:1px solid #047857;padding:.5rem}.error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem}\
        .secret{border:2px solid #b45309;padding:1rem;background:#fffbeb}.qr{width:12rem;height:12rem}\
        dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
        """
}
