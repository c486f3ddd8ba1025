import BatonCore
import Foundation
import HTTP

extension BatonApplication {
    /// The API key presented as `Authorization: Bearer <key>`, if it is live
    /// and holds `scope` (or `admin`).
    /// - Throws: `APIKeyError.invalid` (401) without a usable key,
    ///   `.missingScope` (403) without the scope, or 503 on a database outage.
    public func authenticate(_ request: Request, scope: Scope) throws -> APIKeyStore.Record {
        guard let presented = Self.bearerToken(request) else { throw APIKeyError.invalid }
        let record = try withConnection { try apiKeys.authenticate(presented, on: $0) }
        guard record.scopes.contains(scope) || record.scopes.contains(.admin) else { throw APIKeyError.missingScope(scope) }
        return record
    }

    /// The credential after `Bearer ` in `Authorization`, or nil.
    public static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"], header.count <= 4096 else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
}
