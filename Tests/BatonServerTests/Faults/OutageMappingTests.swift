import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@testable import BatonServer

@Suite("Database outages answer 503, not 500", .timeLimit(.minutes(10)))
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

    @Test("a request refused for a full disk makes readyz answer 503 disk_full for 30 s after it, then 200 again")
    func diskFullReadiness() throws {
        // A full disk cannot be provoked here without mounting a small file
        // system, so a handler meets an injected 53100 as a write would.
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let app = try TestApp(clock: { now.withLock { $0 } })
        let client = try app.client()
        client.apiKey = nil
        #expect(try client.get("/readyz").status == 200)
        let diskFull = PostgresError(.diskFull, sqlState: "53100")
        #expect(throws: ServiceUnavailable(reason: "disk_full")) { try app.app.withConnection { _ in throw diskFull } }
        let refused = try client.get("/readyz")
        #expect(refused.status == 503)
        #expect(refused.errorCode == "unavailable")
        #expect(refused.errorDetails["reason"] as? String == "disk_full")
        #expect(refused.header("Retry-After") == "1")
        now.withLock { $0 += 29 }
        #expect(try client.get("/readyz").status == 503)
        now.withLock { $0 += 1 }
        #expect(try client.get("/readyz").status == 200)
    }

    @Test("outages readiness sees for itself, such as admin_shutdown, are not remembered after they pass")
    func transientOutagesAreNotRemembered() throws {
        let app = try TestApp()
        let client = try app.client()
        client.apiKey = nil
        let shutdown = PostgresError(.adminShutdown, sqlState: "57P01")
        #expect(throws: ServiceUnavailable(reason: "admin_shutdown")) { try app.app.withConnection { _ in throw shutdown } }
        #expect(try client.get("/readyz").status == 200)
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
