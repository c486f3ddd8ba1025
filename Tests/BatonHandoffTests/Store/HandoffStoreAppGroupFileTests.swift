import BatonHandoff
import Foundation
import Testing

@Suite("the App Group file store", .timeLimit(.minutes(10)))
struct HandoffStoreAppGroupFileTests {
    let factory = GoldenVectorFactory()
    let decoder = HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now))

    static func containers() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "group-containers-\(UUID().uuidString)")
    }

    @Test(
        "group. identifiers and macOS team-prefixed ones are App Group identifiers",
        arguments: ["group.com.example.family", "group.com.Example-Family.2", "ABCDE12345.com.example.family", "9Z8Y7X6W5V.family"])
    func acceptedIdentifiers(_ identifier: String) {
        #expect(HandoffStore.isAppGroupIdentifier(identifier))
    }

    @Test(
        "anything else is refused: no prefix, a short or lowercase team id, an empty name, path characters, non-ASCII",
        arguments: [
            "", "group.", "com.example.family", "ABCDE1234.family", "abcde12345.family", "ABCDE12345.", "group..hidden",
            "group.com/example", "group.com example", "group.com.exämple", "group.../etc", String(repeating: "a", count: 250) + ".x",
            "group." + String(repeating: "a", count: 250),
        ])
    func refusedIdentifiers(_ identifier: String) {
        #expect(!HandoffStore.isAppGroupIdentifier(identifier))
    }

    @Test("the clip's store and the app's store of one group share the handoff; take() gives it once")
    func clipAndAppShareOneFile() throws {
        let root = Self.containers()
        defer { try? FileManager.default.removeItem(at: root) }
        let clip = try HandoffStore.appGroupFile("ABCDE12345.com.example.family", in: root, decoder: decoder)
        let envelope = factory.mintInvite()
        try clip.write(envelope)
        let app = try HandoffStore.appGroupFile("ABCDE12345.com.example.family", in: root, decoder: decoder)
        #expect(try app.take()?.raw == envelope)
        #expect(try clip.read() == nil)
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "ABCDE12345.com.example.family").path))
    }

    @Test("two spellings of a group are two containers, as on a device")
    func caseMatters() throws {
        let root = Self.containers()
        defer { try? FileManager.default.removeItem(at: root) }
        try HandoffStore.appGroupFile("group.com.example.family", in: root, decoder: decoder).write(factory.mintInvite())
        #expect(try HandoffStore.appGroupFile("group.com.example.Family", in: root, decoder: decoder).read() == nil)
    }

    @Test("a malformed identifier or file name is handoff_storage_failed and creates nothing")
    func refusalsCreateNothing() throws {
        let root = Self.containers()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: HandoffError.self) { try HandoffStore.appGroupFile("../outside", in: root) }
        #expect(throws: HandoffError.self) { try HandoffStore.appGroupFile("group.com.example", in: root, fileName: "../escape") }
        #expect(!FileManager.default.fileExists(atPath: root.path))
        let error = #expect(throws: HandoffError.self) { try HandoffStore.appGroupFile("com.example.family", in: root) }
        #expect(error?.code == "handoff_storage_failed")
    }

    #if !canImport(Darwin)
    @Test("without Apple's App Group containers, appGroupFile names the directory variant instead of guessing a path")
    func noContainersOffApplePlatforms() {
        #expect(
            throws: HandoffError.storageFailed(reason: "App Group containers exist only on Apple platforms; name a directory of containers")
        ) {
            try HandoffStore.appGroupFile("group.com.example.family")
        }
    }
    #endif
}
