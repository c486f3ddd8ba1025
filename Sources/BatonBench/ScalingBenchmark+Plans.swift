import BatonCore
import Foundation
import Postgres

extension ScalingBenchmark {
    /// How PostgreSQL reaches the rows of a preview and of a redeem at the
    /// table's current size: the scan nodes of each statement's plan
    /// (`EXPLAIN`, not executed) for the token hash of a live invite. Flat
    /// latency needs index scans here; a `Seq Scan` on invites, events or
    /// redemptions would grow with the table.
    /// - Throws: `BenchmarkError` (`setup_failed`) when the plans can't be read.
    func planSummary() throws(BenchmarkError) -> String {
        do {
            let connection = try PostgresConnection(options.api.conninfo)
            defer { connection.close() }
            let hash: Data = try connection.query("SELECT token_hash FROM baton.invites WHERE state = 'active' LIMIT 1")[0].decode(at: 0)
            let preview = try Self.scans(RedemptionStore.previewByToken.sql, [hash, "clip"], on: connection)
            let redeem = try Self.scans(
                RedemptionStore.redeemByToken.sql,
                [
                    hash, "plan-check", "app", "plan-check", OutboxEvents.webhookKind, OutboxEvents.defaultWebhookMaxAttempts, [Data](),
                    "plan-check", String?.none,
                ], on: connection
            )
            return "plans: preview \(preview.joined(separator: ", ")); redeem \(redeem.joined(separator: ", "))."
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Could not explain the preview and redeem statements: \(error)")
        }
    }

    /// The distinct scan nodes of `sql`'s plan, such as
    /// `Index Scan using invites_token_hash_key on invites`.
    static func scans(_ sql: String, _ parameters: [any PostgresBindable], on connection: PostgresConnection) throws -> [String] {
        let lines = try connection.query("EXPLAIN " + sql, parameters).map { try $0.decode(String.self, at: 0) }
        return scanNodes(in: lines)
    }

    /// The distinct scan nodes in the lines of a text plan, in plan order.
    static func scanNodes(in plan: [String]) -> [String] {
        var nodes: [String] = []
        // CTE scans read the statement's own intermediate rows, not a table.
        for line in plan where line.contains("Scan") && !line.contains("CTE Scan") {
            var node = line.trimmingCharacters(in: .whitespaces)
            if node.hasPrefix("->") { node = String(node.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
            if let cost = node.range(of: "  (cost=") { node = String(node[..<cost.lowerBound]) }
            if !nodes.contains(node) { nodes.append(node) }
        }
        return nodes
    }
}
