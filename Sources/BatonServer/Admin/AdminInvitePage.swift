import BatonCore
import Foundation

/// `/admin/invites`: find an invite by code, token or id, and the invite
/// page itself: its fields, redemptions and timeline, and the forms that
/// revoke, extend and reissue it. After a reissue the same page shows the
/// new code and link once, with a QR code of the link.
///
/// Nothing here repeats what was typed into the search: a refusal is one
/// of the page's own sentences. The page is ``HTML``: every stored value
/// is escaped as it is interpolated.
struct AdminInvitePage {
    /// The new credentials of a reissue, shown once.
    struct Credentials {
        var code: String
        var link: String
    }

    let session: AdminSessionStore.Session

    /// The search page; `refusal` is a fixed sentence shown as an alert.
    func search(refusal: String? = nil) -> HTML {
        AdminLayout.page(title: "Find an invite", current: "/admin/invites", session: session, body: searchForm(refusal: refusal))
    }

    /// The invite page. `notice` and `refusal` are fixed sentences.
    func detail(
        _ detail: InviteDetail, timeline: InviteTimeline, credentials: Credentials? = nil, notice: String? = nil, refusal: String? = nil
    ) -> HTML {
        let invite = detail.invite
        let id = invite.id.uuidString.lowercased()
        var body = HTML.empty
        if let refusal { body += "<p class=\"error\" role=\"alert\">\(refusal)</p>\n" }
        if let credentials { body += Self.credentialsBox(credentials) }
        body += "<dl>"
        let fields: [(String, HTML?)] = [
            ("Id", "<code>\(id)</code>"), ("State", "<strong id=\"invite-state\">\(invite.state.rawValue)</strong>"),
            ("Family", "\(invite.familyName) (<code>\(invite.familyID)</code>)"),
            ("Inviter", invite.inviterName.map(HTML.init(text:))), ("Redemptions", "\(invite.redemptionCount) of \(invite.maxRedemptions)"),
            ("Created", "\(DisplayFormat.minute(invite.createdAt))"), ("Expires", "\(DisplayFormat.minute(invite.expiresAt))"),
            ("First previewed", invite.firstPreviewedAt.map { "\(DisplayFormat.minute($0))" }),
            ("Finalized", invite.finalizedAt.map { "\(DisplayFormat.minute($0))" }),
            ("Source", invite.attribution.source.map(HTML.init(text:))), ("Campaign", invite.attribution.campaign.map(HTML.init(text:))),
        ]
        for (label, value) in fields { body += "<dt>\(label)</dt><dd>\(value ?? "—")</dd>" }
        body += "</dl>\n"
        if invite.state == .active { body += actions(id: id) }
        body += "<h2>Redemptions</h2>\n"
        if detail.redemptions.isEmpty {
            body += "<p>None yet.</p>\n"
        } else {
            let rows = detail.redemptions.map { redemption -> HTML in
                "<tr><td>\(DisplayFormat.minute(redemption.redeemedAt))</td><td><code>\(redemption.redeemerID)</code></td>"
                    + "<td>\(redemption.channel)</td></tr>"
            }
            body += AdminLayout.table(head: ["When", "Redeemer", "Channel"], rows: rows)
        }
        let events = timeline.events.map { event -> HTML in
            "<tr><td>\(DisplayFormat.minute(event.occurredAt))</td><td><code>\(event.type)</code></td>"
                + "<td>\(event.channel ?? "—")</td></tr>"
        }
        body += "<h2>Timeline</h2>\n" + AdminLayout.table(head: ["When", "Event", "Channel"], rows: events)
        if timeline.next != nil {
            body += "<p>Older events follow: <code>GET /v1/invites/\(id)/events</code> pages through them all.</p>\n"
        }
        body += "<h2>Find another</h2>\n" + searchForm(refusal: nil)
        return AdminLayout.page(
            title: "Invite for " + invite.familyName, current: "/admin/invites", session: session, notice: notice, body: body)
    }

    /// The search form. It posts, so that a typed code or token never
    /// lands in a URL, a browser history or an access log.
    private func searchForm(refusal: String?) -> HTML {
        var html = HTML.empty
        if let refusal { html += "<p class=\"error\" role=\"alert\" id=\"find-error\">\(refusal)</p>\n" }
        let described: HTML = refusal == nil ? "" : " aria-describedby=\"find-error\""
        html += "<form method=\"post\" action=\"/admin/invites/find\">\(AdminLayout.tokenField(session))"
        html += "<label for=\"credential\">Code, link token or invite id</label>"
        html += "<input type=\"text\" id=\"credential\" name=\"credential\" required autocomplete=\"off\" spellcheck=\"false\"\(described)>"
        html += "<button type=\"submit\">Find</button></form>\n"
        return html
    }

    private func actions(id: String) -> HTML {
        var html: HTML = "<h2>Act on it</h2>\n"
        html += AdminLayout.button("Revoke", action: "/admin/invites/\(id)/revoke", session: session, danger: true)
        html += AdminLayout.button("Reissue code and link", action: "/admin/invites/\(id)/reissue", session: session)
        html += "<form method=\"post\" action=\"/admin/invites/\(id)/extend\">\(AdminLayout.tokenField(session))"
        html += "<label for=\"days\">Expire this many days from now</label>"
        html +=
            "<input type=\"number\" id=\"days\" name=\"days\" min=\"1\" max=\"\(AdminInviteRoutes.maxExtensionDays)\" value=\"7\" required>"
        html += "<button type=\"submit\">Set expiry</button></form>\n"
        return html
    }

    private static func credentialsBox(_ credentials: Credentials) -> HTML {
        var html: HTML = "<section class=\"secret\" aria-labelledby=\"new-credentials\"><h2 id=\"new-credentials\">New code and link</h2>"
        html += "<p>Shown this once: copy them now. The old code and link answer <code>invite_reissued</code>.</p><dl>"
        html += "<dt>Code</dt><dd><code id=\"new-code\">\(credentials.code)</code></dd>"
        html += "<dt>Link</dt><dd><code id=\"new-link\">\(credentials.link)</code></dd></dl>"
        if let svg = QRCodeSVG.svg(of: credentials.link) {
            html += "<figure><div class=\"qr\" role=\"img\" aria-label=\"QR code of the new link\">\(svg)</div></figure>"
        }
        html += "</section>\n"
        return html
    }
}
