import BatonCore
import Foundation
import HTTP

/// `GET /admin`: the operators' dashboard (``DashboardPage``), behind HTTP
/// Basic auth whose password is an API key with `metrics:read` (or `admin`);
/// the user name is ignored. Without a usable key: 401 with a Basic
/// challenge, so browsers prompt; with a key lacking the scope: 403. Keys
/// are checked and rate-limited by ``BatonApplication/authenticate(key:scope:client:)``
/// like every authenticated route (429 and 503 answer as API errors), in
/// the guard of the route's group (``adminGuard``).
///
/// The date range form's input is validated by ``DashboardForm``; refused
/// input answers 400 with the page, the form refilled and the reason shown
/// inline, and no charts.
struct AdminRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(adminGuard) { group in
            group.get("/admin") { request, _ in try dashboard(request) }
        }
    }

    private func dashboard(_ request: Request) throws -> Response {
        let form = DashboardForm(request)
        let now = app.clock()
        var response: Response
        do {
            let query = try form.query(now: now)
            let data = try app.withConnection { try DashboardData.load(query, now: now, on: $0) }
            response = .html(DashboardPage(fields: DashboardForm.values(of: query), error: nil, data: data).html)
        } catch let error as FunnelError {
            let fields = (from: form.from, to: form.to, interval: form.interval, familyID: form.familyID)
            response = .html(DashboardPage(fields: fields, error: error, data: nil).html, status: 400)
        }
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    /// Admits a request whose Basic password is a key with `metrics:read`;
    /// refuses any other with the 401 or 403 page.
    /// - Throws: 429 `rate_limited` or 503 from ``BatonApplication/authenticate(key:scope:client:)``.
    private var adminGuard: RouteGuard<APIKeyCaller> {
        RouteGuard { [app] request in
            do {
                guard let key = BasicCredentials.password(request) else { throw APIKeyError.invalid }
                let record = try app.authenticate(key: key, scope: .metricsRead, client: request.clientAddress)
                return .admit(APIKeyCaller(keyID: record.id))
            } catch let error as APIKeyError where error.status == 403 {
                return .refuse(.html(AdminAccessPage.forbidden, status: 403))
            } catch is APIKeyError {
                var response = Response.html(AdminAccessPage.unauthorized, status: 401)
                response.headers.set("WWW-Authenticate", AdminAccessPage.challenge)
                return .refuse(response)
            }
        }
    }
}
