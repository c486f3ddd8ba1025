import BatonCore
import BatonHandoff
import BatonLinks
import Foundation
import HTTP

/// The public routes' request reading, up to the database and without rate
/// limits: the very functions the handlers call, for fuzz/BatonFuzz, which
/// feeds them arbitrary bytes. `package` so the fuzzer needs no
/// `@testable import` (and so builds in release, as libFuzzer wants).
package enum RequestReaders {
    /// `POST /v1/invocations`: the body's URL, validated.
    /// - Throws: 400/415 for the body, 422 `invalid_invocation`.
    package static func invocation(in request: Request, limits: InvocationLimits) throws -> (invocation: Invocation, url: String) {
        try InvocationRoutes.invocation(in: request, limits: limits)
    }

    /// `POST /v1/handoffs/validate`: the body's envelope verified by
    /// `issuer`, and the route's 200 answer for it.
    /// - Throws: 400/415 for the body, 422 `handoff_*`.
    package static func handoffValidation(in request: Request, issuer: HandoffIssuer) throws -> Response {
        try .json(HandoffRoutes.validated(HandoffRoutes.envelope(in: request, issuer: issuer).envelope))
    }

    /// `POST /v1/redemptions`: the body's credential fields, exactly one of
    /// them set, once channel and redeemer id are checked.
    /// - Throws: 400/415 `invalid_request` naming the field.
    package static func redemption(_ request: Request) throws -> (handoff: String?, token: String?, code: String?) {
        let (body, _, _) = try RedemptionRoutes.read(request)
        return (body.handoff, body.token, body.code)
    }

    /// `POST /v1/invites`: the create body, validated.
    /// - Throws: 400/415 for the body, 422 `validation_failed`.
    package static func newInvite(in request: Request) throws -> NewInvite {
        try InviteRoutes.newInvite(in: request)
    }

    /// `POST /v1/invites/batch`: the batch body, validated.
    /// - Throws: 400/415 for the body, 422 `validation_failed` naming the item.
    package static func newInvites(in request: Request) throws -> [NewInvite] {
        try InviteRoutes.newInvites(in: request)
    }

    /// `POST /v1/invites/{id}/revoke`: the path's invite id.
    /// - Throws: `InviteError.notFound` for a malformed id.
    package static func inviteID(_ request: Request) throws(InviteError) -> UUID {
        try InviteRoutes.inviteID(request)
    }
}
