import Foundation

/// `handoff-flow`: an App Clip and its full app, played on the command line
/// against a running Baton with nothing but `BatonLinks` and `BatonHandoff`.
/// Exit status 0 when the step did what it should, 1 when the flow stopped
/// (the reason on stderr with its code), 2 for a bad command line.
@main
enum HandoffFlowCommand {
    static let usage = """
        usage: handoff-flow clip (--url INVOCATION_URL | --code CODE) [options]
               handoff-flow app [--redeemer ID] [--jwt-secret SECRET] [options]
               handoff-flow run [--api-key KEY] [--typed] [--clip-app-group ID] [options]

        clip   the App Clip: checks the invocation URL (as _XCAppClipURL passes it) or a typed
               code, asks Baton for the preview, shows the family and stores the handoff in the
               App Group. Without --url or --code it behaves as a clip reopened from the App Switcher.
        app    the full app's first launch: takes the handoff (a second launch finds nothing) and
               redeems it with a redeemer JWT minted from the shared secret, as a backend would.
        run    the whole flow against a server: creates an invite as the backend (admin API key),
               then runs the clip with its link (or its code with --typed) and the app twice.

        options (defaults from the BATON_* variables of `baton dev`'s .baton/baton.env):
          --server URL            Baton's API (http:// + BATON_LISTEN, else http://127.0.0.1:8080)
          --public-host HOST      invite link host (host of BATON_PUBLIC_BASE_URL, else baton.example)
          --clip-bundle-id ID     for appclip.apple.com links (BATON_CLIP_BUNDLE_ID, else com.example.family.Clip)
          --code-length N         typed code length (BATON_CODE_LENGTH, else 10)
          --app-group ID          App Group of this side (group. + BATON_APP_BUNDLE_ID, else group.com.example.family)
          --group-containers DIR  where App Group containers live (.baton/group-containers)
          --jwt-secret SECRET     redeemer JWT secret, hex or base64 (BATON_REDEEMER_JWT_SECRET)
          --redeemer ID           the signed-in person the backend vouches for (demo-user)
          --api-key KEY           run: the backend's API key (BATON_API_KEY, else .baton/admin.key)
        """

    static func main() async {
        let status: Int32
        do {
            let arguments = try FlowArguments(Array(CommandLine.arguments.dropFirst()))
            status = try await run(arguments)
        } catch let error as UsageError {
            printError("handoff-flow: \(error.message)\n\n\(usage)")
            status = 2
        } catch let error as FlowError {
            printError("handoff-flow: \(error.code): \(error.message)")
            status = 1
        } catch {
            printError("handoff-flow: unexpected failure")
            status = 1
        }
        exit(status)
    }

    private static func run(_ arguments: FlowArguments) async throws -> Int32 {
        let setup = FlowSetup(arguments: arguments)
        switch arguments.command {
        case "clip":
            try await setup.runClip()
        case "app":
            try await setup.runApp()
        case "run":
            try await setup.runWholeFlow()
        case nil where arguments.flag("help"), "help":
            print(usage)
        default:
            throw UsageError("name a subcommand: clip, app or run")
        }
        return 0
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
