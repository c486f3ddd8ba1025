import BatonJSON
import Journey

/// Examples of request and response bodies, by the component schema they
/// follow: `operation` and `jsonAnswer` attach them wherever that schema is
/// the body. `OpenAPIExampleTests` decodes every response example with
/// `BatonClient`'s models and checks it against its schema's required keys.
extension OpenAPIBuilders {
    /// A handoff envelope as previews mint it (shortened payload, made-up MAC).
    static var exampleHandoff: String {
        "eyJhbGciOiJIUzI1NiIsImV4cCI6MTc2NDY3MzIwMCwiaWF0IjoxNzY0NTg2ODAwLCJraWQiOiJrMSIsImtpbmQiOiJzZXJ2ZXJfbWludGVkIiwidiI6Mn0"
            + ".eyJjcmVkZW50aWFsIjoiN0s5TTJQNFE4UjFTM1Q2VjBXNVg3WTlaMkEiLCJmYW1pbHlfbmFtZSI6IlRoZSBPa2Fmb3IgZmFtaWx5In0"
            + ".3q2-7wAAAAC6vrq-yv66vsr-ur7K_rq-yv66vsr-ur4"
    }

    /// Request bodies by schema name.
    static var requestExamples: Object {
        [
            "NewInvite": [
                "family_id": "fam_8412", "family_name": "The Okafor family", "inviter_id": "user_17", "inviter_name": "Ada",
                "ttl_seconds": 604_800, "max_redemptions": 1, "metadata": ["campaign": "winter"],
            ],
            "RedemptionRequest": ["code": "ABCDE-FGHJK", "channel": "app"],
            "InviteChange": ["ttl_seconds": 1_209_600, "max_redemptions": 3],
            "NewWebhookEndpoint": [
                "url": "https://backend.example.com/baton/webhooks", "description": "Production backend",
                "enabled_events": ["invite.redeemed", "invite.expired"], "signature_scheme": "standard_webhooks",
            ],
            "WebhookEndpointChange": ["enabled_events": ["*"], "disabled": false],
        ]
    }

    /// Response bodies by schema name.
    static var responseExamples: Object {
        [
            "CreatedInvite": merged(
                exampleInvite,
                [
                    "code": "ABCDE-FGHJK", "token": "7K9M2P4Q8R1S3T6V0W5X7Y9Z2A",
                    "link": "https://invites.example.com/invite/7K9M2P4Q8R1S3T6V0W5X7Y9Z2A",
                    "app_clip_link": "https://appclip.apple.com/id?p=com.example.family.Clip&token=7K9M2P4Q8R1S3T6V0W5X7Y9Z2A",
                ]),
            "InviteDetail": merged(
                exampleInvite,
                [
                    "state": "used_up", "redemption_count": 1, "uses_left": 0,
                    "redemptions": [
                        [
                            "id": "2b4f7c1e-5d3a-4e8b-9c6f-1a2b3c4d5e6f", "redeemer_id": "user_42", "channel": "app",
                            "redeemed_at": "2026-12-01T10:05:12.345Z",
                        ]
                    ],
                ]),
            "InviteTimeline": [
                "events": [
                    [
                        "id": "5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "type": "invite.updated", "occurred_at": "2026-12-01T10:02:00.000Z",
                        "channel": .null,
                        "data": [
                            "changed": ["max_redemptions"], "max_redemptions": ["old": 1, "new": 3],
                            "invite_id": "9d2e3f4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a", "family_id": "fam_8412",
                        ],
                    ]
                ],
                "next_cursor": .null,
            ],
            "InviteList": ["invites": [exampleInvite], "next_cursor": "MjAyNi0xMi0wMVQxMDowMDowMC4wMDBafDlkMmUzZjRh"],
            "Preview": [
                "family_name": "The Okafor family", "inviter_name": "Ada", "expires_at": "2026-12-08T10:00:00.000Z", "uses_left": 1,
                "state": "active", "handoff": .string(exampleHandoff),
            ],
            "HandoffValidation": [
                "version": 2, "kind": "invite", "algorithm": "HS256", "key_id": "k1", "jti": "0f9e8d7c6b5a4938",
                "signed": true, "authenticity": "verified", "issued_at": "2026-12-01T10:00:00.000Z",
                "expires_at": "2026-12-02T10:00:00.000Z",
                "payload": [
                    "credential": "7K9M2P4Q8R1S3T6V0W5X7Y9Z2A", "credential_type": "token", "family_name": "The Okafor family",
                    "inviter_name": "Ada", "source": "preview",
                ],
            ],
            "FunnelReport": [
                "from": "2026-11-30T00:00:00.000Z", "to": "2026-12-01T00:00:00.000Z", "interval": "day", "family_id": .null,
                "time_zone": "UTC",
                "buckets": [merged(exampleStages, ["start": "2026-11-30T00:00:00.000Z", "end": "2026-12-01T00:00:00.000Z"])],
                "totals": merged(
                    exampleStages,
                    [
                        "time_to_redeem": [
                            "count": 30, "p50_seconds": 540.0, "p90_seconds": 7_200.0, "p99_seconds": 61_000.0,
                            "histogram": [["lower_seconds": 512.0, "upper_seconds": 558.4, "count": 4]],
                        ]
                    ]),
                "journey": exampleJourney,
            ],
            "WebhookEndpoint": exampleWebhookEndpoint,
            "WebhookEndpointWithSecret": merged(exampleWebhookEndpoint, ["secret": "whsec_q3N0mB8rV1xK5cZ2tY7uH4jL9wE6pA0sD3fG8hJ2kL4="]),
            "EventPage": [
                "events": [
                    [
                        "id": .string(exampleEventID), "type": "invite.revoked", "created_at": "2026-12-01T10:07:30.000Z",
                        "data": ["invite_id": "9d2e3f4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a", "family_id": "fam_8412"],
                    ]
                ],
                "has_more": false, "next_cursor": "MjAyNi0xMi0wMVQxMDowNzozMC4wMDBafDRlNmY3YThi",
            ],
            "Receipt": [
                "id": "2b4f7c1e-5d3a-4e8b-9c6f-1a2b3c4d5e6f", "invite_id": "9d2e3f4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a",
                "family_id": "fam_8412", "family_name": "The Okafor family", "redeemer_id": "user_42", "channel": "app",
                "redeemed_at": "2026-12-01T10:05:12.345Z", "uses_left": 0,
            ],
        ]
    }

