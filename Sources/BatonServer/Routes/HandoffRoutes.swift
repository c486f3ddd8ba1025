import BatonCore
import BatonHandoff
import BatonLinks
import Foundation
import HTTP

/// `POST /v1/handoffs/validate {"handoff"}` (public): decodes an envelope on
/// the server path (HS256 with a held key, MAC and expiry checked) and
/// answers what it says, or 422 with the codec's `handoff_*` code. With
/// `"channel": "app"` the full app says it is presenting the handoff: the
/// invite's journey is marked `app_presented` (in memory, written in
/// batches; a lookup that fails only leaves the mark out).
struct HandoffRoutes {
    let app: BatonApplication

    struct Body: Decodable {
        let handoff: String
        let channel: String?
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
            group.post("/v1/handoffs/validate", operation: .validateHandoff, options: RouteOptions(maxBodyBytes: 66 * 1024)) { request, _ in
                let (envelope, channel) = try Self.envelope(in: request, issuer: app.handoffs)
                if channel == .app { markPresented(envelope) }
                return try .json(Self.validated(envelope))
            }
        }
    }

    /// The body's envelope, verified by `issuer`, and its channel: the whole
    /// route but the rate limit and the mark, so the fuzzer runs it as is.
    /// - Throws: 400/415 for the body, 400 `invalid_request` for a channel
    ///   other than `clip`, `app`, `web`, `backend`; 422 `handoff_*`.
    static func envelope(in request: Request, issuer: HandoffIssuer) throws -> (envelope: HandoffEnvelope, channel: RedemptionChannel?) {
        let body = try request.decodeJSON(Body.self)
        let channel = try body.channel.map { text in
            guard let channel = RedemptionChannel(rawValue: text) else {
                throw HTTPError.invalidRequest("channel must be clip, app, web or backend.", details: ["field": "channel"])
            }
            return channel
        }
        do throws(HandoffError) {
            return (try issuer.verify(body.handoff), channel)
        } catch {
            throw RedeemError.handoff(error)
        }
    }

    /// Marks the envelope's invite `app_presented`: one read of the invite
    /// (the envelope is the server's own, so its credential is no guess).
    private func markPresented(_ envelope: HandoffEnvelope) {
        let now = app.clock()
        guard let credential = try? Credential.parse(envelope.payload.credential.value, codeLength: app.configuration.links.codeLength),
            let preview = try? app.withConnection({ try app.redemptions.preview(credential, channel: nil, on: $0) })
        else { return }
        app.stageMarks.mark(preview.inviteID, .appPresented, at: now)
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
