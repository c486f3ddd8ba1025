import BatonCore
import HTTP

/// `GET /admin/audit?after=`: the audit trail (``AuditLog``), fifty entries a page.
struct AdminAuditRoutes {
    let admin: AdminRoutes

    func register(on group: inout RouteGroup<AdminCaller>) {
        group.get("/admin/audit", operation: .adminAudit) { request, caller in
            let after = request.queryValue("after")
            do {
                let page = try admin.app.withConnection { try AuditLog.page(after: after, limit: AuditLog.defaultLimit, on: $0) }
                return AdminLayout.response(AdminAuditPage(session: caller.session).html(page.entries, next: page.next))
            } catch is AuditError {
                // A cursor this page did not write: start again from the newest.
                return AdminLayout.seeOther("/admin/audit")
            }
        }
    }
}
