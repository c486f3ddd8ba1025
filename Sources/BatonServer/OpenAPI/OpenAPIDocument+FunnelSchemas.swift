import BatonJSON
import Journey

/// The schemas of `GET /v1/metrics/funnel`: buckets of stage counts, totals,
/// conversion and time to redeem, and the journey's stages per group.
extension OpenAPIBuilders {
    /// The funnel's entries of `components/schemas`.
    static var funnelSchemas: Object {
        let channels = ["clip", "app", "web", "backend"]
        let rejectionCodes = [
            "invite_not_found", "invite_expired", "invite_revoked", "invite_used_up", "invite_reissued", "invalid_code", "rate_limited",
            "bad_handoff", "invalid_invocation", "invitee_mismatch", "self_redemption",
        ]
        let report: Object = [
            "FunnelReport": object(
                required: ["from", "to", "interval", "family_id", "time_zone", "buckets", "totals", "journey"],
                [
                    "from": dateTime, "to": dateTime, "interval": interval,
                    "family_id": nullable("string"),
                    "time_zone": ["type": "string", "enum": ["UTC"]],
                    "buckets": ["type": "array", "maxItems": 5000, "items": schema("FunnelBucket")],
                    "totals": schema("FunnelTotals"),
                    "journey": schema("Journey"),
                ]),
            "FunnelStages": object(
                required: [
                    "issued", "previewed", "redeemed", "expired", "revoked", "conversion", "redemptions_by_channel", "rejections_by_code",
                ],
                merged(
                    counts(["issued", "previewed", "redeemed", "expired", "revoked"]),
                    [
                        "conversion": schema("FunnelConversion"),
                        "redemptions_by_channel": merged(object(required: channels, counts(channels)), ["additionalProperties": count]),
                        "rejections_by_code": [
                            "type": ["object", "null"],
                            "description": "Refusals by code, all families together; null for a family's report",
                            "properties": counts(rejectionCodes),
                            "additionalProperties": count,
                        ],
                    ]),
                description:
                    "Events per stage in a span (issued = invite.created, previewed = first previews, redeemed = redemptions, expired by the sweep, revoked)"
            ),
            "FunnelBucket": allOf("FunnelStages", object(required: ["start", "end"], ["start": dateTime, "end": dateTime])),
            "FunnelTotals": allOf("FunnelStages", object(required: ["time_to_redeem"], ["time_to_redeem": schema("TimeToRedeem")])),
            "FunnelConversion": object(
                required: ["previewed_of_issued", "redeemed_of_previewed", "redeemed_of_issued"],
                ["previewed_of_issued": nullableMeasure, "redeemed_of_previewed": nullableMeasure, "redeemed_of_issued": nullableMeasure],
                description: "Ratios of the span's event counts; null when the denominator is 0"),
            "TimeToRedeem": object(
                required: ["count", "p50_seconds", "p90_seconds", "p99_seconds", "histogram"],
                [
                    "count": count, "p50_seconds": nullableMeasure, "p90_seconds": nullableMeasure, "p99_seconds": nullableMeasure,
                    "histogram": array(
                        of: object(
                            required: ["lower_seconds", "upper_seconds", "count"],
                            [
                                "lower_seconds": ["type": "number", "minimum": 0],
                                "upper_seconds": ["type": "number", "minimum": 0],
                                "count": count,
                            ])),
                ],
                description:
                    "Seconds from creation to redemption; percentiles from a log histogram (8 bins per doubling, within 4.4 % above 1 s)"),
        ]
        return merged(journeySchemas, report)
    }

    /// The journey's entries: stages reached per group and bucket, flow or cohort.
    static var journeySchemas: Object {
        let stages = ["issued", "link_opened", "clip_opened", "app_presented", "redeemed", "expired", "revoked"]
        let views = ["link_opened", "link_previewed", "clip_opened"]
        let stageName: Object = ["type": "string", "enum": .init(strings: stages)]
        let reach = object(
            required: ["within_1h", "within_1d", "within_7d", "ever"],
            counts(["within_1h", "within_1d", "within_7d", "ever"]),
            description:
                "Invites of the cohort at the stage within 1 hour, 1 day, 7 days of issue, and ever (each includes the ones before)")
        return [
            "Journey": object(
                required: ["view", "group_by", "groups", "totals", "times_between_stages", "views"],
                [
                    "view": ["type": "string", "enum": ["flow", "cohort"]],
                    "group_by": ["type": ["string", "null"], "enum": ["source", "campaign", "inviter", "family", "platform", .null]],
                    "groups": array(of: schema("JourneyGroup")),
                    "totals": schema("JourneyTally"),
                    "times_between_stages": array(of: schema("StageTime")),
                    "views": [
                        "type": ["object", "null"], "properties": counts(views), "additionalProperties": count,
                        "description":
                            "Views in the range, first or repeated; link_previewed counts HEAD requests and link-preview robots. Null for one family",
                    ],
                ],
                description:
                    "Stages reached, first time per invite. flow: invites that first reached each stage in a bucket; cohort: invites issued in a bucket and the stages they reached. With group_by, the top groups (most issued, then redeemed, then by key) and, when there are more, one last group with other true summing the rest"
            ),
            "JourneyGroup": object(
                required: ["key", "other", "buckets", "totals"],
                [
                    "key": merged(
                        nullable("string"),
                        ["description": "The source, campaign, inviter id or family id; null without one, and for other"]),
                    "other": ["type": "boolean", "description": "True for the one group summing every group past top; it comes last"],
                    "buckets": [
                        "type": "array", "maxItems": 5000,
                        "items": allOf("JourneyTally", object(required: ["start", "end"], ["start": dateTime, "end": dateTime])),
                    ],
                    "totals": schema("JourneyTally"),
                ]),
            "JourneyTally": object(
                required: ["stages", "reached"],
                [
                    "stages": merged(object(required: stages, counts(stages)), ["additionalProperties": count]),
                    "reached": [
                        "type": ["object", "null"], "properties": .object(Dictionary(uniqueKeysWithValues: stages.map { ($0, reach) })),
                        "additionalProperties": reach, "description": "Per stage, how soon the cohort reached it; null in a flow",
                    ],
                ]),
            "StageTime": object(
                required: ["from", "to", "count", "p50_seconds", "p90_seconds", "p99_seconds"],
                [
                    "from": stageName, "to": stageName, "count": count, "p50_seconds": nullableMeasure, "p90_seconds": nullableMeasure,
                    "p99_seconds": nullableMeasure,
                ],
                description: "Exact seconds between two stages over the invites that reached both, the later no earlier than the first"),
        ]
    }
}
