import BatonCore
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("Idempotency-Key", .timeLimit(.minutes(10)))
struct IdempotencyTests {
    let app: TestApp
    let client: HTTPTestClient
    static var body: [String: Any] { ["family_id": "f", "family_name": "Fam"] }

    init() throws {
        // The in-flight tests hold a table lock for a while; under a loaded
        // machine that must not trip the statement timeout of the held request.
        (app, client) = try TestApp.withClient(environment: ["BATON_STATEMENT_TIMEOUT_MS": "60000"])
    }

    func inviteCount() throws -> Int {
        try app.count("SELECT count(*) FROM baton.invites")
    }

    @Test(
        "the same key and body replay the stored response byte for byte, marked Idempotent-Replayed",
        arguments: ["/v1/invites", "/v1/invites/batch"])
    func replays(path: String) throws {
        let json: [String: Any] = path.hasSuffix("batch") ? ["invites": [Self.body, Self.body]] : Self.body
        let first = try client.post(path, json: json, headers: [("Idempotency-Key", "k-1")])
        let second = try client.post(path, json: json, headers: [("Idempotency-Key", "k-1")])
        #expect(first.status == 201 && second.status == 201)
        #expect(second.body == first.body)
        #expect(first.header("Idempotent-Replayed") == nil && second.header("Idempotent-Replayed") == "true")
        #expect(try inviteCount() == (path.hasSuffix("batch") ? 2 : 1))
    }

    @Test("the same key with another body gets 422 idempotency_key_reused; another API key has its own keys")
    func reusedAndScoped() throws {
        _ = try client.post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", "k-2")])
        let other = try client.post("/v1/invites", json: ["family_id": "g", "family_name": "Other"], headers: [("Idempotency-Key", "k-2")])
        #expect(other.status == 422 && other.errorCode == "idempotency_key_reused")
        let second = try app.client(apiKey: try app.makeKey([.invitesWrite]))
        #expect(try second.post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", "k-2")]).status == 201)
        #expect(try inviteCount() == 2)
    }

    @Test("a malformed key gets 400 invalid_idempotency_key", arguments: [String(repeating: "k", count: 256), "with space", "ключ"])
    func malformedKey(key: String) throws {
        let response = try client.post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", key)])
        #expect(response.status == 400 && response.errorCode == "invalid_idempotency_key")
    }

    /// Advisory locks held in this test's database (`pg_locks` spans the
    /// cluster, and migrations of other suites take advisory locks too).
    static let advisoryLocks = """
        FROM pg_locks WHERE locktype = 'advisory' AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        """

    /// Sends the keyed create on its own thread while `events` is locked, so it
    /// stalls after claiming the key; returns its response once `release` ran.
    func whileFirstIsInFlight(key: String, during: () throws -> Void, release: (PostgresConnection) throws -> Void) throws -> HTTPTestClient
        .Response?
    {
        let blocker = try PostgresConnection(app.app.configuration.databaseURL)
        defer { blocker.close() }
        try blocker.runScript("BEGIN; LOCK TABLE baton.events IN SHARE MODE")
        let result = Mutex<HTTPTestClient.Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        let port = app.port
        let apiKey = app.adminKey
        Thread.detachNewThread {
            let response = try? HTTPTestClient(port: port, apiKey: apiKey).post(
                "/v1/invites", json: Self.body, headers: [("Idempotency-Key", key)])
            result.withLock { $0 = response }
            done.signal()
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while try blocker.query("SELECT count(*) \(Self.advisoryLocks)")[0].decode(Int.self, at: 0) == 0,
            ContinuousClock.now < deadline
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(
            try blocker.query("SELECT count(*) \(Self.advisoryLocks)")[0].decode(Int.self, at: 0) == 1,
            "the first request never claimed its key")
        try during()
        try release(blocker)
        done.wait()
        return result.withLock { $0 }
    }

    @Test("while the first request runs, the same key gets 409 idempotency_key_in_use; afterwards it replays")
    func inFlight() throws {
        let first = try whileFirstIsInFlight(
            key: "k-3",
            during: {
                // A new connection: libmicrohttpd binds each connection to one pool
                // thread, and `client`'s may share the thread the first request blocks.
                let second = try app.client().post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", "k-3")])
                #expect(second.status == 409 && second.errorCode == "idempotency_key_in_use")
                #expect(second.header("Retry-After") == "1")
            }, release: { try $0.runScript("COMMIT") })
        #expect(first?.status == 201)
        let third = try client.post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", "k-3")])
        #expect(third.status == 201 && third.header("Idempotent-Replayed") == "true" && third.body == first?.body)
    }

    @Test("a request whose database session dies mid-work leaves the key free for the retry")
    func crashDoesNotWedge() throws {
        let first = try whileFirstIsInFlight(
            key: "k-4", during: {},
            release: { blocker in
                try blocker.query("SELECT pg_terminate_backend(pid) \(Self.advisoryLocks)")
                try blocker.runScript("COMMIT")
            })
        #expect(first?.status == 503)
        #expect(try inviteCount() == 0)
        let retry = try client.post("/v1/invites", json: Self.body, headers: [("Idempotency-Key", "k-4")])
        #expect(retry.status == 201 && retry.header("Idempotent-Replayed") == nil)
        #expect(try inviteCount() == 1)
    }
}
