import BatonCore
import BatonServer
import Foundation
import JobQueue
import SafeText

/// What the `baton webhooks` commands share: the database, ids, and JSON
/// the way the API writes it (secrets only where the API shows them).
private enum Webhooks {
    /// The usage error of an ENDPOINT_ID argument that is not a UUID.
    static let badEndpointID = "ENDPOINT_ID must be a UUID"

    /// Prints a just-made `secret`: the endpoint with it as JSON, or the
    /// secret alone on standard output and `notice` on standard error.
    static func show(_ endpoint: WebhookEndpoint, _ secret: WebhookSecret, notice: String, _ arguments: ParsedArguments, console: Console)
        throws
    {
        if arguments.flag("json") {
            console.json(try Console.apiJSON(WebhookEndpointBody(endpoint: endpoint, secret: secret)))
        } else {
            console.out(secret.text)
            console.err("Save this secret now: it can't be shown again. " + notice)
        }
    }

    /// The columns of ``row(_:)``.
    static let header = ["ID", "URL", "EVENTS", "STATE", "SCHEME", "MANAGED BY"]

    static func row(_ endpoint: WebhookEndpoint) -> [String] {
        [
            endpoint.id.uuidString.lowercased(), SafeText.escaped(endpoint.url), endpoint.enabledEvents.joined(separator: ","),
            endpoint.disabled
                ? "disabled (\(endpoint.disabledReason ?? "-"))"
                : endpoint.failingSince.map { "failing since \($0.formatted(.iso8601))" } ?? "enabled",
            endpoint.signatureScheme.rawValue, endpoint.managedByConfig ? "config" : "api",
        ]
    }

    /// The `--signature-scheme` option of `create` and `update`.
    static let schemeOption = CommandSpec.Option.value(
        "signature-scheme", "SCHEME",
        "How deliveries are signed: \(WebhookSignatureScheme.choices) (docs/webhooks.md, \"Signature schemes\"); baton when not given.")

}

/// `baton webhooks list`: every endpoint, never a secret.
enum WebhooksListCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks list", summary: "List webhook endpoints (url, filter, state); never their secrets.",
        options: [.flag("json", "Print the endpoints as the API writes them.")], examples: ["baton webhooks list --json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let endpoints = try ConfiguredDatabase.open { configuration, connection in
            var all: [WebhookEndpoint] = []
            var after: UUID?
            repeat {
                let page = try WebhookEndpointStore(secret: configuration.secretKey).list(after: after, limit: 100, on: connection)
                all += page.endpoints
                after = page.next
            } while after != nil
            return all
        }
        try console.result(
            arguments, json: { try endpoints.map { try Console.apiJSON(WebhookEndpointBody(endpoint: $0)) } },
            table: Webhooks.header
        ) { endpoints.map(Webhooks.row) }
        return .success
    }
}

/// `baton webhooks create`: a new endpoint; its secret is printed once.
enum WebhooksCreateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks create", summary: "Create a webhook endpoint; its signing secret is printed once.",
        options: [
            .value(
                "url", "URL",
                "Where to POST: https://, or http:// to a loopback host; a public address unless BATON_WEBHOOK_ALLOWED_NETWORKS allows its network."
            ),
            .value("description", "TEXT", "What it is for (at most 500 characters)."),
            .value(
                "event", "TYPE", "An event type to send (\(WebhookEndpoint.knownEventTypes.joined(separator: ", "))); all when none.",
                repeats: true),
            .flag("disabled", "Create it disabled."), Webhooks.schemeOption,
            .flag("json", "Print the endpoint with its secret as JSON."),
        ],
        discussion: """
            The secret is stored sealed under BATON_SECRET_KEY: save it now, it can't be shown again
            (baton webhooks rotate makes a new one). Standard output is the secret alone; the notice and
            the endpoint's id go to standard error.
            """,
        examples: ["baton webhooks create --url https://backend.example.com/hooks/baton --event invite.redeemed"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let events = arguments.strings("event")
        let (endpoint, secret) = try ConfiguredDatabase.open { configuration, connection in
            // Checked against the configured destination policy, as the API checks it.
            let new = try NewWebhookEndpoint(
                url: arguments.string("url"), description: arguments.string("description"), enabledEvents: events.isEmpty ? nil : events,
                disabled: arguments.flag("disabled"), signatureScheme: arguments.string("signature-scheme"),
                destinations: configuration.webhookDelivery.destinations)
            return try WebhookEndpointStore(secret: configuration.secretKey).create(new, on: connection)
        }
        try Webhooks.show(
            endpoint, secret, notice: "The endpoint's id is \(endpoint.id.uuidString.lowercased()).", arguments, console: console)
        return .success
    }
}

