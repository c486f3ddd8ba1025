import BatonCore
import Foundation
import HTTP
import Postgres

extension BatonApplication {
    /// Runs `work` in one transaction, honouring the request's
    /// `Idempotency-Key` (see `IdempotencyStore` for the protocol): the key
    /// is claimed, and the response stored, in the same transaction as the
    /// work, so a failure or a crash leaves nothing behind. A replay carries
    /// `Idempotent-Replayed: true`. Without the header it is a plain
    /// transaction, or no explicit transaction at all when `work` is atomic by
    /// itself (`singleStatement`: it commits one statement, and any statement
    /// before it changed nothing), which saves the `BEGIN`/`COMMIT` round trips.
    /// - Throws: `IdempotencyError` (400/409/422), what `work` throws, or 503 on an outage.
    func idempotentTransaction(
        _ request: Request, caller: APIKeyCaller, singleStatement: Bool = false,
        _ work: (PostgresConnection) throws -> Response
    ) throws -> Response {
        guard let key = request.headers["Idempotency-Key"] else {
            return try singleStatement ? withConnection(work) : transaction(work)
        }
        let claim = try IdempotencyStore.Claim(
            apiKeyID: caller.keyID, key: key, method: request.method, path: request.path, body: request.body
        )
        let store = idempotencyKeys
        return try transaction { connection in
            if let stored = try store.claim(claim, on: connection) {
                var replay = Response(status: stored.status, body: stored.body)
                replay.headers.set("Content-Type", "application/json; charset=utf-8")
                replay.headers.set("Idempotent-Replayed", "true")
                return replay
            }
            let response = try work(connection)
            try store.store(claim, response: .init(status: response.status, body: response.body), on: connection)
            return response
        }
    }
}
