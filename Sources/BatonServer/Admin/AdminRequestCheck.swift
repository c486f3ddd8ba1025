import BatonCore
import Foundation
import HTTP

/// The cross-site request checks of every `/admin` POST: the `Origin`
/// header must name this server (the scheme and `Host` the browser used),
/// and a signed-in form must send its session's form token back
/// (``AdminSessionStore``). Either failure answers 403 with
/// ``AdminAccessPage/crossSite`` and changes nothing.
enum AdminRequestCheck {
    /// The name of the hidden field carrying the form token.
    static let formTokenField = "form_token"

    /// Whether `Origin` names the host the request was sent to. A browser
    /// sends `Origin` with every POST; a missing one is refused too, since
    /// only a non-browser client would leave it out, and it has the API.
    static func originMatches(_ request: Request) -> Bool {
        guard let origin = request.headers["Origin"], let host = request.headers["Host"], !host.isEmpty else { return false }
        return origin == "https://" + host || origin == "http://" + host
    }

    /// Whether `form` carries `session`'s form token, compared in constant time.
    static func formTokenMatches(_ form: AdminForm, session: AdminSessionStore.Session) -> Bool {
        guard let sent = form[formTokenField] else { return false }
        let expected = Array(session.formToken.utf8)
        let given = Array(sent.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The 403 answer of a refused POST.
    static var refusal: Response {
        var response = Response.page(AdminAccessPage.crossSite, status: 403)
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }
}
