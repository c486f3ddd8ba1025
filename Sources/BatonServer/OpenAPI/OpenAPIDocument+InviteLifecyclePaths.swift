import BatonJSON

/// The invite lifecycle after creation: change, reissue, timeline
/// (`InviteLifecycleRoutes`), with the schemas only they use.
extension OpenAPIBuilders {
    /// The tag of the lifecycle operations.
    static var lifecycleTag: String { "Invites" }

    /// The lifecycle's entries of `components/schemas`.
    static var inviteLifecycleSchemas: Object {
        [
            "InviteChange": merged(
                requestObject(
                    required: [],
                    [
                        "ttl_seconds": ["type": "integer", "minimum": 1, "maximum": 31_536_000],
                        "expires_at": merged(dateTime, ["description": "In the future, at most 31,536,000 s ahead; not with ttl_seconds"]),
                        "max_redemptions": ["type": "integer", "minimum": 1, "maximum": 10_000],
                        "metadata": ["type": "object", "description": "Replaces the stored metadata; the create's limits"],
                        "family_name": merged(boundedString(1, 100), ["description": "No control or format characters"]),
                        "inviter_name": ["type": ["string", "null"], "minLength": 1, "maxLength": 100, "description": "null removes it"],
                        "locale": merged(
                            nullableInviteLocale, ["description": "A supported BCP 47 tag (else unsupported_locale); null removes it"]),
                    ]),
                ["minProperties": 1]),
            "InviteTimeline": object(
                required: ["events", "next_cursor"],
                [
                    "events": array(
                        of: object(
                            required: ["id", "type", "occurred_at", "channel", "data"],
                            [
                                "id": uuid,
                                "type": [
                                    "type": "string",
                                    "enum": [
                                        "invite.created", "invite.previewed", "invite.updated", "invite.reissued", "invite.redeemed",
                                        "invite.expired", "invite.revoked",
                                    ],
                                ],
                                "occurred_at": dateTime,
                                "channel": merged(
                                    channel,
                                    [
                                        "type": ["string", "null"],
                                        "enum": .array((channel[member: "enum"]?.strings ?? []).map(Object.string) + [.null]),
                                    ]),
                                "data": ["type": "object"],
                            ])),
                    "next_cursor": nullable("string"),
                ]),
        ]
    }
}

extension OpenAPIOperation {
    /// `PATCH /v1/invites/{id}`.
    static var updateInvite: OpenAPIOperation {
        OpenAPIOperation(
            "updateInvite", "Change an active invite",
            description:
                "Each field given replaces the stored one; a field left out stays. ttl_seconds counts from now and expires_at is an instant (one of the two), both judged by the database clock and never in the past: to end an invite now, revoke it. max_redemptions may not fall below the redemptions so far; equal to them, it uses the invite up. metadata is replaced whole. inviter_name null removes the name. Records an invite.updated event naming the changed fields.",
            tag: lifecycleTag,
            parameters: [parameter("InviteID"), parameter("IdempotencyKey")], jsonBody: schema("InviteChange"),
            answers: [
                "200": jsonAnswer("The invite as it now is", schema("InviteDetail")),
                "409": errorAnswer(notActive),
            ],
            shared: OpenAPISharedResponse.keyed + OpenAPISharedResponse.jsonBody + [
                .inviteNotFound, .validationFailedOrKeyReused, .unavailable,
            ])
    }

    /// `POST /v1/invites/{id}/reissue`.
    static var reissueInvite: OpenAPIOperation {
        OpenAPIOperation(
            "reissueInvite", "Give an active invite a new code and token",
            description:
                "Same id, counts and history; the new code, token and links are shown only in this answer (and in its Idempotency-Key replay). The old code, token, links and the handoffs minted for them answer 410 invite_reissued from the moment this commits. Records an invite.reissued event. This is how a backend resends an invite.",
            tag: lifecycleTag,
            parameters: [parameter("InviteID"), parameter("IdempotencyKey")],
            answers: [
                "200": jsonAnswer("The invite with its new credentials", schema("CreatedInvite")),
                "409": errorAnswer(
                    "Only an active invite is reissued, or the Idempotency-Key is in use (invite_not_active, idempotency_key_in_use)"
                ),
                "422": errorAnswer("The Idempotency-Key was used with another request (idempotency_key_reused)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.inviteNotFound, .invalidRequest, .requestTooLarge, .unavailable])
    }

    /// `GET /v1/invites/{id}/events`.
    static var listInviteEvents: OpenAPIOperation {
        OpenAPIOperation(
            "listInviteEvents", "An invite's timeline, oldest first",
            description:
                "The invite's events: invite.created, invite.previewed (its first preview only), invite.updated, invite.reissued, invite.redeemed, invite.expired, invite.revoked. data is each event's webhook data.",
            tag: lifecycleTag,
            parameters: [
                parameter("InviteID"),
                query("limit", ["type": "integer", "minimum": 1, "maximum": 1000, "default": 100]),
                query("after", string, description: "next_cursor of the previous page"),
            ],
            answers: [
                "200": jsonAnswer("One page of events", schema("InviteTimeline")),
                "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.inviteNotFound, .invalidRequest, .unavailable])
    }

    private static var notActive: String {
        "Only an active invite changes, or max_redemptions below the redemptions so far (details.redemption_count) (invite_not_active, max_redemptions_below_count, idempotency_key_in_use)"
    }
}
