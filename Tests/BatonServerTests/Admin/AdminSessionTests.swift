import BatonCore
import Foundation
import HTTP
import Testing

@testable import BatonServer

@Suite("/admin sign-in, sessions and form protection", .timeLimit(.minutes(10)))
struct AdminSessionTests {
    let app: TestApp

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
    }

    @Test("signing in with an admin key sets an HttpOnly, SameSite=Strict session cookie that holds neither the key nor its stored hash")
    func signInSetsCookie() throws {
        let key = try app.makeKey([.admin], name: "ops")
        let browser = try AdminBrowser.signIn(app, key: key)
        let token = String(browser.cookie.dropFirst("baton_admin=".count))
        #expect(token.count == 64 && !token.contains(key))
        let stored = try app.withConnection {
            try $0.query("SELECT encode(token_hash, 'hex') FROM baton.admin_sessions").map { try $0.decode(String.self, at: 0) }
        }
        #expect(stored.count == 1 && stored[0] != token)
        let second = try AdminBrowser.postForm(
            try app.client(apiKey: ""), "/admin/sign-in", ["key": key], headers: [("Origin", AdminBrowser.origin)])
        let attributes = try #require(second.header("Set-Cookie")).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(attributes.dropFirst()) == ["Path=/admin", "Max-Age=3600", "HttpOnly", "SameSite=Strict"])
        #expect(second.header("Location") == "/admin")
        #expect(second.header("Cache-Control") == "private, no-store")
        #expect(try browser.get("/admin").status == 200)
        #expect(try app.count("SELECT count(*) FROM baton.audit_log WHERE action = 'session.signed_in'") == 2)
    }

    @Test("the cookie is Secure unless the browser reached a loopback address directly")
    func cookieIsSecureOffLoopback() {
        func cookie(host: String, peer: String) -> String {
            AdminSessionCookie.setting(
                "t", for: Request(method: "POST", pathSegments: [], headers: HTTPHeaders([("Host", host)]), peerAddress: peer))
        }
        #expect(!cookie(host: "127.0.0.1:8080", peer: "127.0.0.1").contains("Secure"))
        #expect(!cookie(host: "localhost:8080", peer: "::1").contains("Secure"))
        #expect(cookie(host: "admin.example.com", peer: "127.0.0.1").hasSuffix("; Secure"))
        #expect(cookie(host: "127.0.0.1:8080", peer: "10.0.0.7").hasSuffix("; Secure"))
    }

    @Test(
        "a key without admin, an unknown key, or a foreign Origin opens no session",
        arguments: ["metrics", "unknown", "origin", "no origin"])
    func signInRefusals(_ case: String) throws {
        let client = try app.client()
        client.apiKey = nil
        let key =
            `case` == "metrics"
            ? try app.makeKey([.metricsRead]) : `case` == "unknown" ? "bk_000000000000_" + String(repeating: "0", count: 40) : app.adminKey
        let origin: [(String, String)] =
            `case` == "origin" ? [("Origin", "https://evil.example")] : `case` == "no origin" ? [] : [("Origin", AdminBrowser.origin)]
        let response = try AdminBrowser.postForm(client, "/admin/sign-in", ["key": key], headers: origin)
        #expect(response.status == (`case` == "unknown" ? 401 : 403))
        #expect(response.header("Set-Cookie") == nil)
        #expect(!response.text.contains(key))
        #expect(try app.count("SELECT count(*) FROM baton.admin_sessions") == 0)
    }

    @Test(
        "a POST without the form token, with a wrong one, or from another Origin is refused 403 and changes nothing",
        arguments: ["missing token", "wrong token", "foreign origin", "no origin"])
    func crossSitePostsAreRefused(_ case: String) throws {
        let browser = try AdminBrowser.signIn(app, key: app.adminKey)
        let invite = try app.makeInvite()
        let path = "/admin/invites/\(invite.id.uuidString.lowercased())/revoke"
        let response: HTTPTestClient.Response =
            switch `case` {
            case "missing token": try browser.post(path, formToken: .some(nil))
            case "wrong token": try browser.post(path, formToken: String(repeating: "0", count: 64))
            case "foreign origin": try browser.post(path, origin: "https://evil.example")
            default: try browser.post(path, origin: nil)
            }
        #expect(response.status == 403)
        #expect(response.text.contains("<h1>Form refused</h1>"))
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE state = 'revoked'") == 0)
        #expect(try app.count("SELECT count(*) FROM baton.audit_log WHERE action <> 'session.signed_in'") == 0)
    }

    @Test("another session's form token is refused: tokens are per session")
    func formTokenIsPerSession() throws {
        let first = try AdminBrowser.signIn(app, key: app.adminKey)
        let second = try AdminBrowser.signIn(app, key: app.adminKey)
        #expect(first.formToken != second.formToken)
        let invite = try app.makeInvite()
        #expect(try first.post("/admin/invites/\(invite.id.uuidString.lowercased())/revoke", formToken: second.formToken).status == 403)
    }

    @Test("an expired session, or one whose key was revoked, gets the sign-in form with 401", arguments: ["expired", "revoked"])
    func endedSessionsAreRefused(_ case: String) throws {
        let key = try app.makeKey([.admin], name: "ops")
        let browser = try AdminBrowser.signIn(app, key: key)
        #expect(try browser.get("/admin/queue").status == 200)
        _ = try app.withConnection {
            try $0.query(
                `case` == "expired"
                    ? "UPDATE baton.admin_sessions SET expires_at = now() - interval '1 second'"
                    : "UPDATE baton.api_keys SET revoked_at = now() WHERE name = 'ops'")
        }
        let page = try browser.get("/admin/queue")
        #expect(page.status == 401)
        #expect(page.text.contains(#"<form method="post" action="/admin/sign-in">"#))
        #expect(page.header("WWW-Authenticate") == nil)
        #expect(try browser.post("/admin/jobs/1/retry").status == 401)
    }

    @Test("the next sign-in deletes expired sessions' rows and keeps the live ones")
    func signInDeletesExpiredSessions() throws {
        let expired = try AdminBrowser.signIn(app, key: app.adminKey)
        _ = try app.withConnection { try $0.query("UPDATE baton.admin_sessions SET expires_at = now() - interval '1 second'") }
        let first = try AdminBrowser.signIn(app, key: app.adminKey)
        #expect(try app.count("SELECT count(*) FROM baton.admin_sessions") == 1)
        let second = try AdminBrowser.signIn(app, key: app.adminKey)
        #expect(try app.count("SELECT count(*) FROM baton.admin_sessions") == 2)
        #expect(try expired.get("/admin/queue").status == 401)
        #expect(try first.get("/admin/queue").status == 200 && second.get("/admin/queue").status == 200)
    }

    @Test("without a session the pages that act answer the sign-in form; a Basic key without admin gets 403")
    func pagesNeedSession() throws {
        let client = try app.client()
        client.apiKey = nil
        #expect(try client.get("/admin/webhooks").status == 401)
        let key = try app.makeKey([.metricsRead])
        let basic = [("Authorization", "Basic " + Data("ops:\(key)".utf8).base64EncodedString())]
        let refused = try client.get("/admin/webhooks", headers: basic)
        #expect(refused.status == 403)
        #expect(refused.text.contains("<code>admin</code>"))
        let signIn = try client.get("/admin/sign-in")
        #expect(signIn.status == 200)
        // Under the server's default no-referrer, browsers would post the form with `Origin: null`.
        #expect(signIn.header("Referrer-Policy") == "same-origin")
    }

    @Test("signing out ends the session, clears the cookie and is audited")
    func signOut() throws {
        let browser = try AdminBrowser.signIn(app, key: app.adminKey)
        let response = try browser.post("/admin/sign-out")
        #expect(response.status == 303 && response.header("Location") == "/admin/sign-in")
        #expect(response.header("Set-Cookie")?.hasPrefix("baton_admin=; Path=/admin; Max-Age=0;") == true)
        #expect(try app.count("SELECT count(*) FROM baton.admin_sessions") == 0)
        #expect(try app.count("SELECT count(*) FROM baton.audit_log WHERE action = 'session.signed_out'") == 1)
        #expect(try browser.get("/admin/invites").status == 401)
    }
}
