import BatonCore
import BatonJSON
import Foundation
import Postgres

/// `baton invites get ID`: one invite with its redemptions.
enum InvitesGetCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "invites get",
        summary: "Show one invite and its redemptions (never its code or token).",
        positionals: "ID",
        positionalCount: 1...1,
        options: [.flag("json", "Print the invite as JSON.")],
        examples: ["baton invites get 5f0c3a2e-8d1b-4c6e-9a57-0e2b8f4d1c3a"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, InvitesDatabase.badID)
        let detail = try InvitesDatabase.open { store, _, connection in try store.detail(id: id, on: connection) }
        InvitesDatabase.print(detail.invite, redemptions: detail.redemptions, arguments: arguments, console: console)
        return .success
    }
}

/// `baton invites update ID …`: `PATCH /v1/invites/{id}` on the configured database.
enum InvitesUpdateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "invites update",
        summary: "Change an active invite's expiry, maximum, metadata or names.",
        positionals: "ID",
        positionalCount: 1...1,
        options: [
            .value("ttl-seconds", "N", "Expire N seconds from now (1-31536000)."),
            .value("expires-at", "TIME", "Expire at TIME (RFC 3339), in the future; not with --ttl-seconds."),
            .value("max-redemptions", "N", "Allow N redemptions in all (1-10000, not below those so far)."),
            .value("metadata", "JSON", "Replace the metadata with the JSON object JSON."),
            .value("family-name", "NAME", "Set the family's display name."),
            .value("inviter-name", "NAME", "Set the inviter's display name."),
            .flag("no-inviter-name", "Remove the inviter's display name."),
            .flag("json", "Print the invite as JSON."),
        ],
        discussion: "Exit code 2 when the invite is not active or the change is refused, with the API's error code.",
        examples: ["baton invites update 5f0c3a2e-8d1b-4c6e-9a57-0e2b8f4d1c3a --ttl-seconds 1209600 --max-redemptions 4"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, InvitesDatabase.badID)
        if arguments.flag("no-inviter-name"), arguments.string("inviter-name") != nil {
            throw UsageError("give --inviter-name or --no-inviter-name, not both")
        }
        let metadata = try arguments.value("metadata", expected: "a JSON object") { text in
            try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
        let inviterName: String?? = arguments.flag("no-inviter-name") ? .some(nil) : arguments.string("inviter-name").map { $0 }
        let draft = InviteChangeDraft(
            ttlSeconds: try arguments.int("ttl-seconds", in: Int.min...Int.max), expiresAt: arguments.string("expires-at"),
            maxRedemptions: try arguments.int("max-redemptions", in: Int.min...Int.max), metadata: metadata,
            familyName: arguments.string("family-name"), inviterName: inviterName)
        let change = try InviteChange(draft)
        let detail = try InvitesDatabase.open { store, _, connection in
            try connection.transaction { connection in
                _ = try store.update(id: id, change, on: connection)
                return try store.detail(id: id, on: connection)
            }
        }
        InvitesDatabase.print(detail.invite, redemptions: detail.redemptions, arguments: arguments, console: console)
        return .success
    }
}

/// `baton invites reissue ID`: new credentials for the same invite.
enum InvitesReissueCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "invites reissue",
        summary: "Give an active invite a new code and token; the old ones stop working. Shown once.",
        positionals: "ID",
        positionalCount: 1...1,
        options: [.flag("json", "Print the invite and its new credentials as JSON.")],
        examples: ["baton invites reissue 5f0c3a2e-8d1b-4c6e-9a57-0e2b8f4d1c3a"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, InvitesDatabase.badID)
        let (created, host) = try InvitesDatabase.open { store, configuration, connection in
            (try connection.transaction { try store.reissue(id: id, on: $0) }, configuration.links.publicHost)
        }
        let credentials = [
            "code": created.code.displayText, "token": created.token.text, "link": host.map(created.token.inviteLink(host:)) ?? "",
        ]
        console.result(
            arguments, json: { InvitesDatabase.dictionary(created.invite).merging(credentials) { $1 } },
            table: ["ID", "CODE", "TOKEN", "LINK"]
        ) {
            [[id.uuidString.lowercased(), credentials["code"]!, credentials["token"]!, credentials["link"]!]]
        }
        return .success
    }
}

