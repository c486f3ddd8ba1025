import BatonCore
import BatonJSON
import BatonLinks
import Foundation
import HTTP

/// The invite support pages: find an invite (`POST /admin/invites/find`,
/// so a typed credential travels in a body, never in a URL or the access
/// log), read it with its timeline (`GET /admin/invites/{id}`), and revoke,
/// extend or reissue it. Each action runs the store method the API route
/// runs (``InviteStore``), in one transaction with its audit entry.
struct AdminInviteRoutes {
    /// The furthest expiry the extend form sets: the create's longest TTL, in days.
    static let maxExtensionDays = NewInvite.ttlRange.upperBound / 86_400

    let admin: AdminRoutes
    private var app: BatonApplication { admin.app }
    private var store: InviteStore { app.invites }

    func register(on group: inout RouteGroup<AdminCaller>) {
        group.get("/admin/invites", operation: .adminInviteSearch) { _, caller in
            AdminLayout.response(AdminInvitePage(session: caller.session).search())
        }
        group.get("/admin/invites/:id", operation: .adminInvite) { request, caller in try show(request, caller) }
        AdminRoutes.post("/admin/invites/find", operation: .adminInviteFind, on: &group) { _, caller, form in try find(form, caller) }
        AdminRoutes.post("/admin/invites/:id/revoke", operation: .adminInviteRevoke, on: &group) { request, caller, _ in
            try revoke(request, caller)
        }
        AdminRoutes.post("/admin/invites/:id/extend", operation: .adminInviteExtend, on: &group) { request, caller, form in
            try extend(request, caller, form)
        }
        AdminRoutes.post("/admin/invites/:id/reissue", operation: .adminInviteReissue, on: &group) { request, caller, _ in
            try reissue(request, caller)
        }
    }

    /// The fixed sentences `?notice=` selects after an action.
    static let notices = [
        "revoked": "Revoked: the invite can no longer be redeemed.", "extended": "Expiry moved.",
        "retired": "That code or link was retired by a reissue; this is the invite it belonged to.",
    ]

    private func show(_ request: Request, _ caller: AdminCaller) throws -> Response {
        let page = AdminInvitePage(session: caller.session)
        guard let id = try? InviteRoutes.inviteID(request) else { return notFound(page) }
        do {
            let (detail, timeline) = try read(id)
            return AdminLayout.response(
                page.detail(detail, timeline: timeline, notice: request.queryValue("notice").flatMap { Self.notices[$0] }))
        } catch InviteError.notFound {
            return notFound(page)
        }
    }

    private func find(_ form: AdminForm, _ caller: AdminCaller) throws -> Response {
        let page = AdminInvitePage(session: caller.session)
        let text = form["credential"]?.trimmingCharacters(in: .whitespaces) ?? ""
        if let id = UUID(uuidString: text) { return AdminLayout.seeOther("/admin/invites/\(id.uuidString.lowercased())") }
        let credential: Credential
        do {
            credential = try Credential.parse(text, codeLength: app.configuration.links.codeLength)
        } catch {
            let refusal = "That is not an invite code, link token or invite id: \(error.message)"
            return AdminLayout.response(page.search(refusal: refusal), status: 400)
        }
        guard let found = try app.withConnection({ try store.find(credential, on: $0) }) else { return notFound(page) }
        return AdminLayout.seeOther("/admin/invites/\(found.id.uuidString.lowercased())" + (found.retired ? "?notice=retired" : ""))
    }

    private func revoke(_ request: Request, _ caller: AdminCaller) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        let revoked = try app.transaction { connection in
            let (_, revoked) = try store.revoke(id: id, on: connection)
            if revoked { try AuditLog.record(.inviteRevoked, by: caller.session.keyID, target: id.uuidString.lowercased(), on: connection) }
            return revoked
        }
        if revoked {
            app.metrics.invitesRevoked.increment()
        }
        return AdminLayout.seeOther("/admin/invites/\(id.uuidString.lowercased())" + (revoked ? "?notice=revoked" : ""))
    }

    private func extend(_ request: Request, _ caller: AdminCaller, _ form: AdminForm) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        do {
            guard let days = form["days"].flatMap({ Int($0) }), (1...Self.maxExtensionDays).contains(days) else {
                throw InviteError.validationFailed(field: "days", reason: "must be a whole number from 1 to \(Self.maxExtensionDays)")
            }
            let change = try InviteChange(InviteChangeDraft(ttlSeconds: days * 86_400))
            try app.transaction { connection in
                let invite = try store.update(id: id, change, on: connection)
                try AuditLog.record(
                    .inviteExtended, by: caller.session.keyID, target: id.uuidString.lowercased(),
                    detail: ["expires_at": JSONCoding.timestamp(invite.expiresAt)], on: connection)
            }
            return AdminLayout.seeOther("/admin/invites/\(id.uuidString.lowercased())?notice=extended")
        } catch let error as InviteError where error != .notFound {
            return try refused(id, error, caller)
        }
    }

    private func reissue(_ request: Request, _ caller: AdminCaller) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        do {
            let created = try app.transaction { connection in
                let created = try store.reissue(id: id, on: connection)
                try AuditLog.record(.inviteReissued, by: caller.session.keyID, target: id.uuidString.lowercased(), on: connection)
                return created
            }
            let shown = try InviteRoutes(app: app).body(created: created).credentials
            let (detail, timeline) = try read(id)
            let credentials = shown.map { AdminInvitePage.Credentials(code: $0.code, link: $0.link) }
            return AdminLayout.response(
                AdminInvitePage(session: caller.session).detail(detail, timeline: timeline, credentials: credentials))
        } catch let error as InviteError where error != .notFound {
            return try refused(id, error, caller)
        }
    }

    /// The invite and the first page of its timeline, in one snapshot.
    private func read(_ id: UUID) throws -> (InviteDetail, InviteTimeline) {
        try app.transaction(isolation: .repeatableRead) { connection in
            (try store.detail(id: id, on: connection), try store.timeline(id: id, after: nil, limit: 100, on: connection))
        }
    }

    /// The invite page with why the action was refused, at the API's status for it.
    private func refused(_ id: UUID, _ error: InviteError, _ caller: AdminCaller) throws -> Response {
        let (detail, timeline) = try read(id)
        let html = AdminInvitePage(session: caller.session).detail(detail, timeline: timeline, refusal: error.message)
        return AdminLayout.response(html, status: error.status)
    }

    private func notFound(_ page: AdminInvitePage) -> Response {
        AdminLayout.response(page.search(refusal: "No invite has that code, link token or id."), status: 404)
    }
}
