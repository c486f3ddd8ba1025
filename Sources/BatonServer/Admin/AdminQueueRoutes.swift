import BatonCore
import Foundation
import HTTP
import JobQueue
import Postgres

/// `GET /admin/queue` (``AdminQueuePage``) and `POST /admin/jobs/{id}/retry`
/// and `/cancel`, which run ``JobQueue/retry(id:on:)`` and
/// ``JobQueue/cancel(id:on:)`` (what `baton jobs` runs) in one transaction
/// with their audit entry.
struct AdminQueueRoutes {
    /// Jobs listed per state.
    static let listLimit = 50

    let admin: AdminRoutes
    private var app: BatonApplication { admin.app }

    /// The fixed sentences `?notice=` selects after an action.
    static let notices = ["retried": "The job is available again and runs shortly.", "cancelled": "The job is cancelled."]

    func register(on group: inout RouteGroup<AdminCaller>) {
        group.get("/admin/queue", operation: .adminQueue) { request, caller in
            try page(caller, notice: request.queryValue("notice").flatMap { Self.notices[$0] })
        }
        AdminRoutes.post("/admin/jobs/:id/retry", operation: .adminJobRetry, on: &group) { request, caller, _ in
            try operate(request, caller, action: .jobRetried, notice: "retried") { try JobQueue.retry(id: $0, on: $1) }
        }
        AdminRoutes.post("/admin/jobs/:id/cancel", operation: .adminJobCancel, on: &group) { request, caller, _ in
            try operate(request, caller, action: .jobCancelled, notice: "cancelled") { try JobQueue.cancel(id: $0, on: $1) }
        }
    }

    private func page(_ caller: AdminCaller, notice: String?, refusal: String? = nil, status: Int = 200) throws -> Response {
        let (discarded, retryable) = try app.withConnection { connection in
            (
                try JobQueue.list(state: .discarded, limit: Self.listLimit, on: connection),
                try JobQueue.list(state: .retryable, limit: Self.listLimit, on: connection)
            )
        }
        let html = AdminQueuePage(session: caller.session).html(
            discarded: discarded, retryable: retryable, notice: notice, refusal: refusal)
        return AdminLayout.response(html, status: status)
    }

    /// Runs `operation` on the job of the path's id with its audit entry;
    /// a job that is gone or in the wrong state answers the page with why.
    private func operate(
        _ request: Request, _ caller: AdminCaller, action: AuditAction, notice: String,
        _ operation: (Int64, PostgresConnection) throws -> JobRecord
    ) throws -> Response {
        guard let id = request.parameter("id").flatMap({ Int64($0) }) else {
            return try page(caller, notice: nil, refusal: "No job has that id.", status: 404)
        }
        do {
            try app.transaction { connection in
                _ = try operation(id, connection)
                try AuditLog.record(action, by: caller.session.keyID, target: String(id), on: connection)
            }
        } catch let error as JobQueueError {
            switch error {
            case .notFound: return try page(caller, notice: nil, refusal: "No job has that id.", status: 404)
            case .wrongState: return try page(caller, notice: nil, refusal: "\(error.message).", status: 409)
            case .invalidJob, .database: throw error
            }
        }
        return AdminLayout.seeOther("/admin/queue?notice=" + notice)
    }
}
