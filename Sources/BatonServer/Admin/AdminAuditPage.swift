import BatonCore

/// `/admin/audit`: the audit trail, newest first, a page at a time: when,
/// which key (public id and name), what, and on which target.
struct AdminAuditPage {
    let session: AdminSessionStore.Session

    /// The page of `entries`, with a link to the older ones when `next` is given.
    func html(_ entries: [AuditEntry], next: String?) -> String {
        var body = "<p>Every action taken on these pages, and every sign-in and sign-out; also <code>GET /v1/audit</code>.</p>\n"
        if entries.isEmpty {
            body += "<p>Nothing yet.</p>\n"
        } else {
            let rows = entries.map { entry in
                "<tr><td>\(DisplayFormat.minute(entry.occurredAt))</td>"
                    + "<td><code>\(AdminLayout.text(entry.keyPublicID))</code> \(AdminLayout.text(entry.keyName))</td>"
                    + "<td><code>\(entry.action.rawValue)</code></td><td><code>\(AdminLayout.text(entry.target))</code></td>"
                    + "<td>\(entry.detail == "{}" ? "—" : "<code>\(AdminLayout.text(entry.detail))</code>")</td></tr>"
            }
            body += AdminLayout.table(head: ["When", "Key", "Action", "Target", "Detail"], rows: rows)
        }
        if let next { body += "<p><a href=\"/admin/audit?after=\(HTMLText.escaped(next))\">Older entries</a></p>\n" }
        return AdminLayout.page(title: "Audit trail", current: "/admin/audit", session: session, body: body)
    }
}
