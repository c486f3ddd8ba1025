import BatonCore
import BatonJSON

/// The audit trail (`GET /v1/audit`): what operators did on `/admin`.
extension OpenAPIBuilders {
    /// The audit page's schemas, for `components/schemas`.
    static var auditSchemas: Object {
        [
            "AuditPage": object(
                required: ["entries", "next_cursor"],
                [
                    "entries": array(of: schema("AuditEntry")),
                    "next_cursor": merged(nullable("string"), ["description": "Pass as after; null on the last page"]),
                ]),
            "AuditEntry": object(
                required: ["id", "key_id", "key_public_id", "key_name", "action", "target", "detail", "occurred_at"],
                [
                    "id": merged(string, ["description": "The entry's position; newer entries have higher ones"]),
                    "key_id": merged(uuid, ["description": "The API key that acted"]),
                    "key_public_id": merged(string, ["description": "Its public id, as baton keys list shows it"]),
                    "key_name": string,
                    "action": ["type": "string", "enum": .init(strings: AuditAction.allCases.map(\.rawValue))],
                    "target": merged(string, ["description": "An invite, event or job id, or a key's public id for sessions"]),
                    "detail": ["type": "object", "description": "A few plain values, such as the new expires_at"],
                    "occurred_at": eventTimestamp,
                ],
                description: "One action taken on /admin"),
        ]
    }

    fileprivate static var exampleAuditPage: Object {
        [
            "entries": [
                [
                    "id": "42", "key_id": "0f1e2d3c-4b5a-4968-8776-655443322110", "key_public_id": "a1b2c3d4e5f6", "key_name": "ops",
                    "action": "invite.extended", "target": "9d2e3f4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a",
                    "detail": ["expires_at": "2026-12-08T10:00:00.000Z"], "occurred_at": "2026-12-01T10:00:00.000Z",
                ]
            ],
            "next_cursor": "YXVkaXQ6NDI",
        ]
    }
}

extension OpenAPIOperation {
    /// `GET /v1/audit`.
    static var listAuditEntries: OpenAPIOperation {
        OpenAPIOperation(
            "listAuditEntries", "What operators did on /admin, newest first (keyset pagination)",
            description:
                "One entry per action taken on the admin pages (revoke, extend, reissue, redeliver, job retry and cancel) and per sign-in and sign-out: which API key, what, on which target (an id, never a credential), when. Start without after, then pass next_cursor until it is null.",
            tag: adminTag,
            parameters: [
                query("after", string, description: "next_cursor of a previous page; absent: from the newest entry"),
                query(
                    "limit",
                    [
                        "type": "integer", "minimum": .int(AuditLog.limitRange.lowerBound),
                        "maximum": .int(AuditLog.limitRange.upperBound), "default": .int(AuditLog.defaultLimit),
                    ]),
            ],
            answers: [
                "200": jsonAnswer("One page", schema("AuditPage"), example: exampleAuditPage),
                "400": errorAnswer("A bad cursor or limit (details.field) (invalid_cursor, invalid_parameter)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.unavailable])
    }
}
