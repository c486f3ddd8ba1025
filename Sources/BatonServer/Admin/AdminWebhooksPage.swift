import BatonCore
import Foundation

/// `/admin/webhooks`: each endpoint's signature scheme and health (enabled or why disabled, last
/// success, failing since, the streak of failed attempts among the latest
/// ones) and its recent failed deliveries with what the receiver answered
/// (status or error, the first bytes of its body, escaped), each with a
/// button that delivers the event to that endpoint again.
struct AdminWebhooksPage {
    /// One endpoint and its latest attempts.
    struct Health {
        var endpoint: WebhookEndpoint
        /// The latest attempts of any outcome, newest first (for the streak).
        var latest: [WebhookAttempt]
        /// The latest failed attempts, newest first.
        var failures: [WebhookAttempt]

        /// Failed attempts since the newest success among ``latest``.
        var failureStreak: Int { latest.prefix { $0.status != .succeeded }.count }
    }

    let session: AdminSessionStore.Session

    /// The page; `notice` is a fixed sentence.
    func html(_ endpoints: [Health], notice: String?) -> HTML {
        var body = HTML.empty
        if endpoints.isEmpty { body += "<p>No webhook endpoints. Add one with <code>POST /v1/webhook-endpoints</code>.</p>\n" }
        for health in endpoints { body += section(health) }
        return AdminLayout.page(title: "Webhook endpoints", current: "/admin/webhooks", session: session, notice: notice, body: body)
    }

    private func section(_ health: Health) -> HTML {
        let endpoint = health.endpoint
        let id = endpoint.id.uuidString.lowercased()
        var html: HTML =
            "<section aria-labelledby=\"endpoint-\(id)\"><h2 id=\"endpoint-\(id)\"><code>\(endpoint.url)</code></h2><dl>"
        let state = endpoint.disabled ? "disabled (\(endpoint.disabledReason ?? "no reason given"))" : "enabled"
        let streak = health.failureStreak
        let streakText = streak == AdminWebhookRoutes.streakWindow ? "\(streak) or more" : String(streak)
        let fields: [(String, HTML)] = [
            ("Id", "<code>\(id)</code>"), ("Description", "\(endpoint.description.isEmpty ? "—" : endpoint.description)"),
            ("State", "\(state)"), ("Signature scheme", "<code>\(endpoint.signatureScheme.rawValue)</code>"),
            ("Last success", "\(endpoint.lastSuccessAt.map(DisplayFormat.minute) ?? "never")"),
            ("Failing since", "\(endpoint.failingSince.map(DisplayFormat.minute) ?? "—")"), ("Failed attempts in a row", "\(streakText)"),
        ]
        for (label, value) in fields { html += "<dt>\(label)</dt><dd>\(value)</dd>" }
        html += "</dl>\n<h3>Recent failed deliveries</h3>\n"
        guard !health.failures.isEmpty else { return html + "<p>None.</p></section>\n" }
        let rows = health.failures.map { attempt -> HTML in
            let event = attempt.eventID.uuidString.lowercased()
            var html: HTML =
                "<tr><td>\(DisplayFormat.minute(attempt.attemptedAt))</td><td><code>\(event)</code></td><td>\(attempt.attempt)</td>"
            html += "<td>\(answer(attempt))</td><td>"
            html += AdminLayout.button(
                "Redeliver", action: "/admin/events/\(event)/redeliver", session: session, fields: [("endpoint_id", id)])
            return html + "</td></tr>"
        }
        return html + AdminLayout.table(head: ["When", "Event", "Attempt", "Answer", "Action"], rows: rows) + "</section>\n"
    }

    /// The receiver's status (or why there was none) and the start of its body.
    private func answer(_ attempt: WebhookAttempt) -> HTML {
        var html = HTML(text: attempt.httpStatus.map { "HTTP \($0)" } ?? attempt.error ?? attempt.status.rawValue)
        if !attempt.responsePrefix.isEmpty {
            html += "<pre>\(String(decoding: attempt.responsePrefix, as: UTF8.self))</pre>"
        }
        return html
    }
}
