import Foundation
import HTTPTestSupport
import Testing

/// A signed-in `/admin` session as a browser holds it: the session cookie
/// and the form token its pages carry, over one test client. Requests send
/// `Origin: http://127.0.0.1` (the test client's `Host`) unless told otherwise.
struct AdminBrowser {
    static let origin = "http://127.0.0.1"

    let client: HTTPTestClient
    /// `baton_admin=<token>`.
    let cookie: String
    /// The hidden `form_token` of this session's forms.
    let formToken: String

    /// Signs in with `key` through `POST /admin/sign-in` and reads the form token off a page.
    static func signIn(_ app: TestApp, key: String) throws -> AdminBrowser {
        let client = try app.client()
        client.apiKey = nil
        let response = try postForm(client, "/admin/sign-in", ["key": key], headers: [("Origin", origin)])
        try #require(response.status == 303)
        let setCookie = try #require(response.header("Set-Cookie"))
        let cookie = String(try #require(setCookie.split(separator: ";").first))
        let page = String(decoding: try client.get("/admin/invites", headers: [("Cookie", cookie)]).body, as: UTF8.self)
        let marker = #"name="form_token" value=""#
        let start = try #require(page.range(of: marker)).upperBound
        return AdminBrowser(client: client, cookie: cookie, formToken: String(page[start...].prefix(64)))
    }

    /// `GET path` with the cookie.
    func get(_ path: String) throws -> HTTPTestClient.Response {
        try client.get(path, headers: [("Cookie", cookie)])
    }

    /// `POST path` with `fields` and, unless `formToken` is given (nil sends none), this session's form token.
    func post(
        _ path: String, _ fields: [String: String] = [:], formToken: String?? = .none, origin: String? = AdminBrowser.origin
    ) throws -> HTTPTestClient.Response {
        var fields = fields
        if let token = formToken ?? self.formToken { fields["form_token"] = token }
        var headers = [("Cookie", cookie)]
        if let origin { headers.append(("Origin", origin)) }
        return try Self.postForm(client, path, fields, headers: headers)
    }

    /// `POST path` with `fields` as `application/x-www-form-urlencoded`.
    static func postForm(
        _ client: HTTPTestClient, _ path: String, _ fields: [String: String], headers: [(String, String)]
    ) throws -> HTTPTestClient.Response {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.sorted { $0.key < $1.key }.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        return try client.send(
            "POST", path, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8))
    }
}

extension HTTPTestClient.Response {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
