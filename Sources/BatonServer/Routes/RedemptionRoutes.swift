import BatonCore
import BatonHandoff
import BatonJSON
import BatonLinks
import HTTP

/// `POST /v1/redemptions`: redeems an invite exactly once for a redeemer.
/// The bearer (a redeemer JWT, or an API key with `redemptions:write`) is
/// checked from the head by the group's guard (``BatonApplication/requiringRedeemer()``).
///
/// Body: exactly one of `handoff` (a server-minted envelope), `token` or
/// `code`; `channel` (`clip`, `app`, `web`, `backend`; default `app`);
/// `redeemer_id` when the bearer is an API key with `redemptions:write`
/// (a bearer JWT names the redeemer in `sub` instead), and `invitee` (one of
/// `email`, `phone`, `subject`) when an API key redeems an invite bound to
/// one (a JWT's verified claims show who the redeemer is instead). 201 with
/// the receipt; 200 with the identical receipt when the same redeemer redeems again.
/// Through `app`, an answered attempt marks the journey's `app_presented`.
///
/// A handoff's signature and expiry are checked before the database is
/// touched; a typed code's check character too.
struct RedemptionRoutes {
    let app: BatonApplication

    /// The body, read by `Request.decodeStringMembers`: the hottest body
    /// of the API, all strings, so read without `Codable`.
    struct Body {
        let handoff: String?
        let token: String?
        let code: String?
        let channel: String?
        let redeemerID: String?
        let invitee: InviteeDraft?

        /// The members, in the order a `Decodable` body would check them.
        static let shape = JSONStringShape(
            strings: ["handoff", "token", "code", "channel", "redeemer_id"],
            objects: [("invitee", JSONStringShape(strings: ["email", "phone", "subject"]))])

        init(_ members: JSONStringMembers) {
            handoff = members["handoff"]
            token = members["token"]
            code = members["code"]
            channel = members["channel"]
            redeemerID = members["redeemer_id"]
            invitee = members.object("invitee").map { InviteeDraft(email: $0["email"], phone: $0["phone"], subject: $0["subject"]) }
        }
    }

    func register(on router: inout Router) {
        router.group(app.requiringRedeemer(), middleware: [app.countingRejections]) { group in
            group.post("/v1/redemptions", operation: .redeemInvite, options: RouteOptions(maxBodyBytes: 66 * 1024)) { request, caller in
                let (body, channel, invitee) = try Self.read(request)
                let (redeemerID, subject, identities) = try Self.redeemer(caller, request: request, body: body, invitee: invitee)
                let attempted = app.clock()
                let outcome = try redeem(body, redeemerID: redeemerID, channel: channel, subject: subject, identities: identities)
                if channel == .app { app.stageMarks.mark(outcome.receipt.inviteID, .appPresented, at: attempted) }
                switch outcome {
                case .redeemed(let receipt):
                    app.metrics.invitesRedeemed.increment()
                    return .json(encoded: receipt.json(), status: 201)
                case .replayed(let receipt): return .json(encoded: receipt.json(), status: 200)
                }
            }
        }
    }

    /// Who redeems, who they are shown to be, and whom the rate limits
    /// count: a JWT's `sub` and verified claims (the body must name neither
    /// a redeemer nor an invitee) limited per client address, or the body's
    /// `redeemer_id` and `invitee` for an API key (limited per key already).
    /// - Throws: 400 `invalid_request` naming `redeemer_id` or `invitee`.
    private static func redeemer(
        _ caller: RedemptionCaller, request: Request, body: Body, invitee: Invitee?
    ) throws -> (redeemerID: String, subject: RateSubject, identities: [Invitee]) {
        switch caller {
        case .redeemer(let subject, let identities):
            guard body.redeemerID == nil else {
                throw HTTPError.invalidRequest("A redeemer token names the redeemer; omit redeemer_id.", details: ["field": "redeemer_id"])
            }
            guard invitee == nil else {
                throw HTTPError.invalidRequest("A redeemer token's claims show who redeems; omit invitee.", details: ["field": "invitee"])
            }
            return (subject, .client(address: request.clientAddress), identities)
        case .apiKey(let key):
            guard let redeemerID = body.redeemerID else {
                throw HTTPError.invalidRequest(
                    "An API key redeems on behalf of redeemer_id; it is missing.", details: ["field": "redeemer_id"])
            }
            return (redeemerID, .apiKey(id: key.keyID), invitee.map { [$0] } ?? [])
        }
    }

