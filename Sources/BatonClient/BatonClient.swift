import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The calls an App Clip, its app and a Swift backend make to Baton, as
/// `async` functions over `URLSession` (libcurl through FoundationNetworking
/// on Linux), with the models of Baton's OpenAPI document and one typed
/// error, ``BatonError``.
///
/// The clip calls ``invoke(url:)`` (or ``preview(_:)`` for a typed code) and
/// stores the answer's `handoff`; the app calls ``redeem(handoff:redeemer:channel:)``.
/// Public routes send no key; redemption sends the redeemer's bearer.
/// A call does not retry by itself: ``BatonError/isTransient`` says when the
/// same call may be sent again.
public struct BatonClient: Sendable {
    /// Where Baton's API is, such as `https://invites.example.com`.
    public let baseURL: URL
    let session: URLSession

    /// A client for `baseURL` over `session`.
    public init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// A client for `baseURL` over an ephemeral session (no cookies, no
    /// cache) whose every request gives up after `timeout` seconds.
    public init(baseURL: URL, timeout: TimeInterval = 15) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        self.init(baseURL: baseURL, session: URLSession(configuration: configuration))
    }

    /// `GET /v1/invites/{credential}/preview`: what the clip shows for a typed
    /// code (or a link token), with a handoff to store. Check a typed code with
    /// `BatonLinks`' `Credential.parse` first and pass its `text`: a typo is
    /// then caught without a request.
    /// - Throws: ``BatonError/inviteNotFound``, ``BatonError/inviteExpired``,
    ///   ``BatonError/inviteRevoked``, ``BatonError/inviteUsedUp``,
    ///   ``BatonError/invalidCode(reason:)``, ``BatonError/rateLimited(retryAfter:)``,
    ///   ``BatonError/unavailable(retryAfter:)``, or a transport failure.
    public func preview(_ credential: String) async throws(BatonError) -> InvitePreview {
        try await send(APIRequest(method: "GET", path: ["v1", "invites", credential, "preview"]))
    }

    /// `POST /v1/invocations`: the clip's invocation URL, exactly as the system
    /// gave it (`webpageURL.absoluteString`), resolved to a preview. The
    /// server checks the URL as `BatonLinks`' `Invocation(url:limits:)` does.
    /// - Throws: ``BatonError/invalidInvocation(reason:)``, the refusals of ``preview(_:)``, or a transport failure.
    public func invoke(url: String) async throws(BatonError) -> InvitePreview {
        try await send(APIRequest(method: "POST", path: ["v1", "invocations"], body: try Self.encoded(["url": url])))
    }

    /// `POST /v1/handoffs/validate`: the server decodes and checks `handoff`
    /// (MAC under a key it holds, expiry, payload) without redeeming it.
    /// - Throws: a `handoff_*` case such as ``BatonError/handoffExpired``,
    ///   ``BatonError/rateLimited(retryAfter:)``, or a transport failure.
    public func validate(handoff: String) async throws(BatonError) -> HandoffValidation {
        try await send(APIRequest(method: "POST", path: ["v1", "handoffs", "validate"], body: try Self.encoded(["handoff": handoff])))
    }

    /// `POST /v1/redemptions {"handoff"}`: redeems the server-minted handoff
    /// the clip stored, as `redeemer`.
    ///
    /// Safe to retry by construction: the same redeemer redeeming the same
    /// invite again gets the identical receipt (HTTP 200, ``RedemptionReceipt/replayed``),
    /// never a second redemption; so after a transport failure or a 503, send
    /// the same call again (after ``BatonError/retryAfter`` when given).
    /// - Throws: ``BatonError/inviteUsedUp``, ``BatonError/handoffAlreadyUsed``
    ///   (another redeemer spent it), ``BatonError/inviteExpired``, ``BatonError/inviteRevoked``,
    ///   a `handoff_*` case, ``BatonError/invalidToken(reason:)``, or a transport failure.
    public func redeem(handoff: String, redeemer: Redeemer, channel: RedemptionChannel = .app) async throws(BatonError)
        -> RedemptionReceipt
    {
        try await redeem(["handoff": handoff], redeemer: redeemer, channel: channel)
    }

    /// `POST /v1/redemptions {"code"}`: redeems a typed code (such as one the
    /// clip kept offline), as `redeemer`. Safe to retry, as ``redeem(handoff:redeemer:channel:)``.
    /// - Throws: as ``redeem(handoff:redeemer:channel:)``, and ``BatonError/invalidCode(reason:)``.
    public func redeem(code: String, redeemer: Redeemer, channel: RedemptionChannel = .app) async throws(BatonError)
        -> RedemptionReceipt
    {
        try await redeem(["code": code], redeemer: redeemer, channel: channel)
    }

    /// `POST /v1/redemptions {"token"}`: redeems an invite link's token (the
    /// installed app opened the link itself), as `redeemer`. Safe to retry, as
    /// ``redeem(handoff:redeemer:channel:)``.
    /// - Throws: as ``redeem(handoff:redeemer:channel:)``.
    public func redeem(token: String, redeemer: Redeemer, channel: RedemptionChannel = .app) async throws(BatonError)
        -> RedemptionReceipt
    {
        try await redeem(["token": token], redeemer: redeemer, channel: channel)
    }

    private func redeem(_ credential: [String: String], redeemer: Redeemer, channel: RedemptionChannel) async throws(BatonError)
        -> RedemptionReceipt
    {
        var body = credential
        body["channel"] = channel.rawValue
        body["redeemer_id"] = redeemer.redeemerID
        let (receipt, status): (RedemptionReceipt, Int) = try await exchange(
            APIRequest(method: "POST", path: ["v1", "redemptions"], bearer: redeemer.bearer, body: try Self.encoded(body)))
        var answered = receipt
        answered.replayed = status == 200
        return answered
    }

    /// `POST /v1/invites` with an API key holding `invites:write`: what a
    /// backend does to invite someone. The answer is the only place the code
    /// and the link exist. With `idempotencyKey`, sending the same call again
    /// answers the first invite instead of creating a second.
    /// - Throws: ``BatonError/validationFailed(field:)``, ``BatonError/invalidApiKey``,
    ///   ``BatonError/insufficientScope(required:)``, ``BatonError/idempotencyKeyReused``, or a transport failure.
    public func createInvite(_ invite: NewInvite, apiKey: String, idempotencyKey: String? = nil) async throws(BatonError)
        -> CreatedInvite
    {
        var request = APIRequest(method: "POST", path: ["v1", "invites"], bearer: apiKey, body: try Self.encoded(invite))
        if let idempotencyKey { request.headers["Idempotency-Key"] = idempotencyKey }
        return try await send(request)
    }

    /// `GET /v1/invites/{id}` with an API key holding `invites:read`: the invite with its redemptions.
    /// - Throws: ``BatonError/inviteNotFound``, the key's refusals, or a transport failure.
    public func invite(id: String, apiKey: String) async throws(BatonError) -> Invite {
        try await send(APIRequest(method: "GET", path: ["v1", "invites", id], bearer: apiKey))
    }

    /// `POST /v1/invites/{id}/revoke` with `invites:write`: the invite as it
    /// now is (a final invite is answered unchanged, so this is safe to retry).
    /// - Throws: ``BatonError/inviteNotFound``, the key's refusals, or a transport failure.
    public func revokeInvite(id: String, apiKey: String) async throws(BatonError) -> Invite {
        try await send(APIRequest(method: "POST", path: ["v1", "invites", id, "revoke"], bearer: apiKey))
    }
}