/// `baton invites events ID`: the invite's timeline, oldest first.
enum InvitesEventsCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "invites events",
        summary: "Show an invite's timeline: created, previewed, updated, reissued, redeemed, expired, revoked.",
        positionals: "ID",
        positionalCount: 1...1,
        options: [
            .value("limit", "N", "At most N events (1-1000, default 1000)."),
            .flag("json", "Print the events as JSON."),
        ],
        examples: ["baton invites events 5f0c3a2e-8d1b-4c6e-9a57-0e2b8f4d1c3a --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let id = try arguments.uuid(positional: 0, InvitesDatabase.badID)
        let limit = try arguments.int("limit", in: InviteTimeline.limitRange) ?? InviteTimeline.limitRange.upperBound
        let timeline = try InvitesDatabase.open { store, _, connection in
            try store.timeline(id: id, after: nil, limit: limit, on: connection)
        }
        console.result(
            arguments,
            json: {
                timeline.events.map { event in
                    [
                        "id": event.id.uuidString.lowercased(), "type": event.type, "occurred_at": event.occurredAt.formatted(.iso8601),
                        "channel": event.channel ?? NSNull(),
                        "data": (try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) ?? [String: Any](),
                    ] as [String: Any]
                }
            }, table: ["OCCURRED", "TYPE", "CHANNEL", "DATA"]
        ) {
            timeline.events.map { [$0.occurredAt.formatted(.iso8601), $0.type, $0.channel ?? "", String($0.data.prefix(100))] }
        }
        return .success
    }
}

/// What the `invites` commands share: the configured store and the output.
enum InvitesDatabase {
    /// Runs `body` with an `InviteStore` of the configuration on its database.
    static func open<T>(_ body: (InviteStore, BatonConfiguration, PostgresConnection) throws -> T) throws -> T {
        try ConfiguredDatabase.open { configuration, connection in
            let store = InviteStore(
                secret: configuration.secretKey, codeLength: configuration.links.codeLength,
                webhookMaxAttempts: configuration.webhookDelivery.maxAttempts)
            return try body(store, configuration, connection)
        }
    }

    /// The usage error of an ID argument that is not a UUID.
    static let badID = "ID must be an invite's UUID"

    /// The invite's fields as `GET /v1/invites/{id}` writes them.
    static func dictionary(_ invite: Invite) -> [String: Any] {
        [
            "id": invite.id.uuidString.lowercased(), "family_id": invite.familyID, "family_name": invite.familyName,
            "inviter_id": invite.inviterID ?? NSNull(), "inviter_name": invite.inviterName ?? NSNull(),
            "state": invite.state.rawValue, "max_redemptions": invite.maxRedemptions, "redemption_count": invite.redemptionCount,
            "uses_left": invite.usesLeft, "created_at": invite.createdAt.formatted(.iso8601),
            "expires_at": invite.expiresAt.formatted(.iso8601),
            "metadata": (try? JSONSerialization.jsonObject(with: Data(invite.metadata.utf8))) ?? [String: Any](),
        ]
    }

    /// The invite as JSON (with its redemptions) or as a one-row table.
    static func print(_ invite: Invite, redemptions: [InviteRedemption], arguments: ParsedArguments, console: Console) {
        console.result(
            arguments,
            json: {
                var fields = dictionary(invite)
                fields["redemptions"] = redemptions.map { redemption in
                    [
                        "id": redemption.id.uuidString.lowercased(), "redeemer_id": redemption.redeemerID, "channel": redemption.channel,
                        "redeemed_at": redemption.redeemedAt.formatted(.iso8601),
                    ]
                }
                return fields
            }, table: ["ID", "FAMILY", "STATE", "USES", "EXPIRES"]
        ) {
            [
                [
                    invite.id.uuidString.lowercased(), invite.familyID, invite.state.rawValue,
                    "\(invite.redemptionCount)/\(invite.maxRedemptions)", invite.expiresAt.formatted(.iso8601),
                ]
            ]
        }
    }
}
