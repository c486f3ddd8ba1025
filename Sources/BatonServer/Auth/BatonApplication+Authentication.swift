import BatonCore
import Foundation
import HTTP

extension BatonApplication {
    /// The API key presented as `Authorization: Bearer <key>`, if it is live
    /// and holds `scope` (or `admin`). Each key has its own rate limit
    /// (class `key`): a backend's users share its address, so keys are not
    /// limited per address.
    /// - Throws: `APIKeyError.invalid` (401) without a usable key,
    ///   `.missingScope` (403) without the scope, 429 `rate_limited`, or 503
    ///   on a database outage.
    public func authenticate(_ request: Request, scope: Scope) throws -> APIKeyStore.Record {
        guard let presented = Self.bearerToken(request) else { throw APIKeyError.invalid }
        return try authenticate(key: presented, scope: scope)
    }

    /// The API key `presented`, however the request carried it (a bearer
    /// token, or the password of HTTP Basic auth on `/admin`), checked and
    /// rate-limited as ``authenticate(_:scope:)`` describes. A live key's row
    /// comes from ``apiKeyCache`` when it is cached, so most requests of a
    /// backend cost no database round trip here. The key's use is marked
    /// for `last_used_at` (``apiKeyUsage``: written later, by another thread).
    /// - Throws: as ``authenticate(_:scope:)``.
    public func authenticate(key presented: String, scope: Scope) throws -> APIKeyStore.Record {
        let record = try apiKeyCache.authenticate(presented) { try withConnection($0) }
        apiKeyUsage.record(record.id)
        guard record.scopes.contains(scope) || record.scopes.contains(.admin) else { throw APIKeyError.missingScope(scope) }
        try limit(.key, key: "key:" + record.publicID)
        return record
    }

    /// Who redeems: the `sub` of a bearer JWT (three dot-separated segments),
    /// or `redeemerID` from the body when the bearer is an API key with
    /// `redemptions:write`. The returned `limitKey` is what the credential's
    /// rate limits count: the client address for JWT redeemers, nil for an
    /// API key (limited per key already; its typed codes still spend the
    /// global failed-lookup budget).
    /// - Throws: `RedeemerTokenError` (401 `invalid_token`), `APIKeyError`
    ///   (401/403), 400 `invalid_request` for an API key without `redeemer_id`
    ///   or a JWT with one, 429, 503.
    func redeemer(_ request: Request, bodyRedeemerID: String?) throws -> (redeemerID: String, limitKey: String?) {
        guard let presented = Self.bearerToken(request) else { throw APIKeyError.invalid }
        if presented.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
            guard let secret = configuration.redemption.redeemerJWTSecret else { throw RedeemerTokenError.disabled }
            let now = Int64(clock().timeIntervalSince1970.rounded(.down))
            let token = try RedeemerToken(
                verifying: presented, secret: secret, now: now, policy: configuration.redemption.redeemerTokenPolicy
            )
            guard bodyRedeemerID == nil else {
                throw HTTPError(
                    status: 400, code: "invalid_request", message: "A redeemer token names the redeemer; omit redeemer_id.",
                    details: ["field": "redeemer_id"])
            }
            return (token.subject, request.clientAddress)
        }
        _ = try authenticate(request, scope: .redemptionsWrite)
        guard let redeemerID = bodyRedeemerID else {
            throw HTTPError(
                status: 400, code: "invalid_request", message: "An API key redeems on behalf of redeemer_id; it is missing.",
                details: ["field": "redeemer_id"])
        }
        return (redeemerID, nil)
    }

    /// The credential after `Bearer ` in `Authorization`, or nil. Its
    /// length is not judged here (the HTTP server bounds headers): the
    /// credential's own parser does, so an oversized JWT is named a bad token.
    public static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return trimmingWhitespace(parts[1])
    }

    /// `text` without leading and trailing `CharacterSet.whitespaces`. An
    /// ASCII credential (every real one) is trimmed byte-wise: the set's only
    /// ASCII members are space and tab, and Foundation's trimming was a
    /// visible share of a redemption's CPU (docs/api-keys.md).
    private static func trimmingWhitespace(_ text: Substring) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.trimmingCharacters(in: .whitespaces) }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var bytes = text.utf8[...]
        while let first = bytes.first, isBlank(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
        return String(Substring(bytes))
    }
}
