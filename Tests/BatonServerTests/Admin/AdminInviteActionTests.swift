import BatonCore
import BatonLinks
import BatonTestSupport
import Foundation
import HTTP
import Synchronization
import Testing

@Suite("/admin invite support: find, revoke, extend, reissue", .timeLimit(.minutes(10)))
struct AdminInviteActionTests {
    let app: TestApp
    let browser: AdminBrowser

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        browser = try AdminBrowser.signIn(app, key: app.adminKey)
    }

    func page(of invite: TestInvite) -> String { "/admin/invites/\(invite.id.uuidString.lowercased())" }

    @Test("an invite is found by its code as typed, by its token and by its id; each leads to its page")
    func findsByEveryCredential() throws {
        let invite = try app.makeInvite()
        for typed in [invite.code.displayText.lowercased(), invite.token.text, invite.id.uuidString] {
            let found = try browser.post("/admin/invites/find", ["credential": typed])
            #expect(found.status == 303, "\(typed)")
            #expect(found.header("Location") == page(of: invite))
        }
        let shown = try browser.get(page(of: invite))
        #expect(shown.status == 200 && shown.header("Cache-Control") == "private, no-store")
        #expect(shown.text.contains(#"<strong id="invite-state">active</strong>"#))
        #expect(shown.text.contains("<h2>Timeline</h2>"))
        #expect(!shown.text.contains(invite.code.text) && !shown.text.contains(invite.token.text))
    }

    @Test("a code or token typed into the find form never reaches the server's log, found or not")
    func findLogsNoCredential() throws {
        let log = KeptLogLines()
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"], logSink: log)
        let browser = try AdminBrowser.signIn(app, key: app.adminKey)
        let invite = try app.makeInvite()
        let unknown = try InviteCode.generate(length: invite.code.text.count)
        let typed = [invite.code.displayText, invite.code.displayText.lowercased(), invite.token.text, unknown.displayText]
        for credential in typed {
            #expect([303, 404].contains(try browser.post("/admin/invites/find", ["credential": credential]).status))
        }
        #expect(eventually(within: 2) { log.lines.filter { $0.contains("/admin/invites/find") }.count == typed.count })
        let written = log.lines.joined(separator: "\n")
        for secret in [invite.code.text, invite.token.text, unknown.text] + typed { #expect(!written.contains(secret)) }
    }

    @Test("an unknown code answers 404 and a malformed one 400, neither repeating what was typed")
    func findRefusals() throws {
        let unknown = try browser.post("/admin/invites/find", ["credential": try InviteCode.generate(length: 10).displayText])
        #expect(unknown.status == 404 && unknown.text.contains("No invite has that code"))
        let malformed = try browser.post("/admin/invites/find", ["credential": "<b>nope</b>"])
        #expect(malformed.status == 400)
        #expect(!malformed.text.contains("nope"))
    }

    @Test("revoking shows the new state, writes the revoke and its audit entry, and a second revoke writes nothing")
    func revokes() throws {
        let invite = try app.makeInvite()
        let revoked = try browser.post(page(of: invite) + "/revoke")
        #expect(revoked.status == 303 && revoked.header("Location") == page(of: invite) + "?notice=revoked")
        let shown = try browser.get(page(of: invite) + "?notice=revoked")
        #expect(shown.text.contains(#"<strong id="invite-state">revoked</strong>"#))
        #expect(shown.text.contains("<code>invite.revoked</code>"))
        #expect(!shown.text.contains("/revoke\""))
        #expect(try browser.post(page(of: invite) + "/revoke").status == 303)
        let entries = try app.withConnection {
            try $0.query("SELECT key_id, target FROM baton.audit_log WHERE action = 'invite.revoked'").map {
                (try $0.decode(UUID.self, at: 0), try $0.decode(String.self, at: 1))
            }
        }
        let adminID = try app.withConnection {
            try $0.query("SELECT id FROM baton.api_keys WHERE name = 'test admin'")[0].decode(UUID.self, at: 0)
        }
        #expect(entries.count == 1 && entries[0].0 == adminID && entries[0].1 == invite.id.uuidString.lowercased())
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.revoked'") == 1)
    }

    @Test("extending sets the expiry that many days from now and audits the new expires_at; a bad number changes nothing")
    func extends() throws {
        let invite = try app.makeInvite()
        #expect(try browser.post(page(of: invite) + "/extend", ["days": "30"]).status == 303)
        let days = try app.withConnection {
            try $0.query("SELECT (extract(epoch FROM expires_at - now()) / 86400)::float8 FROM baton.invites WHERE id = $1", [invite.id])[0]
                .decode(Double.self, at: 0)
        }
        #expect(abs(days - 30) < 0.01)
        let detail = try app.withConnection {
            try $0.query("SELECT detail ->> 'expires_at' FROM baton.audit_log WHERE action = 'invite.extended'")[0].decode(
                String.self, at: 0)
        }
        #expect(detail.hasSuffix("Z"))
        let refused = try browser.post(page(of: invite) + "/extend", ["days": "0"])
        #expect(refused.status == 422 && refused.text.contains("role=\"alert\""))
        try app.setState("revoked", of: invite)
        #expect(try browser.post(page(of: invite) + "/extend", ["days": "3"]).status == 409)
        #expect(try app.count("SELECT count(*) FROM baton.audit_log WHERE action = 'invite.extended'") == 1)
    }

    @Test("reissuing shows the new code and link once with a QR code; the old code then finds the invite as retired")
    func reissues() throws {
        let invite = try app.makeInvite()
        let reissued = try browser.post(page(of: invite) + "/reissue")
        #expect(reissued.status == 200)
        let html = reissued.text
        #expect(html.contains(#"<h2 id="new-credentials">New code and link</h2>"#) && html.contains("<svg"))
        let start = try #require(html.range(of: #"<code id="new-code">"#)).upperBound
        let code = String(html[start...].prefix { $0 != "<" })
        #expect(try browser.post("/admin/invites/find", ["credential": code]).header("Location") == page(of: invite))
        let old = try browser.post("/admin/invites/find", ["credential": invite.code.text])
        #expect(old.header("Location") == page(of: invite) + "?notice=retired")
        #expect(!(try browser.get(page(of: invite)).text.contains(code)))
        let detail = try app.withConnection {
            try $0.query("SELECT detail::text FROM baton.audit_log WHERE action = 'invite.reissued'")[0].decode(String.self, at: 0)
        }
        #expect(detail == "{}")
    }

    @Test("the invite page escapes stored names and shows hidden characters visibly")
    func escapes() throws {
        let invite = try app.makeInvite(familyName: "<script>alert(1)</script>\u{202E}", inviterName: "O'Brien & \"Co\"")
        let html = try browser.get(page(of: invite)).text
        #expect(!html.contains("<script>") && !html.contains("\u{202E}"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("O&#39;Brien &amp; &quot;Co&quot;"))
    }
}

/// Keeps every line the server logs, for checking what a log holds.
final class KeptLogLines: LogSink {
    private let kept = Mutex<[String]>([])

    func write(line: String) { kept.withLock { $0.append(line) } }

    var lines: [String] { kept.withLock { $0 } }
}
