import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Testing

/// Runs every program of `Examples/webhook-verify/` against deliveries a
/// running worker signed and posted to a loopback receiver: one to an
/// endpoint with one secret, and one to an endpoint in a rotation overlap,
/// its header carrying the new and the old secret's `v1`. Go and Swift are
/// compiled once per test process. A language whose toolchain is missing
/// (scripts/setup installs them) fails the run when `CI=true` and is
/// reported loudly otherwise.
@Suite("Webhook verification examples", .timeLimit(.minutes(10)))
struct VerificationExamplesTests {
    /// The secret the worker signs with, and one the receiver does not know.
    static let secret = "whsec_exampleSecretForTheVerificationTests=="
    static let otherSecret = "whsec_someOtherSecretTheReceiverDoesNotHold"

    /// One case: which delivery it starts from, the header, body and secrets a
    /// verifier is given, and whether it must accept.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var duringRotation = false
        let accepted: Bool
        let make: @Sendable (Delivery) -> (header: String, body: Data, secrets: [String])
        var testDescription: String { name }
    }

    /// What the worker sent, and the secrets it signed with (the new one first during a rotation).
    struct Delivery: Sendable {
        let header: String
        let body: Data
        let secrets: [String]
        /// The header for `body` signed now, or `age` seconds ago, under `secrets` in order.
        func signed(_ secrets: [String], age: Int = 0) -> String {
            WebhookSignature.header(body: body, secrets: secrets.map { Array($0.utf8) }, timestamp: Int(Date().timeIntervalSince1970) - age)
        }
    }

    static let cases: [Case] = [
        Case(name: "the genuine delivery", accepted: true) { ($0.header, $0.body, [secret]) },
        Case(name: "a tampered body", accepted: false) { ($0.header, $0.body + Data(" ".utf8), [secret]) },
        Case(name: "a stale timestamp (10 minutes)", accepted: false) { ($0.signed([secret], age: 600), $0.body, [secret]) },
        Case(name: "a timestamp from the future (10 minutes)", accepted: false) {
            ($0.signed([secret], age: -600), $0.body, [secret])
        },
        Case(name: "another secret's signature", accepted: false) { ($0.signed([otherSecret]), $0.body, [secret]) },
        Case(name: "a receiver holding the new and the old secret, signed with the old", accepted: true) {
            ($0.signed([secret]), $0.body, [otherSecret, secret])
        },
        Case(name: "a header without t=", accepted: false) {
            (String($0.header.drop { $0 != "," }.dropFirst()), $0.body, [secret])
        },
        Case(name: "a delivery during a live rotation, to a receiver holding only the new secret", duringRotation: true, accepted: true) {
            ($0.header, $0.body, [$0.secrets[0]])
        },
        Case(
            name: "a delivery during a live rotation, to a receiver still holding only the old secret", duringRotation: true, accepted: true
        ) {
            ($0.header, $0.body, [$0.secrets[1]])
        },
        Case(name: "a delivery during a live rotation with a tampered body", duringRotation: true, accepted: false) {
            ($0.header, $0.body.dropLast() + Data("}}".utf8), $0.secrets)
        },
    ]

    @Test("every example verifies a real delivery as the case says", arguments: cases)
    func examplesAgree(with example: Case) throws {
        let delivery = try (example.duringRotation ? Self.rotationDelivery : Self.delivery).get()
        let (header, body, secrets) = example.make(delivery)
        let bodyFile = FileManager.default.temporaryDirectory.appending(path: "baton-verify-\(UUID().uuidString)")
        try body.write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        for language in try Self.verifiers.get() {
            guard let command = language.command else {
                let message = "SKIPPED \(language.name): \(language.missing); run scripts/setup"
                if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("\(message) (CI=true: missing toolchains fail)") }
                FileHandle.standardError.write(Data("\n*** webhook-verify \(message) ***\n\n".utf8))
                continue
            }
            let outcome = try Self.run(
                command + [header], environment: ["WEBHOOK_SECRETS": secrets.joined(separator: "\n")], stdin: bodyFile)
            #expect(outcome.status == (example.accepted ? 0 : 1), "\(language.name): \(outcome.output)")
        }
    }

    @Test("the rotation delivery carries two v1 values, of the new and the old secret, and one is not enough without the other's secret")
    func rotationDeliveryIsSignedTwice() throws {
        let delivery = try Self.rotationDelivery.get()
        let now = Int(Date().timeIntervalSince1970)
        #expect(delivery.header.components(separatedBy: ",v1=").count == 3)
        #expect(delivery.secrets.count == 2 && delivery.secrets[0] != delivery.secrets[1])
        for secret in delivery.secrets {
            #expect(WebhookSignature.verify(header: delivery.header, body: delivery.body, secret: Array(secret.utf8), now: now))
        }
        #expect(!WebhookSignature.verify(header: delivery.header, body: delivery.body, secret: Array(Self.otherSecret.utf8), now: now))
    }

    /// The signed delivery of a worker to the endpoint managed by configuration:
    /// one event with non-ASCII text in its body.
    static let delivery = Result { () throws -> Delivery in
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: Array(secret.utf8))
        let (header, body) = try deliver(db, to: receiver)
        return Delivery(header: header, body: body, secrets: [secret])
    }

    /// The same, to an endpoint whose secret was rotated with an hour of overlap.
    static let rotationDelivery = Result { () throws -> Delivery in
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        let (endpoint, old) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        let (_, new) = try WebhookEndpointStore(secret: TestSecrets.secretKey).rotateSecret(
            id: endpoint.id, previousExpiresIn: 3600, on: db.connection)
        let (header, body) = try deliver(db, to: receiver)
        return Delivery(header: header, body: body, secrets: [new.text, old.text])
    }

    /// Records one event with non-ASCII text in its body, runs a worker until
    /// `receiver` has it, and returns its `Baton-Signature` and body.
    static func deliver(_ db: WorkerDatabase, to receiver: LoopbackReceiver) throws -> (header: String, body: Data) {
        let request = try deliverOne(db, to: receiver)
        guard let header = request.headers["baton-signature"] else { throw POSIXError(.EBADMSG) }
        return (header, request.body)
    }

    /// Records one event with non-ASCII text in its body, runs a worker until
    /// `receiver` has it, and returns the request it received.
    static func deliverOne(_ db: WorkerDatabase, to receiver: LoopbackReceiver) throws -> LoopbackReceiver.Request {
        let invite: UUID = try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-1', 'Familie Müller', sha256(gen_random_uuid()::text::bytea), sha256(gen_random_uuid()::text::bytea), now() + interval '1 day')
            RETURNING id
            """)[0].decode(at: 0)
        try OutboxEvents.record(
            .inviteRedeemed, inviteID: invite, familyID: "family-1", data: PostgresJSON(#"{"family_name": "Familie Müller 👪"}"#),
            on: db.connection)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        guard eventually(within: 10, { !receiver.requests.isEmpty }), let request = receiver.requests.first else {
            throw POSIXError(.ETIMEDOUT)
        }
        return request
    }

    /// A language's verifier: the command to run (the header is added), or why it can't run.
    struct Verifier: Sendable {
        let name: String
        let command: [String]?
        let missing: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../..").standardizedFileURL
    static let examples = root.appending(path: "Examples/webhook-verify")

    /// Every language, the compiled ones built once into a temporary directory.
    static let verifiers = Result { () throws -> [Verifier] in
        let handoffFlow = root.appending(path: "Examples/HandoffFlow/Backend")
        return [
            interpreted("python", "python3", "python/verify.py"),
            interpreted("node", "node", "node/verify.js"),
            interpreted("ruby", "ruby", "ruby/verify.rb"),
            try compiledGo("go", "go/verify.go"),
            try compiled("swift", "swiftc") {
                [
                    examples.appending(path: "swift/main.swift").path, handoffFlow.appending(path: "SHA256.swift").path,
                    handoffFlow.appending(path: "HMACSHA256.swift").path, "-o", $0,
                ]
            },
        ]
    }

    /// Where compiled verifiers go: one directory per test process.
    static let build = FileManager.default.temporaryDirectory.appending(path: "baton-webhook-verify-\(getpid())")

    /// The verifier `script` (under Examples/webhook-verify) run by `tool`.
    static func interpreted(_ name: String, _ tool: String, _ script: String) -> Verifier {
        let path = toolPath(tool)
        return Verifier(name: name, command: path.map { [$0, examples.appending(path: script).path] }, missing: "\(tool) not found")
    }

    /// The Go verifier `source` (under Examples/webhook-verify), built once.
    static func compiledGo(_ name: String, _ source: String) throws -> Verifier {
        try compiled(
            name, "go", { ["build", "-o", $0, examples.appending(path: source).path] },
            environment: ["GOCACHE": build.appending(path: "gocache").path, "GOPATH": build.appending(path: "gopath").path])
    }

    /// The verifier `tool` builds with `arguments` (given the output path), built once.
    static func compiled(_ name: String, _ tool: String, _ arguments: (String) -> [String], environment: [String: String] = [:]) throws
        -> Verifier
    {
        guard let path = toolPath(tool) else { return Verifier(name: name, command: nil, missing: "\(tool) not found") }
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let output = build.appending(path: "verify-\(name)").path
        let outcome = try run([path] + arguments(output), environment: environment)
        guard outcome.status == 0 else { throw CompileFailure(name: name, output: outcome.output) }
        return Verifier(name: name, command: [output], missing: "")
    }

    /// A compiler refused an example.
    struct CompileFailure: Error, CustomStringConvertible {
        let name: String
        let output: String
        var description: String { "the \(name) example did not compile: \(output)" }
    }

    /// Runs `command` to its end with `environment` added and `stdin` (a file) as its input.
    static func run(_ command: [String], environment: [String: String], stdin: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

}
