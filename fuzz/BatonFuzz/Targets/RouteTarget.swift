import BatonCore
import BatonHandoff
import BatonLinks
import BatonServer
import Foundation
import HTTP

// The request reading of every public route, up to the database: the same
// static functions the handlers call (JSON decoding, then validation),
// through BatonServer's `RequestReaders`.
//
// The first input byte picks the route; the rest is the JSON body, or for
// the two path routes the path parameter:
//   0 POST /v1/invocations {"url"}          1 POST /v1/handoffs/validate {"handoff"}
//   2 POST /v1/redemptions                  3 POST /v1/invites
//   4 POST /v1/invites/batch                5 POST /v1/invites/{id}/revoke (the id)
//   6 GET /v1/invites/{credential}/preview (the credential)
//
// Properties: the route answers a value or an API error (an
// `HTTPErrorConvertible`, so never a 500) with a 4xx status and a machine
// code, whose rendered body is JSON without hidden characters; a value keeps
// the route's promises (an invocation on an allowed host, invites within
// their limits, exactly one credential in a redemption).
extension FuzzTarget {
    // The largest body a route takes is the batch's 6 MiB; 64 KiB reaches every limit but that one.
    static let routes = FuzzTarget(name: "routes", maxLength: 70_000) { bytes in
        guard let selector = bytes.first else { return }
        let rest = Data(bytes.dropFirst())
        let route = RouteProperties.routes[Int(selector) % RouteProperties.routes.count]
        do {
            try route(rest)
        } catch let error as any HTTPErrorConvertible {
            RouteProperties.check(error)
        } catch {
            preconditionFailure("a route threw \(type(of: error)), which the server answers with 500")
        }
    }
}

/// The route target's readers and checks.
enum RouteProperties {
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    /// The keys of the golden vectors (Tests/Fixtures/handoff-vectors.json), so their envelopes verify.
    static let issuer: HandoffIssuer = {
        let keys = ["k1": [UInt8](0...31), "k2": [UInt8](0xA0...0xBF)]
        guard let keyring = try? HandoffKeyring(keys: keys, currentKeyID: "k2") else { preconditionFailure("keyring") }
        return HandoffIssuer(keyring: keyring, ttlSeconds: 900, clock: now)
    }()

    static let routes: [@Sendable (Data) throws -> Void] = [
        { body in
            let (invocation, _) = try RequestReaders.invocation(in: post(body), limits: InvocationProperties.limits)
            precondition(invocation.host == "appclip.apple.com" || InvocationProperties.limits.allowedHosts.contains(invocation.host))
        },
        { body in _ = try RequestReaders.handoffValidation(in: post(body), issuer: issuer) },
        { body in
            let read = try RequestReaders.redemption(post(body))
            precondition([read.handoff, read.token, read.code].compactMap { $0 }.count == 1)
            if let handoff = read.handoff {
                do throws(HandoffError) { _ = try issuer.verify(handoff) } catch { throw RedeemError.handoff(error) }
            } else {
                _ = try credential(read.token ?? read.code ?? "")
            }
        },
        { body in checkLimits(try RequestReaders.newInvite(in: post(body))) },
        { body in
            let invites = try RequestReaders.newInvites(in: post(body))
            precondition((1...InviteStore.batchLimit).contains(invites.count))
            invites.forEach(checkLimits)
        },
        { id in
            _ = try RequestReaders.inviteID(
                Request(method: "POST", pathSegments: [], parameters: ["id": String(decoding: id, as: UTF8.self)]))
        },
        { text in _ = try credential(String(decoding: text, as: UTF8.self)) },
    ]

    /// The credential as `BatonApplication.credential` reads it, without its rate limit.
    static func credential(_ text: String) throws(RedeemError) -> Credential {
        do throws(CredentialError) {
            return try Credential.parse(text)
        } catch {
            throw .invalidCredential(error)
        }
    }

    /// A JSON POST with `body`, as the router hands it over.
    static func post(_ body: Data) -> Request {
        Request(method: "POST", pathSegments: [], headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
    }

    /// What a rejection must look like on the wire.
    static func check(_ error: any HTTPErrorConvertible) {
        precondition((400..<500).contains(error.status), "status \(error.status) for bad input")
        Showable.requireMachineCode(error.code)
        Showable.require(error.message, "\(error.code)'s message")
        let body = Response.error(error).body
        precondition((try? JSONSerialization.jsonObject(with: body)) != nil, "\(error.code)'s body is not JSON")
        Showable.require(String(decoding: body, as: UTF8.self), "\(error.code)'s body")
    }

    /// The limits `NewInvite` promises the database.
    static func checkLimits(_ invite: NewInvite) {
        for text in [invite.familyID, invite.familyName, invite.inviterID, invite.inviterName].compactMap({ $0 }) {
            precondition((1...128).contains(text.unicodeScalars.count))
            Showable.require(text, "a validated invite field")
        }
        precondition(NewInvite.ttlRange.contains(invite.ttlSeconds) && NewInvite.maxRedemptionsRange.contains(invite.maxRedemptions))
        precondition(invite.metadata.utf8.count <= NewInvite.metadataLimit && invite.metadata.hasPrefix("{"))
    }
}
