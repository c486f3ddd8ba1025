import BatonClient
import BatonLinks
import Foundation

extension FlowSetup {
    /// `run`: the backend creates an invite, the clip opens its link (or its
    /// code with `--typed`), and the app launches twice: the first launch
    /// redeems, the second finds nothing.
    func runWholeFlow() async throws {
        let draft = NewInvite(
            familyId: "demo", familyName: arguments.value("family-name") ?? "The Demo family", inviterName: "Ann", ttlSeconds: 3600)
        let client = BatonClient(baseURL: try arguments.server())
        let apiKey = try apiKey()
        let invite: CreatedInvite
        do throws(BatonError) {
            invite = try await client.createInvite(draft, apiKey: apiKey)
        } catch {
            throw FlowError.baton(error)
        }
        print(
            "backend: created invite \(Finding.quoted(invite.id)): link \(Finding.quoted(invite.link)), code \(Finding.quoted(invite.code))"
        )
        let clipGroup = arguments.value("clip-app-group")
        if arguments.flag("typed") {
            try await runClip(appGroup: clipGroup, code: invite.code)
        } else {
            try await runClip(appGroup: clipGroup, url: invite.link)
        }
        try await runApp()
        try await runApp()
    }

    private func apiKey() throws -> String {
        if let key = arguments.value("api-key") ?? ProcessInfo.processInfo.environment["BATON_API_KEY"] { return key }
        guard let saved = try? String(contentsOfFile: ".baton/admin.key", encoding: .utf8) else {
            throw UsageError("run needs the backend's API key: --api-key KEY, BATON_API_KEY or .baton/admin.key")
        }
        return saved.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
