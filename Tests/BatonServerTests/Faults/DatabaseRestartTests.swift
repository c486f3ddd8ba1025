import BatonTestSupport
import Foundation
import Synchronization
import Testing

@Suite("PostgreSQL restarted under load", .timeLimit(.minutes(10)))
struct DatabaseRestartTests {
    /// One answer a redeeming client got.
    struct Answer: Sendable {
        let token: Int
        let status: Int
        let requestID: String?
        let errorCode: String?
        let retryAfter: String?
        let receiptID: String?
    }

    /// What the load threads share: the next token to redeem, the answers, and the stop flag.
    final class Load: Sendable {
        let answers = Mutex<[Answer]>([])
        let nextToken = Atomic(0)
        let stopping = Atomic(false)

        func count(_ status: Int) -> Int { answers.withLock { $0.count { $0.status == status } } }
    }

    static let clients = 4

    @Test(
        "during a restart redeemers get 503 unavailable with a request id, the service recovers by itself, and every 2xx is in the database"
    )
    func restartUnderRedeemLoad() throws {
        let cluster = try TestPostgres.privateCluster()
        let app = try TestApp(
            databaseURL: cluster.connectionString,
            environment: [
                "BATON_RATE_LIMITS": "off", "BATON_HTTP_THREADS": "8", "BATON_DB_POOL_SIZE": "8", "BATON_DB_POOL_TIMEOUT_MS": "1000",
            ])
        let tokens = try app.makeInvites(3000).map(\.token.text)
        let load = Load()
        let port = app.port
        let key = app.adminKey
        let done = (0..<Self.clients).map { client in
            onThread { Self.redeem(tokens, port: port, key: key, redeemer: "restart-\(client)", load: load) }
        }

        #expect(eventually(within: 30) { load.count(201) >= 50 })
        try cluster.stop()
        #expect(eventually(within: 10) { load.count(503) >= 20 }, "requests during the outage get 503")
        let createdBeforeRestart = load.count(201)
        try cluster.start()
        let restarted = ContinuousClock.now
        #expect(eventually(within: 15) { load.count(201) >= createdBeforeRestart + 50 }, "redemptions resume after the restart")
        let recovery = ContinuousClock.now - restarted
        load.stopping.store(true, ordering: .relaxed)
        done.forEach { $0.wait() }

        let answers = load.answers.withLock { $0 }
        let unexpected = answers.filter { ![200, 201, 503].contains($0.status) }
        #expect(unexpected.isEmpty, "unexpected statuses: \(unexpected.prefix(5).map { "\($0.status) \($0.errorCode ?? "")" })")
        for outage in answers where outage.status == 503 {
            #expect(outage.errorCode == "unavailable")
            #expect(outage.retryAfter == "1")
            #expect(outage.requestID?.isEmpty == false)
        }
        // A redemption whose commit raced the shutdown may have answered 503;
        // the client's retry then got 200 with the same receipt. Either way
        // every receipt a client holds is a row, and no invite has two.
        let receipts = Set(answers.compactMap(\.receiptID))
        let stored = try app.withConnection { connection in
            try Set(connection.query("SELECT id::text FROM baton.redemptions").map { try $0.decode(String.self, at: 0) })
        }
        #expect(receipts.isSubset(of: stored), "receipts missing from the database: \(receipts.subtracting(stored).count)")
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE redemption_count > 1") == 0)
        #expect(recovery < .seconds(15))
    }

    /// One client: redeems tokens in turn and, like a client honouring
    /// `Retry-After`, retries a 503 after a short pause.
    static func redeem(_ tokens: [String], port: UInt16, key: String, redeemer: String, load: Load) {
        guard let client = try? HTTPTestClient(port: port, apiKey: key) else { return }
        var index = load.nextToken.add(1, ordering: .relaxed).oldValue
        while index < tokens.count, !load.stopping.load(ordering: .relaxed) {
            guard let response = try? client.post("/v1/redemptions", json: ["token": tokens[index], "redeemer_id": redeemer]) else {
                load.answers.withLock {
                    $0.append(Answer(token: index, status: 0, requestID: nil, errorCode: "transport", retryAfter: nil, receiptID: nil))
                }
                return
            }
            load.answers.withLock {
                $0.append(
                    Answer(
                        token: index, status: response.status, requestID: response.header("X-Request-Id"), errorCode: response.errorCode,
                        retryAfter: response.header("Retry-After"),
                        receiptID: (200..<300).contains(response.status) ? response.json["id"] as? String : nil))
            }
            if response.status == 503 {
                Thread.sleep(forTimeInterval: 0.05)
            } else {
                index = load.nextToken.add(1, ordering: .relaxed).oldValue
            }
        }
    }
}
