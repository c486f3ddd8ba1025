import BatonCore
import Foundation
import HTTP

extension BatonApplication {
    /// The guard of a route group whose routes need an API key with `scope`
    /// (or `admin`), presented as `Authorization: Bearer <key>`. It runs on
    /// the request head, so a request without such a key is refused before
    /// its body is read (see ``authenticate(key:scope:client:)``).
    func requiring(_ scope: Scope) -> RouteGuard<APIKeyCaller> {
        RouteGuard(accepting: [GuardRequirement("apiKey", scopes: [scope.rawValue])]) { [self] request in
            guard let presented = Self.bearerToken(request) else { throw APIKeyError.invalid }
            let record = try authenticate(key: presented, scope: scope, client: request.clientAddress)
            return .admit(APIKeyCaller(keyID: record.id))
        }
    }

    /// The guard of `POST /v1/redemptions`: the bearer is a redeemer JWT
    /// (three dot-separated segments; its `sub` redeems, and the client
    /// address carries the rate limits), or an API key with
    /// `redemptions:write` (which redeems on behalf of the body's
    /// `redeemer_id`, limited per key).
    /// - Throws: `RedeemerTokenError` (401 `invalid_token`), `APIKeyError`
    ///   (401/403), 429, 503.
    func requiringRedeemer() -> RouteGuard<RedemptionCaller> {
        let accepts = [GuardRequirement("apiKey", scopes: [Scope.redemptionsWrite.rawValue]), GuardRequirement("redeemerJWT")]
        return RouteGuard(accepting: accepts) { [self] request in
            guard let presented = Self.bearerToken(request) else { throw APIKeyError.invalid }
            guard BearerCredential.isJWTShaped(presented) else {
                do {
                    let record = try authenticate(key: presented, scope: .redemptionsWrite, client: request.clientAddress)
                    return .admit(.apiKey(APIKeyCaller(keyID: record.id)))
                } catch let error as RateLimited {
                    // A redemption refused for its key's limit is a refused
                    // redemption, as when the key was checked in the handler.
                    rejections.record(.rateLimited)
                    throw error
                }
            }
            guard let secret = configuration.redemption.redeemerJWTSecret else { throw RedeemerTokenError.disabled }
            let now = Int64(clock().timeIntervalSince1970.rounded(.down))
            let token = try RedeemerToken(
                verifying: presented, secret: secret, now: now, policy: configuration.redemption.redeemerTokenPolicy)
            return .admit(.redeemer(subject: token.subject, identities: token.identities))
        }
    }

    /// The API key `presented` (a bearer token, or the password of HTTP
    /// Basic auth on `/admin`) if it is live and holds `scope` (or `admin`).
    /// A live key's row comes from ``apiKeyCache`` when it is cached, so most
    /// requests of a backend cost no database round trip here. The key's use
    /// is marked for `last_used_at` (``apiKeyUsage``: written later, by
    /// another thread).
    ///
    /// Rate limits: each key has its own (class `key`; a backend's users
    /// share its address, so keys are not limited per address), and failed
    /// attempts are limited per `client` address (class `auth_failures`):
    /// once an address has spent that budget, its attempts are refused with
    /// 429 before any lookup, so guessing keys costs no database reads.
    /// - Throws: `APIKeyError.invalid` (401) for a malformed, unknown or
    ///   revoked key, `.missingScope` (403) without the scope, 429
    ///   `rate_limited`, or 503 on a database outage.
    func authenticate(key presented: String, scope: Scope, client: String) throws -> APIKeyStore.Record {
        try refuseIfSpent(.authFailures, bucket: client)
        let record: APIKeyStore.Record
        do {
            record = try apiKeyCache.authenticate(presented) { try withConnection($0) }
        } catch let error as APIKeyError {
            _ = rateLimiter.admit(.authFailures, key: client)
            throw error
        }
        apiKeyUsage.record(record.id)
        guard record.scopes.contains(scope) || record.scopes.contains(.admin) else { throw APIKeyError.missingScope(scope) }
        try take(.key, bucket: "key:" + record.publicID)
        return record
    }

    /// The credential after `Bearer ` in `Authorization`, or nil. Its
    /// length is not judged here (the HTTP server bounds headers): the
    /// credential's own parser does, so an oversized JWT is named a bad token.
    public static func bearerToken(_ request: Request) -> String? {
        request.headers["Authorization"].flatMap(BearerCredential.credential(in:))
    }
}
