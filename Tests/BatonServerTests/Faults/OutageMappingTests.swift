import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonServer

@Suite("Database outages answer 503, not 500")
struct OutageMappingTests {
    @Test("readyz right after a PostgreSQL restart answers 503 unavailable with Retry-After, then 200 once reconnected")
    func readinessAfterRestart() throws {
        let cluster = try TestPostgres.privateCluster()
        let app = try TestApp(databaseURL: cluster.connectionString, environment: ["BATON_DB_POOL_SIZE": "1"])
        let client = try app.client()
        client.apiKey = nil
        #expect(try client.get("/readyz").status == 200)
        try cluster.restart()
        var statuses: [Int] = []
        for _ in 0..<20 {
            let response = try client.get("/readyz")
            statuses.append(response.status)
            if response.status == 503 {
                #expect(response.errorCode == "unavailable")
                #expect(response.header("Retry-After") == "1")
            }
            if response.status == 200 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(statuses.allSatisfy { [200, 503].contains($0) }, "statuses after the restart: \(statuses)")
        #expect(statuses.last == 200)
    }

    @Test("a database turned read-only (as after a failover) answers writes with 503 and readiness reports it")
    func readOnlyDatabase() throws {
        let cluster = try TestPostgres.privateCluster()
        let app = try TestApp(databaseURL: cluster.connectionString)
        let client = try app.client()
        #expect(try client.post("/v1/invites", json: ["family_id": "fam_ro", "family_name": "Before"]).status == 201)
        // A reload reaches the pooled sessions too: none of them set it themselves.
        try app.withConnection { connection in
            _ = try connection.query("ALTER SYSTEM SET default_transaction_read_only = on")
            _ = try connection.query("SELECT pg_reload_conf()")
        }
        #expect(eventually(within: 5) { (try? client.get("/readyz").status) == 503 })
        let write = try client.post("/v1/invites", json: ["family_id": "fam_ro", "family_name": "During"])
        #expect(write.status == 503)
        #expect(write.errorCode == "unavailable")
        #expect(write.errorDetails["reason"] as? String == "read_only_sql_transaction")
        #expect(write.header("Retry-After") == "1")
        let readiness = try client.get("/readyz")
        #expect(readiness.errorDetails["reason"] as? String == "read_only_sql_transaction")
    }

    @Test(
        "disk full, read-only, shutdown and lost connections are outages, bare or inside a MigrationError; other errors are not",
        arguments: [
            ("53100", "disk_full"), ("25006", "read_only_sql_transaction"), ("57P01", "admin_shutdown"), ("08006", "connection_failure"),
            ("23505", nil), ("25P02", nil),
        ])
    func outageCodes(_ sqlState: String, _ reason: String?) {
        let error = PostgresError(PostgresError.Code(sqlState: sqlState), sqlState: sqlState)
        #expect(ServiceUnavailable(outage: error)?.reason == reason)
        #expect(ServiceUnavailable(outage: MigrationError.database(error))?.reason == reason)
        #expect(ServiceUnavailable(outage: MigrationError.failed(version: 1, fileName: "0001_a.sql", error)) == nil)
    }
}
