import BatonCore

/// `/admin/audit`: the audit trail, newest first, a page at a time: when,
/// which key (public id and name), what, and on which target.
struct AdminAuditPage {
    let session: AdminSessionStore.Session

    /// The page of `entries`, with a link to the older ones when `next` is given.
    func html(_ entries: [AuditEntry], next: String?) -> HTML {
        var body: HTML = "<p>Every action taken on these pages, and every sign-in and sign-out; also <code>GET /v1/audit</code>.</p>\n"
        if entries.isEmpty {
            body += "<p>Nothing yet.</p>\n"
        } else {
            let rows = entries.map { entry -> HTML in
                let detail: HTML = entry.detail == "{}" ? "—" : "<code>\(entry.detail)</code>"
                return
                    "<tr><td>\(DisplayFormat.minute(entry.occurredAt))</td>"
                    + "<td><code>\(entry.keyPublicID)</code> \(entry.keyName)</td>"
                    + "<td><code>\(entry.action.rawValue)</code></td><td><code>\(entry.target)</code></td>"
                    + "<td>\(detail)</td></tr>"
            }
            body += AdminLayout.table(head: ["When", "Key", "Action", "Target", "Detail"], rows: rows)
        }
        if let next { body += "<p><a href=\"/admin/audit?after=\(next)\">Older entries</a></p>\n" }
        return AdminLayout.page(title: "Audit trail", current: "/admin/audit", session: session, body: body)
    }
}
