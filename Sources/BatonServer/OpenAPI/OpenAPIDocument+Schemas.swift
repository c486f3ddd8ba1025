import BatonCore
import BatonJSON

/// The schemas of the invite API: errors, invites, previews, handoffs and receipts.
extension OpenAPIBuilders {
    /// The invite API's entries of `components/schemas`.
    static var schemas: Object {
        [
            "Error": object(
                required: ["error"],
                [
                    "error": object(
                        required: ["code", "message", "details"],
                        [
                            "code": [
                                "type": "string", "enum": .init(strings: APIErrorCatalog.codes),
                                "description":
                                    "Stable snake_case machine code; a newer server may add codes, so treat an unknown one as a failure of its status",
                            ],
                            "message": merged(
                                string, ["description": "A sentence for people, never a secret; show your own text for the code"]),
                            "details": [
                                "type": "object",
                                "description": "Structured details of the code, such as field, reason or retry_after_seconds",
                            ],
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
                    "locale": inviteLocale,
                ]),
            "Invite": object(
                required: [
                    "id", "family_id", "family_name", "inviter_id", "inviter_name", "state",
                    "max_redemptions", "redemption_count", "uses_left", "created_at", "expires_at", "metadata",
                    "invitee", "allow_self_redemption", "source", "campaign", "erased_at", "locale",
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
                    "locale": nullableInviteLocale,
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
                required: ["family_name", "inviter_name", "expires_at", "uses_left", "state", "handoff", "for_specific_person", "locale"],
                [
                    "family_name": string, "inviter_name": nullable("string"), "expires_at": dateTime,
                    "for_specific_person": ["type": "boolean", "description": "Bound to one invitee (never says whom)"],
                    "uses_left": ["type": "integer"], "state": schema("InviteState"), "locale": nullableInviteLocale,
                    "handoff": ["type": "string", "description": "Server-minted, MAC'd handoff envelope for the App Group"],
                ]),
            "HandoffValidation": object(
                required: ["version", "kind", "algorithm", "signed", "authenticity", "issued_at", "expires_at", "payload"],
                [
                    "version": ["type": "integer", "minimum": 1], "kind": ["type": "string", "enum": ["invite", "typed_code"]],
                    "algorithm": string, "key_id": merged(string, ["description": "Absent when the envelope names no key"]),
                    "jti": merged(string, ["description": "The envelope's id; absent before version 2"]),
                    "signed": ["type": "boolean"],
                    "authenticity": ["type": "string", "enum": ["verified", "unverified", "device_minted"]],
                    "issued_at": dateTime, "expires_at": dateTime,
                    "payload": object(
                        required: ["credential", "credential_type"],
                        [
                            "credential": string, "credential_type": ["type": "string", "enum": ["token", "code"]],
                            "family_name": string, "inviter_name": string, "source": string,
                        ]),
                ]),
            "RedemptionRequest": [
                "description": "Exactly one of handoff, token and code (else 400 invalid_request naming handoff)",
                "oneOf": [schema("HandoffRedemption"), schema("TokenRedemption"), schema("CodeRedemption")],
            ],
            "HandoffRedemption": redemption("handoff", "The server-minted envelope the App Clip stored", string),
            "TokenRedemption": redemption("token", "An invite link's token", boundedString(1, 64)),
            "CodeRedemption": redemption("code", "A typed code in any accepted spelling", boundedString(1, 64)),
            "Receipt": object(
                required: [
                    "id", "invite_id", "family_id", "family_name", "redeemer_id", "channel", "redeemed_at", "uses_left", "metadata",
                    "inviter_id", "inviter_name", "source", "campaign",
                ],
                [
                    "id": uuid, "invite_id": uuid, "family_id": string, "family_name": string,
                    "redeemer_id": string, "channel": channel, "redeemed_at": dateTime, "uses_left": count,
                    "metadata": ["type": "object"], "inviter_id": nullable("string"), "inviter_name": nullable("string"),
                    "source": nullable("string"), "campaign": nullable("string"),
                ]),
        ]
    }

    /// A redemption body carrying its credential as `credential`: the other
    /// two credential members are not allowed, so exactly one of the three
    /// `oneOf` branches matches any body.
    private static func redemption(_ credential: String, _ description: String, _ value: Object) -> Object {
        requestObject(
            required: [credential],
            [
                credential: merged(value, ["description": .string(description)]),
                "channel": merged(channel, ["default": "app"]),
                "redeemer_id": merged(boundedString(1, 256), ["description": "With an API key (required then); a JWT's sub otherwise"]),
                "invitee": merged(
                    schema("Invitee"), ["description": "With an API key, for an invite bound to an invitee; a JWT's claims otherwise"]),
            ])
    }

    /// An invite's `locale` as a request sends it: one of the supported tags.
    static var inviteLocale: Object {
        [
            "type": "string", "enum": .array(PageLanguage.supportedTags.map(JSONValue.string)),
            "description": "The landing page's language (BCP 47); any other tag is 422 unsupported_locale, details.supported listing these",
        ]
    }

    /// An invite's `locale` as answers show it: a supported tag, or null when none was chosen.
    static var nullableInviteLocale: Object {
        [
            "type": ["string", "null"], "enum": .array(PageLanguage.supportedTags.map(JSONValue.string) + [.null]),
            "description": "The landing page's language (BCP 47), or null",
        ]
    }
}
