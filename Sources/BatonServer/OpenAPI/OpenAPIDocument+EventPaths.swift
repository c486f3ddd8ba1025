import BatonCore
import BatonJSON

/// The event feed (`GET /v1/events`) and the events themselves: one schema
/// per event type, shared by the feed's pages and the document's top-level
/// `webhooks` section (what Baton POSTs to an endpoint).
extension OpenAPIBuilders {
    /// The tag of the feed's operation.
    static var eventTag: String { "Events" }

    /// The top-level `webhooks` section: one POST per event type.
    static var webhookOperations: Object {
        .object(
            Dictionary(
                uniqueKeysWithValues: OutboxEvents.EventType.allCases.map { type in
                    let name = eventSchemaName(type)
                    let headers: [String: Object] = [
                        "Baton-Signature": header("t=<unix seconds>,v1=<hex HMAC-SHA256(secret, \"<t>.\" + body)>, one v1 per live secret"),
                        "Baton-Event-Type": header("The event type, as in the body"),
                        "Idempotency-Key": header("The event id: the same on every attempt and redelivery; dedupe on it"),
                    ]
                    let operation: Object = [
                        "operationId": .string(name), "summary": "\(type.rawValue) delivered to an endpoint",
                        "description":
                            "Signed as docs/webhooks.md describes. Answer 2xx within the timeout; anything else is retried with backoff.",
                        "parameters": .array(
                            headers.keys.sorted().map {
                                ["name": .string($0), "in": "header", "required": true, "schema": headers[$0] ?? string]
                            }),
                        "requestBody": ["required": true, "content": ["application/json": ["schema": schema(name)]]],
                        "responses": ["2XX": ["description": "Received; any other answer is retried"]],
                        "security": [],
                    ]
                    return (type.rawValue, ["post": operation])
                }))
    }

    /// The feed's page and every event type's body, for `components/schemas`.
    static var eventSchemas: Object {
        var schemas: Object = [
            "EventPage": object(
                required: ["events", "has_more", "next_cursor"],
                [
                    "events": array(of: ["oneOf": .array(OutboxEvents.EventType.allCases.map { schema(eventSchemaName($0)) })]),
                    "has_more": ["type": "boolean", "description": "More events were ready past this page: read on at once"],
                    "next_cursor": merged(string, ["description": "Pass as after; never null"]),
                ])
        ]
        for type in OutboxEvents.EventType.allCases {
            schemas[member: eventSchemaName(type)] = event(type, data: eventData(type))
        }
        return schemas
    }

    /// The schema name of `type`'s body, such as `InviteRedeemedEvent`.
    static func eventSchemaName(_ type: OutboxEvents.EventType) -> String {
        type.rawValue.split(separator: ".").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Event"
    }

    /// The `data` object of `type`. Receivers must ignore members they do not know: new ones may be added.
    /// An invite's events carry its `source` and `campaign` when it has them (`baton.webhook_body`).
    static func eventData(_ type: OutboxEvents.EventType) -> Object {
        let attribution = merged(attributionLabel, ["description": "The invite's, when it was created with one; absent otherwise"])
        let invite: Object = ["invite_id": uuid, "family_id": string, "source": attribution, "campaign": attribution]
        switch type {
        case .inviteRedeemed:
            return object(
                required: [
                    "invite_id", "family_id", "family_name", "inviter_id", "inviter_name", "metadata", "redemption_id", "redeemer_id",
                    "channel", "uses_left", "redeemed_at",
                ],
                merged(
                    invite,
                    [
                        "family_name": string, "inviter_id": nullable("string"), "inviter_name": nullable("string"),
                        "metadata": ["type": "object", "description": "The invite's metadata as created"],
                        "redemption_id": uuid, "redeemer_id": string, "channel": channel,
                        "uses_left": merged(count, ["description": "Redemptions the invite still allows after this one"]),
                        "redeemed_at": eventTimestamp,
                    ]),
                description: "An invite was redeemed: everything a backend needs to act without reading the invite")
        case .inviteExpired:
            return object(
                required: ["invite_id", "family_id", "expires_at"], merged(invite, ["expires_at": eventTimestamp]),
                description: "The expiry sweep expired an invite that was still live")
        case .inviteRevoked:
            return object(required: ["invite_id", "family_id"], invite, description: "An invite was revoked")
        case .inviteUpdated:
            let change: Object = object(
                required: ["old", "new"], ["old": ["type": ["string", "integer"]], "new": ["type": ["string", "integer"]]])
            return object(
                required: ["invite_id", "family_id", "changed"],
                merged(
                    invite,
                    [
                        "changed": array(of: string), "expires_at": change, "max_redemptions": change,
                    ]),
                description: "An active invite was changed: the changed fields by name; old and new expiry and maximum")
        case .inviteReissued:
            return object(
                required: ["invite_id", "family_id"], invite,
                description: "An invite got a new code and token; the old ones answer invite_reissued")
        case .familyErased:
            return object(
                required: ["family_id", "erased_at", "invites_revoked", "invites_erased", "redemptions_erased"],
                [
                    "family_id": string, "erased_at": eventTimestamp, "invites_revoked": count, "invites_erased": count,
                    "redemptions_erased": count,
                ],
                description: "A family's personal data was erased; counts only")
        case .webhookTest:
            return object(
                required: ["endpoint_id"], ["endpoint_id": uuid], description: "A test sent to one endpoint on request")
        }
    }

    /// An event body: `{"id", "type", "created_at", "data"}`.
    private static func event(_ type: OutboxEvents.EventType, data: Object) -> Object {
        object(
            required: ["id", "type", "created_at", "data"],
            [
                "id": merged(uuid, ["description": "The event id, also the Idempotency-Key header"]),
                "type": ["type": "string", "const": .string(type.rawValue)],
                "created_at": eventTimestamp,
                "data": data,
            ],
            description: "The \(type.rawValue) event, as webhooks carry it and the feed returns it")
    }

    /// The one timestamp form of the API and the webhooks: UTC, milliseconds, `Z`.
    static var eventTimestamp: Object {
        merged(dateTime, ["pattern": #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#])
    }

    /// A webhook event type.
    static var eventType: Object {
        ["type": "string", "enum": .init(strings: OutboxEvents.EventType.allCases.map(\.rawValue))]
    }

    private static func header(_ description: String) -> Object {
        merged(string, ["description": .string(description)])
    }
}

extension OpenAPIOperation {
    /// `GET /v1/events`.
    static var listEvents: OpenAPIOperation {
        OpenAPIOperation(
            "listEvents", "The events the webhooks carry, oldest first after a cursor (keyset pagination)",
            description:
                "Each event is its webhook body byte for byte, the bytes a delivery of it signs. The order is fixed and a cursor never skips an event that commits later: only events of transactions older than the oldest one still running are returned. Start without after, then pass next_cursor; an empty page returns the same cursor to poll with again. Events are kept per BATON_EVENT_RETENTION_DAYS.",
            tag: eventTag,
            parameters: [
                query("after", string, description: "next_cursor of a previous page; absent: from the oldest event kept"),
                query("type", eventType, description: "Only events of this type"),
                query(
                    "limit",
                    [
                        "type": "integer", "minimum": .int(EventFeed.Query.limitRange.lowerBound),
                        "maximum": .int(EventFeed.Query.limitRange.upperBound), "default": .int(EventFeed.Query.defaultLimit),
                    ]),
            ],
            answers: [
                "200": jsonAnswer("One page", schema("EventPage")),
                "400": errorAnswer("A bad cursor, type or limit (details.field) (invalid_cursor, invalid_parameter)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.unavailable])
    }
}