/// `baton webhooks update`: changes an endpoint's URL, description, filter or signature scheme.
enum WebhooksUpdateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks update", summary: "Change an endpoint's URL, description, event filter or signature scheme.",
        positionals: "ENDPOINT_ID", positionalCount: 1...1,
        options: [
            .value("url", "URL", "A new URL, checked as create checks it."),
            .value("description", "TEXT", "A new description (at most 500 characters)."),
            .value("event", "TYPE", "The event types to send from now on, replacing the filter (* for all).", repeats: true),
            Webhooks.schemeOption, .flag("json", "Print the endpoint as the API writes it."),
        ],
        discussion: "Options left out keep their value; the endpoint managed by BATON_WEBHOOK_URL can't be changed here.",
        examples: ["baton webhooks update 0d9c… --signature-scheme standard_webhooks"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, Webhooks.badEndpointID)
        let events = arguments.strings("event")
        let endpoint = try ConfiguredDatabase.open { configuration, connection in
            let change = try WebhookEndpointChange(
                url: arguments.string("url"), description: arguments.string("description"), enabledEvents: events.isEmpty ? nil : events,
                signatureScheme: arguments.string("signature-scheme"), destinations: configuration.webhookDelivery.destinations)
            return try WebhookEndpointStore(secret: configuration.secretKey).update(id: id, change, on: connection)
        }
        try console.result(arguments, json: { try Console.apiJSON(WebhookEndpointBody(endpoint: endpoint)) }, table: Webhooks.header) {
            [Webhooks.row(endpoint)]
        }
        return .success
    }
}

/// `baton webhooks rotate`: a new secret, the old one signing beside it for a while.
enum WebhooksRotateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks rotate", summary: "Give an endpoint a new signing secret, printed once; the old one signs beside it for a while.",
        positionals: "ENDPOINT_ID", positionalCount: 1...1,
        options: [
            .value("overlap", "SECONDS", "How long the old secret keeps signing (0-604800, default 86400)."),
            .flag("json", "Print the endpoint with its new secret as JSON."),
        ],
        examples: ["baton webhooks rotate 0d9c… --overlap 3600"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, Webhooks.badEndpointID)
        let overlap = try arguments.int("overlap", in: WebhookEndpointStore.previousSecretLifetime) ?? 86_400
        let (endpoint, secret) = try ConfiguredDatabase.open { configuration, connection in
            try WebhookEndpointStore(secret: configuration.secretKey).rotateSecret(id: id, previousExpiresIn: overlap, on: connection)
        }
        try Webhooks.show(endpoint, secret, notice: "The previous one signs for \(overlap) more second(s).", arguments, console: console)
        return .success
    }
}

/// `baton webhooks test`: a `webhook.test` event to one endpoint.
enum WebhooksTestCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks test", summary: "Send a webhook.test event to one endpoint.", positionals: "ENDPOINT_ID", positionalCount: 1...1,
        options: [.flag("json", "Print {\"event_id\"} as JSON.")], examples: ["baton webhooks test 0d9c…"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, Webhooks.badEndpointID)
        let eventID = try ConfiguredDatabase.open { configuration, connection in
            let event = try OutboxEvents.recordTest(endpointID: id, maxAttempts: configuration.webhookDelivery.maxAttempts, on: connection)
            try JobQueue.wake(on: connection)
            return event
        }
        guard let eventID else { throw WebhookEndpointError.notFound }
        let text = eventID.uuidString.lowercased()
        console.result(arguments, json: { ["event_id": text] }, line: { "queued webhook.test event \(text)" })
        return .success
    }
}

