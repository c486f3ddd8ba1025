import BatonCore
import BatonHandoff
import Foundation
import HTTP

/// `POST /v1/handoffs/validate {"handoff"}` (public): decodes an envelope on
/// the server path (HS256 with a held key, MAC and expiry checked) and
/// answers what it says, or 422 with the codec's `handoff_*` code.
struct HandoffRoutes {
    let app: BatonApplication

    struct Body: Decodable {
        let handoff: String
    }

    /// The decoded envelope; times as ISO-8601 like every API time.
    struct Validated: Encodable {
        let version: Int
        let kind: String
        let algorithm: String
        let keyId: String?
        /// The envelope's id (version 2 on); absent for a version-1 envelope.
        let jti: String?
        let signed: Bool
        let authenticity: String
        let issuedAt: Date
        let expiresAt: Date
        let payload: Payload
    }

    /// The payload's fields as the envelope names them.
    struct Payload: Encodable {
        let credential: String
        let credentialType: String
        let familyName: String?
        let inviterName: String?
        let source: String?
    }

    func register(on router: inout Router) {
        // The envelope limit (64 KiB) plus room for the JSON around it.
        router.group(middleware: [app.countingRejections, app.limiting(.handoff)]) { group in
            group.post("/v1/handoffs/validate", options: RouteOptions(maxBodyBytes: 66 * 1024)) { request, _ in
                try .json(Self.validated(Self.envelope(in: request, issuer: app.handoffs)))
            }
        }
    }

    /// The body's envelope, verified by `issuer`: the whole route but the
    /// rate limit, so the fuzzer runs it as is.
    /// - Throws: 400/415 for the body, 422 `handoff_*`.
    static func envelope(in request: Request, issuer: HandoffIssuer) throws -> HandoffEnvelope {
        let body = try request.decodeJSON(Body.self)
        do throws(HandoffError) {
            return try issuer.verify(body.handoff)
        } catch {
            throw RedeemError.handoff(error)
        }
    }

    static func validated(_ envelope: HandoffEnvelope) -> Validated {
        let header = envelope.header
        let payload = envelope.payload
        return Validated(
            version: header.version, kind: header.kind.rawValue, algorithm: header.algorithm.rawValue, keyId: header.keyID, jti: header.id,
            signed: envelope.authenticity == .verified, authenticity: envelope.authenticity.rawValue,
            issuedAt: header.issuedDate, expiresAt: header.expiryDate,
            payload: Payload(
                credential: payload.credential.value, credentialType: payload.credential.form.rawValue,
                familyName: payload.familyName, inviterName: payload.inviterName, source: payload.source
            )
        )
    }
}
