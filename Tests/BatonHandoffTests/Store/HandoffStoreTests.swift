import BatonHandoff
import Foundation
import Testing

/// One backend: `make` picks fresh backing storage and returns a way to open
/// stores over it (as the clip and the app each do) and to remove its traces.
struct StoreBackend: Sendable, CustomTestStringConvertible {
    typealias Opener = @Sendable (HandoffDecoder) throws -> HandoffStore
    let name: String
    let make: @Sendable () -> (open: Opener, cleanUp: @Sendable () -> Void)

    var testDescription: String { name }

    static let file = StoreBackend(name: "file in the group container") {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(UUID().uuidString)")
        return ({ HandoffStore.file(at: url, decoder: $0) }, { try? FileManager.default.removeItem(at: url) })
    }

    static let userDefaults = StoreBackend(name: "App Group UserDefaults suite") {
        let suite = "group.test.baton.\(UUID().uuidString)"
        return ({ try HandoffStore.appGroup(suite, decoder: $0) }, { UserDefaults.standard.removePersistentDomain(forName: suite) })
    }

    static let all = [file, userDefaults]
}

@Suite("handoff store in the App Group", .timeLimit(.minutes(10)))
struct HandoffStoreTests {
    let factory = GoldenVectorFactory()
    let decoder = HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now))

    @Test("the app reads nothing before the clip wrote, then the clip's envelope verbatim", arguments: StoreBackend.all)
    func readReturnsWhatWasWritten(_ backend: StoreBackend) throws {
        let (open, cleanUp) = backend.make()
        defer { cleanUp() }
        let store = try open(decoder)
        #expect(try store.read() == nil)
        let envelope = factory.mintInvite()
        try store.write(envelope)
        #expect(try store.read()?.raw == envelope)
        #expect(try store.read()?.raw == envelope)
    }

    @Test("take() returns the handoff once and then nothing", arguments: StoreBackend.all)
    func takeConsumesOnce(_ backend: StoreBackend) throws {
        let (open, cleanUp) = backend.make()
        defer { cleanUp() }
        let store = try open(decoder)
        try store.write(factory.mintInvite())
        guard case .current(let envelope)? = try store.take() else {
            Issue.record("expected a decoded handoff")
            return
        }
        #expect(envelope.payload == GoldenVectorFactory.invite)
        #expect(envelope.authenticity == .unverified)
        #expect(try store.take() == nil)
        #expect(try store.read() == nil)
    }

    @Test("of 32 readers racing take() in one process, exactly one gets the handoff", arguments: StoreBackend.all)
    func racingTakesYieldOne(_ backend: StoreBackend) throws {
        for _ in 0..<20 {
            let (open, cleanUp) = backend.make()
            defer { cleanUp() }
            let store = try open(decoder)
            try store.write(factory.mintInvite())
            let winners = Winners()
            DispatchQueue.concurrentPerform(iterations: 32) { _ in
                if (try? store.take()) != nil { winners.add() }
            }
            #expect(winners.count == 1)
        }
    }

    @Test("an invalid envelope is refused with the decoder's error and nothing is stored", arguments: StoreBackend.all)
    func writeRefusesInvalidEnvelopes(_ backend: StoreBackend) throws {
        let (open, cleanUp) = backend.make()
        defer { cleanUp() }
        let store = try open(decoder)
        #expect(throws: HandoffError.tooLarge(size: 70_000, limit: 65_536)) { try store.write(String(repeating: "A", count: 70_000)) }
        #expect(throws: HandoffError.self) { try store.write(factory.mintInvite() + "\u{202E}") }
        #expect(try store.read() == nil)
    }

    @Test("a stored envelope that has since expired is refused by take() and removed", arguments: StoreBackend.all)
    func expiredEnvelopeIsRemovedByTake(_ backend: StoreBackend) throws {
        let (open, cleanUp) = backend.make()
        defer { cleanUp() }
        try open(decoder).write(factory.mintInvite(issuedAt: TestKeys.now - 60, expiresAt: TestKeys.now + 60))
        let dayLater = try open(HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now + 86_400)))
        #expect(throws: HandoffError.expired(expiresAt: TestKeys.now + 60)) { try dayLater.take() }
        #expect(try open(decoder).read() == nil)
    }

    @Test("two stores over the same backing storage share one handoff", arguments: StoreBackend.all)
    func storesShareStorage(_ backend: StoreBackend) throws {
        let (open, cleanUp) = backend.make()
        defer { cleanUp() }
        let clip = try open(decoder)
        let app = try open(decoder)
        try clip.write(factory.mintInvite())
        #expect(try app.take()?.raw == factory.mintInvite())
        #expect(try clip.read() == nil)
    }

    @Test("a file grown past the limit is refused without being read whole")
    func oversizedFileIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "A"), count: 1_000_000).write(to: url)
        #expect(throws: HandoffError.tooLarge(size: 65_537, limit: 65_536)) { try HandoffStore.file(at: url).read() }
    }

    @Test("an App Group identifier without the group. prefix is refused instead of opening a private suite")
    func appGroupIdentifierIsChecked() {
        #expect(throws: HandoffError.self) { try HandoffStore.appGroup("com.example.app") }
    }
}

/// Counts winners across threads.
final class Winners: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