/// `baton webhooks deliveries`: an endpoint's delivery log, newest first.
enum WebhooksDeliveriesCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks deliveries", summary: "Show an endpoint's delivery attempts, newest first.",
        positionals: "ENDPOINT_ID", positionalCount: 1...1,
        options: [
            .value("status", "STATUS", "Only succeeded, failed (finished without a 2xx) or interrupted (no outcome) attempts."),
            .value("limit", "N", "Attempts to show (1-100, default 20)."),
            .flag("json", "Print the attempts as the API writes them."),
        ],
        examples: ["baton webhooks deliveries 0d9c… --status failed"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, Webhooks.badEndpointID)
        var filter: WebhookDeliveryLog.Filter?
        if let text = arguments.string("status") {
            guard let parsed = WebhookDeliveryLog.Filter(rawValue: text) else {
                throw UsageError("--status must be \(WebhookDeliveryLog.Filter.choices)")
            }
            filter = parsed
        }
        let limit = try arguments.int("limit", in: WebhookDeliveryLog.limitRange) ?? 20
        let page = try ConfiguredDatabase.open { configuration, connection in
            _ = try WebhookEndpointStore(secret: configuration.secretKey).endpoint(id: id, on: connection)
            return try WebhookDeliveryLog.page(endpointID: id, filter: filter, after: nil, limit: limit, on: connection)
        }
        let bodies = page.attempts.map(DeliveryBody.init)
        try console.result(
            arguments, json: { try bodies.map(Console.apiJSON) },
            table: ["ATTEMPTED", "EVENT", "#", "STATUS", "HTTP", "MS", "ERROR / ANSWER"]
        ) {
            zip(page.attempts, bodies).map { attempt, body in
                [
                    attempt.attemptedAt.formatted(.iso8601), attempt.eventID.uuidString.lowercased(), String(attempt.attempt),
                    attempt.status.rawValue, attempt.httpStatus.map(String.init) ?? "-",
                    attempt.durationMilliseconds.map { String(Int($0.rounded())) } ?? "-",
                    SafeText.escaped(attempt.error ?? "") + String(body.responseBody.prefix(60)),
                ]
            }
        }
        return .success
    }
}

/// `baton webhooks redeliver`: an event again, same id and body.
enum WebhooksRedeliverCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks redeliver", summary: "Deliver an event again (same id and body) to its endpoints, or to one.",
        positionals: "EVENT_ID", positionalCount: 1...1,
        options: [
            .value("endpoint", "ENDPOINT_ID", "Only to this endpoint, whatever its filter."),
            .flag("json", "Print {\"event_id\", \"deliveries\"} as JSON."),
        ],
        examples: ["baton webhooks redeliver 5f1e… --endpoint 0d9c…"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let eventID = try arguments.uuid(positional: 0, "EVENT_ID must be a UUID")
        let endpointID = try arguments.uuid(option: "endpoint", "--endpoint must be a UUID")
        let jobs = try ConfiguredDatabase.open { configuration, connection in
            let jobs = try connection.transaction { connection in
                if let endpointID { _ = try WebhookEndpointStore(secret: configuration.secretKey).endpoint(id: endpointID, on: connection) }
                return try OutboxEvents.redeliver(
                    eventID: eventID, endpointID: endpointID, maxAttempts: configuration.webhookDelivery.maxAttempts, on: connection)
            }
            // Committed: wake listening workers now rather than at their next poll.
            if let jobs, jobs > 0 { try JobQueue.wake(on: connection) }
            return jobs
        }
        guard let jobs else { throw WebhookEndpointError.eventNotFound }
        console.result(
            arguments, json: { ["event_id": eventID.uuidString.lowercased(), "deliveries": jobs] },
            line: { "queued \(jobs) deliver\(jobs == 1 ? "y" : "ies") of event \(eventID.uuidString.lowercased())" })
        return .success
    }
}
