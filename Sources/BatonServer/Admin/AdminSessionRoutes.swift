import BatonCore
import Foundation
import HTTP

/// Signing in and out of `/admin`. `GET /admin/sign-in` shows the form;
/// `POST /admin/sign-in` (public, `Origin` checked) takes an API key with
/// the `admin` scope, opens a session, sets its cookie and sends the browser
/// to `/admin`; `POST /admin/sign-out` (signed in) ends the session. Both
/// are written to the audit trail with the session.
struct AdminSessionRoutes {
    let admin: AdminRoutes
    private var app: BatonApplication { admin.app }

    /// The public routes.
    func register(on router: inout Router) {
        router.get("/admin/sign-in", operation: .adminSignInForm) { _ in AdminLayout.response(AdminSignInPage.html()) }
        router.post("/admin/sign-in", operation: .adminSignIn, options: AdminForm.routeOptions) { request in try signIn(request) }
    }

    /// The signed-in routes.
    func register(on group: inout RouteGroup<AdminCaller>) {
        AdminRoutes.post("/admin/sign-out", operation: .adminSignOut, on: &group) { request, caller, _ in try signOut(request, caller) }
    }

    private func signIn(_ request: Request) throws -> Response {
        guard AdminRequestCheck.originMatches(request) else { return AdminRequestCheck.refusal }
        let key = AdminForm(request)["key"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let record: APIKeyStore.Record
        do {
            guard !key.isEmpty else { throw APIKeyError.invalid }
            record = try app.authenticate(key: key, scope: .admin, client: request.clientAddress)
        } catch let error as APIKeyError where error.status == 403 {
            return AdminLayout.response(AdminSignInPage.html(refusal: .missingScope), status: 403)
        } catch is APIKeyError {
            return AdminLayout.response(AdminSignInPage.html(refusal: .invalidKey), status: 401)
        }
        let token = try app.transaction { connection in
            let opened = try admin.sessions.open(keyID: record.id, keyPublicID: record.publicID, on: connection)
            try AuditLog.record(.signedIn, by: record.id, target: record.publicID, on: connection)
            return opened.token
        }
        var response = AdminLayout.seeOther("/admin")
        response.headers.add("Set-Cookie", AdminSessionCookie.setting(token, for: request))
        return response
    }

    private func signOut(_ request: Request, _ caller: AdminCaller) throws -> Response {
        try app.transaction { connection in
            try admin.sessions.close(token: caller.token, on: connection)
            try AuditLog.record(.signedOut, by: caller.session.keyID, target: caller.session.keyPublicID, on: connection)
        }
        var response = AdminLayout.seeOther("/admin/sign-in")
        response.headers.add("Set-Cookie", AdminSessionCookie.clearing(for: request))
        return response
    }
}
