/// The schemas of the invite API: errors, invites, previews, handoffs and receipts.
extension OpenAPIDocument {
    /// The invite API's entries of `components/schemas`.
    static var schemas: Object {
        [
            "Error": object(
                required: ["error"],
                [
                    "error": object(
                        required: ["code", "message", "details"],
                        [
                            "code": ["type": "string", "description": "Stable snake_case machine code"],
                            "message": string,
                            "details": ["type": "object"],
                        ])
                ]),
            "InviteState": ["type": "string", "enum": ["active", "used_up", "expired", "revoked"]],
            "NewInvite": requestObject(
                required: ["family_id", "family_name"],
                [
                    "family_id": boundedString(1, 128),
                    "family_name": merged(boundedString(1, 100), ["description": "No control or format characters"]),
                    "inviter_id": boundedString(1, 128),
                    "inviter_name": boundedString(1, 100),
                    "ttl_seconds": ["type": "integer", "minimum": 1, "maximum": 31_536_000, "default": 604_800],
                    "max_redemptions": ["type": "integer", "minimum": 1, "maximum": 10_000, "default": 1],
                    "metadata": [
                        "type": "object",
                        "description":
                            "At most 4 KB as compact JSON, 16 levels deep; numbers within ±(2^53 − 1), or of at most 15 significant digits (else number_out_of_range)",
                    ],
                    "invitee": merged(schema("Invitee"), ["description": "Only this person may redeem it"]),
                    "allow_self_redemption": ["type": "boolean", "default": false],
                    "source": attributionLabel, "campaign": attributionLabel,
                ]),
            "Invite": object(
                required: [
                    "id", "family_id", "family_name", "inviter_id", "inviter_name", "state",
                    "max_redemptions", "redemption_count", "uses_left", "created_at", "expires_at", "metadata",
                    "invitee", "allow_self_redemption", "source", "campaign", "erased_at",
                ],
                [
                    "id": uuid, "family_id": string, "family_name": string,
                    "inviter_id": nullable("string"), "inviter_name": nullable("string"),
                    "state": schema("InviteState"),
                    "max_redemptions": ["type": "integer"], "redemption_count": ["type": "integer"],
                    "uses_left": ["type": "integer", "description": "0 unless active"],
                    "created_at": dateTime, "expires_at": dateTime,
                    "metadata": ["type": "object"],
                    "invitee": schema("InviteeBinding"), "allow_self_redemption": ["type": "boolean"],
                    "source": nullable("string"), "campaign": nullable("string"),
                    "erased_at": merged(nullable("string"), ["format": "date-time", "description": "Set once the family was erased"]),
                ]),
            "CreatedInvite": allOf(
                "Invite",
                object(
                    required: ["code", "token", "link", "app_clip_link"],
                    [
                        "code": ["type": "string", "description": "Typed code in display form, such as ABCDE-FGHJK"],
                        "token": boundedString(26, 26),
                        "link": ["type": "string", "format": "uri"],
                        "app_clip_link": ["type": ["string", "null"], "format": "uri"],
                    ])),
            "InviteDetail": allOf(
                "Invite",
                object(
                    required: ["redemptions"],
                    [
                        "redemptions": array(
                            of: object(
                                required: ["id", "redeemer_id", "channel", "redeemed_at"],
                                [
                                    "id": uuid, "redeemer_id": string, "channel": channel, "redeemed_at": dateTime,
                                ]))
                    ])),
            "InviteList": object(
                required: ["invites", "next_cursor"], ["invites": array(of: schema("Invite")), "next_cursor": nullable("string")]),
            "Preview": object(
                required: ["family_name", "inviter_name", "expires_at", "uses_left", "state", "handoff", "for_specific_person"],
                [
                    "family_name": string, "inviter_name": nullable("string"), "expires_at": dateTime,
                    "for_specific_person": ["type": "boolean", "description": "Bound to one invitee (never says whom)"],
                    "uses_left": ["type": "integer"], "state": schema("InviteState"),
                    "handoff": ["type": "string", "description": "Server-minted, MAC'd handoff envelope for the App Group"],
                ]),
            "HandoffValidation": object(
                required: ["version", "kind", "signed", "payload"],
                [
                    "version": ["type": "integer"], "kind": string, "signed": ["type": "boolean"],
                    "expires_at": ["type": ["string", "null"], "format": "date-time"],
                    "payload": ["type": "object"],
                ]),
            "RedemptionRequest": [
                "type": "object",
                "description": "Exactly one of handoff, token, code",
                "additionalProperties": false,
                "properties": [
                    "handoff": string, "token": string, "code": string,
                    "channel": merged(channel, ["default": "app"]),
                    "redeemer_id": ["type": "string", "description": "With an API key; a JWT's sub otherwise"],
                    "invitee": merged(
                        schema("Invitee"), ["description": "With an API key, for an invite bound to an invitee; a JWT's claims otherwise"]),
                ],
            ],
            "Receipt": object(
                required: [
                    "id", "invite_id", "family_id", "family_name", "redeemer_id", "channel", "redeemed_at", "uses_left", "metadata",
                    "inviter_id", "inviter_name", "source", "campaign",
                ],
                [
                    "id": uuid, "invite_id": uuid, "family_id": string, "family_name": string,
                    "redeemer_id": string, "channel": string, "redeemed_at": dateTime, "uses_left": ["type": "integer"],
                    "metadata": ["type": "object"], "inviter_id": nullable("string"), "inviter_name": nullable("string"),
                    "source": nullable("string"), "campaign": nullable("string"),
                ]),
        ]
    }
}
