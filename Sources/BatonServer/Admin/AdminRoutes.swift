import BatonCore
import Foundation
import HTTP
import Journey

/// `/admin`: the operators' dashboard (``DashboardPage``) and the pages
/// that act on invites, webhooks and jobs, with their audit trail.
///
/// Signing in: `POST /admin/sign-in` with an API key that has the `admin`
/// scope opens a server-side session (``AdminSessionStore``) and sets its
/// cookie (``AdminSessionCookie``); every page below then takes the cookie.
/// The dashboard alone also keeps HTTP Basic auth (any user name, an API
/// key with `metrics:read` as the password), for scripts and read-only keys.
///
/// Every POST of a signed-in page is checked for cross-site requests
/// (``AdminRequestCheck``): in the guard, from the head, its `Origin`; in
/// ``post(_:on:_:)``, before its handler runs, its session's form token.
/// Every action writes an ``AuditLog`` entry in its own transaction.
///
/// The form's input (range, interval, family, view, breakdown) is
/// validated by ``DashboardForm``; refused input answers 400 with the
/// page, the form refilled and the reason shown inline, and no charts.
struct AdminRoutes {
    let app: BatonApplication
    let sessions: AdminSessionStore

    init(app: BatonApplication) {
        self.app = app
        sessions = AdminSessionStore(secret: app.configuration.secretKey)
    }

    func register(on router: inout Router) {
        router.group(dashboardGuard) { group in
            group.get("/admin", operation: .adminDashboard) { request, _ in try dashboard(request) }
        }
        AdminSessionRoutes(admin: self).register(on: &router)
        router.group(sessionGuard) { group in
            AdminSessionRoutes(admin: self).register(on: &group)
            AdminInviteRoutes(admin: self).register(on: &group)
            AdminWebhookRoutes(admin: self).register(on: &group)
            AdminQueueRoutes(admin: self).register(on: &group)
            AdminAuditRoutes(admin: self).register(on: &group)
        }
    }

    /// Adds a form POST described by `operation` to `group`: `handler` runs only
    /// when the form sends its session's form token back; otherwise 403 and nothing changes.
    static func post(
        _ pattern: String, operation: OpenAPIOperation, on group: inout RouteGroup<AdminCaller>,
        _ handler: @escaping @Sendable (Request, AdminCaller, AdminForm) throws -> Response
    ) {
        group.post(pattern, operation: operation, options: AdminForm.routeOptions) { request, caller in
            let form = AdminForm(request)
            guard AdminRequestCheck.formTokenMatches(form, session: caller.session) else { return AdminRequestCheck.refusal }
            return try handler(request, caller, form)
        }
    }

    private func dashboard(_ request: Request) throws -> Response {
        let form = DashboardForm(request)
        let now = app.clock()
        var response: Response
        do {
            let query = try form.query(now: now)
            let data = try app.withConnection { try DashboardData.load(query, now: now, limits: app.configuration.reports, on: $0) }
            response = .page(DashboardPage(fields: DashboardForm.values(of: query), error: nil, data: data).html)
        } catch let error as FunnelError {
            // 400 for a bad field, 422 for a range of too many cells, 503 for a timeout.
            response = .page(DashboardPage(fields: form, error: error, data: nil).html, status: error.status)
        }
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    /// The live session `request`'s cookie names, or nil.
    /// - Throws: 503 on a database outage.
    func signedIn(_ request: Request) throws -> AdminCaller? {
        guard let token = AdminSessionCookie.token(request) else { return nil }
        return try app.withConnection { try sessions.session(token: token, on: $0) }.map { AdminCaller(session: $0, token: token) }
    }

    /// Admits a signed-in session, or a request whose Basic password is a
    /// key with `metrics:read`; refuses any other with the 401 or 403 page.
    /// - Throws: 429 `rate_limited` or 503 from ``BatonApplication/authenticate(key:scope:client:)``.
    private var dashboardGuard: RouteGuard<APIKeyCaller> {
        let accepts = [GuardRequirement("adminBasic", scopes: [Scope.metricsRead.rawValue]), GuardRequirement("adminSession")]
        return RouteGuard(accepting: accepts) { [self] request in
            if let caller = try signedIn(request) { return .admit(APIKeyCaller(keyID: caller.session.keyID)) }
            do {
                guard let key = BasicCredentials.password(request) else { throw APIKeyError.invalid }
                let record = try app.authenticate(key: key, scope: .metricsRead, client: request.clientAddress)
                return .admit(APIKeyCaller(keyID: record.id))
            } catch let error as APIKeyError where error.status == 403 {
                return .refuse(.page(AdminAccessPage.forbidden, status: 403))
            } catch is APIKeyError {
                var response = Response.page(AdminAccessPage.unauthorized, status: 401)
                response.headers.set("WWW-Authenticate", AdminAccessPage.challenge)
                return .refuse(response)
            }
        }
    }

    /// Admits a signed-in session; a POST also needs an `Origin` of this
    /// server. Without a session: 401 with the sign-in form, or 403 when a
    /// Basic password is a live key without `admin` (so that key's holder
    /// learns why, instead of signing in in vain).
    /// - Throws: 429 `rate_limited` or 503.
    private var sessionGuard: RouteGuard<AdminCaller> {
        RouteGuard(accepting: [GuardRequirement("adminSession")]) { [self] request in
            if let caller = try signedIn(request) {
                guard request.method != "POST" || AdminRequestCheck.originMatches(request) else {
                    return .refuse(AdminRequestCheck.refusal)
                }
                return .admit(caller)
            }
            if let key = BasicCredentials.password(request) {
                do {
                    _ = try app.authenticate(key: key, scope: .admin, client: request.clientAddress)
                } catch let error as APIKeyError where error.status == 403 {
                    return .refuse(AdminLayout.response(AdminAccessPage.notAdmin, status: 403))
                } catch is APIKeyError {}
            }
            return .refuse(AdminLayout.response(AdminSignInPage.html(), status: 401))
        }
    }
}
