/// The schemas of `GET /v1/metrics/funnel`: buckets of stage counts, totals,
/// conversion and time to redeem.
extension OpenAPIDocument {
    /// The funnel's entries of `components/schemas`.
    static var funnelSchemas: Object {
        let channels = ["clip", "app", "web", "backend"]
        let rejectionCodes = [
            "invite_not_found", "invite_expired", "invite_revoked", "invite_used_up", "invite_reissued", "invalid_code", "rate_limited",
            "bad_handoff",
            "invalid_invocation",
        ]
        return [
            "FunnelReport": object(
                required: ["from", "to", "interval", "family_id", "time_zone", "buckets", "totals"],
                [
                    "from": dateTime, "to": dateTime, "interval": interval,
                    "family_id": nullable("string"),
                    "time_zone": ["type": "string", "enum": ["UTC"]],
                    "buckets": ["type": "array", "maxItems": 5000, "items": schema("FunnelBucket")],
                    "totals": schema("FunnelTotals"),
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
    }
}
