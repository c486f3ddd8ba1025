import BatonClient
import BatonHandoff
import BatonLinks
import BatonTestSupport
import BatonWorker
import Foundation

@testable import HandoffFlow

/// A whole deployment for the example's flow: Baton's API on loopback and
/// its worker over a fresh database, a backend's webhook receiver, and an
/// App Group container directory — what `baton dev` plus a device give.
final class FlowHarness {
    static let appGroup = "group.com.example.family"
    static let jwtSecretHex = TestSecrets.otherHex
    static let webhookSecret = "whsec-handoff-flow-end-to-end-0123456789"

    let receiver: WebhookReceiver
    let baton: TestApp
    let worker: Worker
    let groupContainers: URL

    init(_ label: String = #fileID) throws {
        receiver = try WebhookReceiver(secret: Array(Self.webhookSecret.utf8))
        baton = try TestApp(
            environment: [
                "BATON_REDEEMER_JWT_SECRET": Self.jwtSecretHex, "BATON_RATE_LIMITS": "off",
                "BATON_WEBHOOK_URL": receiver.url, "BATON_WEBHOOK_SECRET": Self.webhookSecret,
            ], label)
        worker = Worker.standard(baton.app.configuration)
        worker.start()
        groupContainers = FileManager.default.temporaryDirectory.appending(path: "handoff-flow-\(UUID().uuidString)")
    }

    deinit {
        worker.stop()
        try? FileManager.default.removeItem(at: groupContainers)
    }

    /// A client for this Baton (or for `port`, to play a dead server).
    func client(port: UInt16? = nil) -> BatonClient {
        BatonClient(baseURL: URL(string: "http://127.0.0.1:\(port ?? baton.port)")!, timeout: 5)
    }

    /// The App Group container spelled `appGroup`.
    func container(_ appGroup: String = appGroup) throws -> AppGroupContainer {
        try AppGroupContainer(identifier: appGroup, root: groupContainers)
    }

    /// The clip as it ships: the test's invite host and clip bundle id compiled in.
    func clip(appGroup: String = appGroup, client: BatonClient? = nil) throws -> ClipLaunch {
        let limits = InvocationLimits(allowedHosts: [TestApp.publicHost], clipBundleIDs: ["com.example.family.Clip"])
        return ClipLaunch(limits: limits, client: client ?? self.client(), store: try container(appGroup).handoffStore())
    }

    /// The full app.
    func app(appGroup: String = appGroup) throws -> AppLaunch {
        AppLaunch(client: client(), container: try container(appGroup))
    }

    /// What the backend hands the app after sign-in.
    func redeemerToken(_ subject: String = "person-7") throws -> String {
        try RedeemerJWT(secretText: Self.jwtSecretHex).mint(subject: subject)
    }

    /// An invite created the way a backend does it, through `POST /v1/invites`.
    func createInvite(familyID: String = "fam-\(UUID().uuidString)") async throws -> CreatedInvite {
        try await client().createInvite(
            NewInvite(familyId: familyID, familyName: "The Okafor family", inviterName: "Ada", ttlSeconds: 3600), apiKey: baton.adminKey)
    }

    /// Whether the App Group store is empty.
    func storeIsEmpty(_ appGroup: String = appGroup) throws -> Bool {
        try container(appGroup).handoffStore().read() == nil
    }
}
