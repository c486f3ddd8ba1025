import Foundation

/// Entry point of the `baton` command line: the command tree and dispatch.
public enum BatonCommandLine {
    /// The executable's name, as help texts and messages give it.
    public static let program = "baton"

    /// Every `baton` command, grouped as `baton --help` lists them.
    public static var tree: CommandTree {
        .group(
            name: "",
            summary: "Baton: single-use invite codes and links with an App Clip handoff, on PostgreSQL.",
            children: [
                .command(DevCommand.self),
                .command(ServeCommand.self),
                .command(MigrateCommand.self),
                .command(WorkerCommand.self),
                .group(
                    name: "keys", summary: "Create, list and revoke API keys.",
                    children: [
                        .command(KeysCreateCommand.self), .command(KeysListCommand.self), .command(KeysRevokeCommand.self),
                    ]),
                .group(
                    name: "invites", summary: "Read, change and reissue invites.",
                    children: [
                        .command(InvitesGetCommand.self), .command(InvitesUpdateCommand.self), .command(InvitesReissueCommand.self),
                        .command(InvitesEventsCommand.self),
                    ]),
                .group(
                    name: "families", summary: "Erase a family's personal data.", children: [.command(FamiliesEraseCommand.self)]),
                .group(
                    name: "webhooks", summary: "Manage webhook endpoints, read their delivery logs, redeliver events.",
                    children: [
                        .command(WebhooksListCommand.self), .command(WebhooksCreateCommand.self), .command(WebhooksRotateCommand.self),
                        .command(WebhooksTestCommand.self), .command(WebhooksDeliveriesCommand.self),
                        .command(WebhooksRedeliverCommand.self), .command(WebhooksUpdateCommand.self),
                    ]),
                .group(name: "handoff", summary: "Look inside handoff envelopes.", children: [.command(HandoffInspectCommand.self)]),
                .command(CheckURLCommand.self),
                .command(DoctorCommand.self),
                .command(ClipSizeCommand.self),
                .command(HealthcheckCommand.self),
                .group(
                    name: "jobs", summary: "Inspect, retry and cancel queued jobs.",
                    children: [
                        .command(JobsListCommand.self), .command(JobsRetryCommand.self),
                        .command(JobsCancelCommand.self), .command(JobsStatsCommand.self),
                    ]),
                .group(name: "metrics", summary: "Ask how invites convert.", children: [.command(MetricsFunnelCommand.self)]),
                .group(name: "events", summary: "Read the event feed.", children: [.command(EventsListCommand.self)]),
                .group(
                    name: "config", summary: "Check the BATON_* configuration.",
                    children: [.command(ConfigCheckCommand.self), .command(ConfigReferenceCommand.self)]),
                .command(CompletionCommand.self),
            ]
        )
    }

    /// Runs the command named by `arguments` (without the program name) and
    /// returns its exit code; tests call this with their own console.
    public static func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
        tree.dispatch(arguments, program: program, console: console)
    }

    /// Parses the process arguments, runs the command and exits with its code.
    public static func main() -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }
}