    /// The id of the event the webhook examples name.
    static var exampleEventID: String { "4e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9" }

    /// A webhook endpoint as the API writes it, without its secret.
    static var exampleWebhookEndpoint: Object {
        [
            "id": "3f1c2b4a-5d6e-4f7a-8b9c-0d1e2f3a4b5c", "url": "https://backend.example.com/baton/webhooks",
            "description": "Production backend", "enabled_events": ["invite.redeemed", "invite.expired"], "disabled": false,
            "signature_scheme": "baton", "disabled_reason": .null, "managed_by_config": false, "previous_secret_expires_at": .null,
            "failing_since": .null,
            "last_success_at": "2026-12-01T10:05:13.120Z", "created_at": "2026-11-20T09:00:00.000Z",
            "updated_at": "2026-11-20T09:00:00.000Z",
        ]
    }

    /// One attempt of the delivery log.
    static var exampleDelivery: Object {
        [
            "id": "1207", "endpoint_id": "3f1c2b4a-5d6e-4f7a-8b9c-0d1e2f3a4b5c", "event_id": .string(exampleEventID), "attempt": 1,
            "attempted_at": "2026-12-01T10:07:30.412Z", "duration_ms": 84.5, "status": "succeeded", "http_status": 200,
            "error": .null, "response_body": "ok",
        ]
    }

    /// A day of the funnel.
    private static var exampleJourney: Object {
        let stages: Object = [
            "issued": 120, "link_opened": 81, "clip_opened": 64, "app_presented": 33, "redeemed": 30, "expired": 8, "revoked": 1,
        ]
        let tally: Object = ["stages": stages, "reached": .null]
        return [
            "view": "flow", "group_by": "source",
            "groups": [
                [
                    "key": "sms", "other": false,
                    "buckets": [merged(tally, ["start": "2026-11-30T00:00:00.000Z", "end": "2026-12-01T00:00:00.000Z"])],
                    "totals": tally,
                ]
            ],
            "totals": tally,
            "times_between_stages": [
                [
                    "from": "issued", "to": "link_opened", "count": 81, "p50_seconds": 420.0, "p90_seconds": 5_400.0,
                    "p99_seconds": 86_000.0,
                ]
            ],
            "views": ["link_opened": 97, "link_previewed": 140, "clip_opened": 88],
        ]
    }

    private static var exampleStages: Object {
        [
            "issued": 120, "previewed": 64, "redeemed": 30, "expired": 8, "revoked": 1,
            "conversion": ["previewed_of_issued": 0.5333, "redeemed_of_previewed": 0.4688, "redeemed_of_issued": 0.25],
            "redemptions_by_channel": ["clip": 4, "app": 24, "web": 0, "backend": 2],
            "rejections_by_code": ["invite_expired": 3, "invalid_code": 5],
        ]
    }

    /// An active invite as the backend API writes it.
    private static var exampleInvite: Object {
        [
            "id": "9d2e3f4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a", "family_id": "fam_8412", "family_name": "The Okafor family",
            "inviter_id": "user_17", "inviter_name": "Ada", "state": "active", "max_redemptions": 1, "redemption_count": 0,
            "uses_left": 1, "created_at": "2026-12-01T10:00:00.000Z", "expires_at": "2026-12-08T10:00:00.000Z",
            "metadata": ["campaign": "winter"],
        ]
    }
}
