import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Testing

/// The Standard Webhooks libraries from PyPI (`standardwebhooks`, `svix`,
/// pinned in `Examples/webhook-verify/standard-webhooks/requirements.txt`),
/// and the library-free verifiers in Node, Go and Ruby beside them,
/// verify real deliveries a running worker posted to a loopback receiver
/// from endpoints with `"signature_scheme": "standard_webhooks"`, with the
/// `whsec_` text the API shows: one with one secret and one during a
/// rotation's overlap (two signatures, either secret verifies), and refuse a
/// tampered body, another secret, and a changed id. The libraries are
/// installed into `BATON_WEBHOOKS_VENV` (default `.venv-webhooks`) on the
/// first run; without network that fails when `CI=true` and is reported
/// loudly otherwise.
@Suite("Standard Webhooks verifiers check real deliveries", .timeLimit(.minutes(10)))
struct VerificationLibrariesTests {
    static let libraries = ["standardwebhooks", "svix"]

    /// A delivery as received, and the secrets it was signed with (the new one first during a rotation).
    struct Delivery: Sendable {
        let request: LoopbackReceiver.Request
        let secrets: [String]
    }

    /// One case: the delivery it starts from, what the library is given, and whether it must accept.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var duringRotation = false
        let accepted: Bool
        let make: @Sendable (Delivery) -> (headers: [String], body: Data, secret: String)
        var testDescription: String { name }
    }

    static func headers(_ delivery: Delivery, id: String? = nil) -> [String] {
        let headers = delivery.request.headers
        return [id ?? headers["webhook-id"] ?? "", headers["webhook-timestamp"] ?? "", headers["webhook-signature"] ?? ""]
    }

    static let cases: [Case] = [
        Case(name: "the genuine delivery", accepted: true) { (headers($0), $0.request.body, $0.secrets[0]) },
        Case(name: "a tampered body", accepted: false) { (headers($0), $0.request.body + Data(" ".utf8), $0.secrets[0]) },
        Case(name: "another webhook-id", accepted: false) {
            (headers($0, id: UUID().uuidString.lowercased()), $0.request.body, $0.secrets[0])
        },
        Case(name: "another secret", accepted: false) {
            (headers($0), $0.request.body, WebhookSecret.generate().text)
        },
        Case(name: "during a rotation, a receiver holding the new secret", duringRotation: true, accepted: true) {
            (headers($0), $0.request.body, $0.secrets[0])
        },
        Case(name: "during a rotation, a receiver still holding the old secret", duringRotation: true, accepted: true) {
            (headers($0), $0.request.body, $0.secrets[1])
        },
        Case(name: "during a rotation, a tampered body", duringRotation: true, accepted: false) {
            (headers($0), $0.request.body.dropLast() + Data("}}".utf8), $0.secrets[0])
        },
    ]

    @Test("standardwebhooks, svix and the Node, Go and Ruby examples accept or refuse as the case says", arguments: cases)
    func verifiersAgree(with example: Case) throws {
        let delivery = try (example.duringRotation ? Self.rotationDelivery : Self.delivery).get()
        let (headers, body, secret) = example.make(delivery)
        let bodyFile = FileManager.default.temporaryDirectory.appending(path: "baton-stdwh-\(UUID().uuidString)")
        try body.write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        for verifier in try Self.verifiers.get() {
            guard let command = verifier.command else {
                Self.reportMissing("Standard Webhooks \(verifier.name): \(verifier.missing)")
                continue
            }
            let outcome = try VerificationExamplesTests.run(command + headers, environment: ["WEBHOOK_SECRET": secret], stdin: bodyFile)
            #expect(outcome.status == (example.accepted ? 0 : 1), "\(verifier.name): \(outcome.output)")
        }
    }

    @Test("a delivery carries the event id as webhook-id, a current timestamp, one v1 signature, and no Baton-Signature")
    func deliveryHeaders() throws {
        let delivery = try Self.delivery.get()
        let headers = delivery.request.headers
        let event = try #require(WebhookJSON(delivery.request.body))
        #expect(headers["webhook-id"] == event.string("id") && headers["idempotency-key"] == event.string("id"))
        let timestamp = try #require(headers["webhook-timestamp"].flatMap(Int.init))
        #expect(abs(timestamp - Int(Date().timeIntervalSince1970)) < 60)
        #expect(headers["webhook-signature"]?.hasPrefix("v1,") == true && headers["webhook-signature"]?.contains(" ") == false)
        #expect(headers["baton-signature"] == nil)
        let rotation = try Self.rotationDelivery.get().request.headers["webhook-signature"] ?? ""
        #expect(rotation.split(separator: " ").count == 2 && rotation.split(separator: " ").allSatisfy { $0.hasPrefix("v1,") })
    }

    static let script = VerificationExamplesTests.examples.appending(path: "standard-webhooks/verify.py")

    /// Both libraries through the pinned virtual environment, then the examples.
    static let verifiers = Result { () throws -> [VerificationExamplesTests.Verifier] in
        let python = try Self.python.get()
        let libraries = Self.libraries.map { library in
            VerificationExamplesTests.Verifier(
                name: library, command: python.map { [$0, script.path, library] }, missing: "the pinned virtual environment")
        }
        return libraries + [
            VerificationExamplesTests.interpreted("node", "node", "standard-webhooks/verify.js"),
            VerificationExamplesTests.interpreted("ruby", "ruby", "standard-webhooks/verify.rb"),
            try VerificationExamplesTests.compiledGo("go-standard-webhooks", "standard-webhooks/verify.go"),
        ]
    }

    /// Fails the test when `CI=true` (scripts/setup installs every tool), and says so loudly otherwise.
    static func reportMissing(_ message: String) {
        let line = "SKIPPED \(message); run scripts/setup"
        if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("\(line) (CI=true: missing verifiers fail)") }
        FileHandle.standardError.write(Data("\n*** \(line) ***\n\n".utf8))
    }

    /// The delivery of a worker to a standard_webhooks endpoint with one secret.
    static let delivery = Result { () throws -> Delivery in
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        let (_, secret) = try db.addWebhookEndpoint(url: receiver.url.absoluteString, signatureScheme: .standardWebhooks)
        return Delivery(request: try VerificationExamplesTests.deliverOne(db, to: receiver), secrets: [secret.text])
    }

    /// The same, to an endpoint whose secret was rotated with an hour of overlap.
    static let rotationDelivery = Result { () throws -> Delivery in
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        let (endpoint, old) = try db.addWebhookEndpoint(url: receiver.url.absoluteString, signatureScheme: .standardWebhooks)
        let (_, new) = try WebhookEndpointStore(secret: TestSecrets.secretKey).rotateSecret(
            id: endpoint.id, previousExpiresIn: 3600, on: db.connection)
        return Delivery(request: try VerificationExamplesTests.deliverOne(db, to: receiver), secrets: [new.text, old.text])
    }

    /// The virtual environment's python with the pinned libraries, installed
    /// on first use; nil (reported) when they can't be installed outside CI.
    static let python = Result { () throws -> String? in
        let root = VerificationExamplesTests.root
        let environment = ProcessInfo.processInfo.environment
        let venv = environment["BATON_WEBHOOKS_VENV"].map { URL(fileURLWithPath: $0) } ?? root.appending(path: ".venv-webhooks")
        let python = venv.appending(path: "bin/python").path
        let requirements = script.deletingLastPathComponent().appending(path: "requirements.txt").path
        let check = [python, "-c", "import standardwebhooks, svix"]
        if FileManager.default.isExecutableFile(atPath: python), try VerificationExamplesTests.run(check, environment: [:]).status == 0 {
            return python
        }
        var failure = "python3 not found"
        if let system = toolPath("python3") {
            let made = try VerificationExamplesTests.run([system, "-m", "venv", venv.path], environment: [:])
            let installed = try VerificationExamplesTests.run(
                [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements], environment: [:])
            if made.status == 0, installed.status == 0 { return python }
            failure = made.output + installed.output
        }
        reportMissing("Standard Webhooks libraries: \(failure)")
        return nil
    }
}
