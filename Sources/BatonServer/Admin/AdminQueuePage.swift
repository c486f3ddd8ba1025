import BatonCore
import JobQueue

/// `/admin/queue`: the jobs that need an operator — discarded (out of
/// attempts or failed for good) and retryable (failing, will run again) —
/// with their last error (escaped), each with a retry button, and a
/// cancel button for those not yet final.
struct AdminQueuePage {
    let session: AdminSessionStore.Session

    /// The page of `discarded` and `retryable` jobs; `notice` and `refusal` are fixed sentences.
    func html(discarded: [JobRecord], retryable: [JobRecord], notice: String?, refusal: String? = nil) -> HTML {
        var body = HTML.empty
        if let refusal { body += "<p class=\"error\" role=\"alert\">\(refusal)</p>\n" }
        body += "<p>The same operations as <code>baton jobs retry</code> and <code>baton jobs cancel</code>.</p>\n"
        body += "<h2>Discarded</h2>\n" + table(discarded)
        body += "<h2>Retrying</h2>\n" + table(retryable)
        return AdminLayout.page(title: "Job queue", current: "/admin/queue", session: session, notice: notice, body: body)
    }

    private func table(_ jobs: [JobRecord]) -> HTML {
        guard !jobs.isEmpty else { return "<p>None.</p>\n" }
        let rows = jobs.map { job -> HTML in
            var html: HTML = "<tr><td>\(job.id)</td><td><code>\(job.kind)</code></td>"
            html += "<td>\(job.attempt) of \(job.maxAttempts)</td><td>\(DisplayFormat.minute(job.scheduledAt))</td>"
            let lastError: HTML = job.lastError.map { "<code>\($0)</code>" } ?? "—"
            html += "<td>\(lastError)</td><td>"
            html += AdminLayout.button("Retry now", action: "/admin/jobs/\(job.id)/retry", session: session)
            if !job.state.isFinal {
                html += AdminLayout.button("Cancel", action: "/admin/jobs/\(job.id)/cancel", session: session, danger: true)
            }
            return html + "</td></tr>"
        }
        return AdminLayout.table(head: ["Id", "Kind", "Attempts", "Scheduled", "Last error", "Action"], rows: rows)
    }
}