    /// The body with its channel and redeemer id checked and exactly one of
    /// `handoff`, `token` and `code`: everything checked before authentication
    /// and the database, so the fuzzer runs it as is.
    /// - Throws: 400/415 `invalid_request` naming the field; 422
    ///   `invalid_redeemer` (``InvalidRedeemer``) for a `redeemer_id` or an
    ///   `invitee` member holding a hidden character.
    static func read(_ request: Request) throws -> (body: Body, channel: RedemptionChannel, invitee: Invitee?) {
        let body = Body(try request.decodeStringMembers(Body.shape))
        let channel = try channel(body.channel)
        if let redeemerID = body.redeemerID { try validate(redeemerID: redeemerID) }
        guard [body.handoff, body.token, body.code].compactMap({ $0 }).count == 1 else {
            throw HTTPError.invalidRequest("Send exactly one of handoff, token and code.", details: ["field": "handoff"])
        }
        return (body, channel, try body.invitee.map(invitee))
    }

    /// The body's `invitee`, normalised as at create.
    private static func invitee(_ draft: InviteeDraft) throws -> Invitee {
        for (member, value) in [("email", draft.email), ("phone", draft.phone), ("subject", draft.subject)] {
            try value.map { v throws(InvalidRedeemer) in try InvalidRedeemer.check(v, field: "invitee." + member) }
        }
        do throws(InviteError) {
            return try Invitee(draft, field: "invitee")
        } catch {
            guard case .validationFailed(let field, let reason) = error else { throw error }
            throw HTTPError.invalidRequest("\(field) \(reason).", details: ["field": .string(field)])
        }
    }

    private func redeem(
        _ body: Body, redeemerID: String, channel: RedemptionChannel, subject: RateSubject, identities: [Invitee]
    ) throws -> RedemptionOutcome {
        if let handoff = body.handoff {
            let envelope: HandoffEnvelope
            do throws(HandoffError) {
                envelope = try app.handoffs.verify(handoff)
            } catch {
                throw RedeemError.handoff(error)
            }
            let credential = try app.credential(envelope.payload.credential.value, for: subject)
            // The envelope is the server's own (MAC checked), so its credential
            // cannot be a guess: limited like a token.
            try app.limit(.token, for: subject)
            return try app.withConnection {
                try app.redemptions.redeem(
                    credential, redeemerID: redeemerID, channel: channel, handoffID: HandoffIssuer.handoffID(of: envelope),
                    identities: identities, on: $0
                )
            }
        }
        let credential = try app.credential(body.token ?? body.code ?? "", for: subject)
        return try app.limitingLookup(credential, for: subject) {
            try app.withConnection {
                try app.redemptions.redeem(
                    credential, redeemerID: redeemerID, channel: channel, handoffID: nil, identities: identities, on: $0)
            }
        }
    }

    private static func channel(_ text: String?) throws -> RedemptionChannel {
        guard let text else { return .app }
        guard let channel = RedemptionChannel(rawValue: text) else {
            throw HTTPError.invalidRequest("channel must be clip, app, web or backend.", details: ["field": "channel"])
        }
        return channel
    }

    private static func validate(redeemerID: String) throws {
        try InvalidRedeemer.check(redeemerID, field: "redeemer_id")
        guard (1...256).contains(redeemerID.utf8.count) else {
            throw HTTPError.invalidRequest("redeemer_id must be 1-256 bytes.", details: ["field": "redeemer_id"])
        }
    }
}
