import BatonJSON
import Journey

/// The JSON API under `/v1`: invites, previews, handoffs, redemptions and the funnel.
extension OpenAPIBuilders {
    /// The codes of a JSON body refused member by member (details.field names it).
    static var bodyCodes: String { "unknown_field, duplicate_field, number_out_of_range" }

}

extension OpenAPIOperation {
    /// `POST /v1/invites`.
    static var createInvite: OpenAPIOperation {
        OpenAPIOperation(
            "createInvite", "Create an invite",
            description:
                "Creates one invite and answers its typed code, link token and links: the only time they exist in plaintext (the server keeps their hashes). With an Idempotency-Key, sending the same request again answers the stored response with Idempotent-Replayed: true.",
            tag: "Invites",
            parameters: [parameter("IdempotencyKey")], jsonBody: schema("NewInvite"),
            answers: ["201": jsonAnswer("The invite with its code and token (shown only here)", schema("CreatedInvite"))],
            shared: createRefusals)
    }

    /// `GET /v1/invites`.
    static var listInvites: OpenAPIOperation {
        OpenAPIOperation(
            "listInvites", "List invites, newest first (keyset pagination)",
            description:
                "One page of invites without their credentials, filtered by family and state; pass next_cursor as after for the next page (null on the last).",
            tag: "Invites",
            parameters: [
                parameter("FamilyID"),
                query("inviter_id", boundedString(1, 128)),
                query("state", schema("InviteState")),
                query("limit", ["type": "integer", "minimum": 1, "maximum": 100, "default": 50]),
                query("after", string, description: "next_cursor of the previous page"),
            ],
            answers: [
                "200": jsonAnswer("One page", schema("InviteList")),
                "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.invalidRequest, .unavailable])
    }

    /// `POST /v1/invites/batch`.
    static var createInvites: OpenAPIOperation {
        OpenAPIOperation(
            "createInvites", "Create up to 1,000 invites in one transaction",
            description:
                "All or nothing: a refused item (details.field names it, such as invites.3.ttl_seconds) creates none. The answer lists the invites in request order with their credentials.",
            tag: "Invites",
            parameters: [parameter("IdempotencyKey")],
            jsonBody: requestObject(
                required: ["invites"],
                ["invites": ["type": "array", "minItems": 1, "maxItems": 1000, "items": schema("NewInvite")]]),
            requestExample: ["invites": [requestExamples[member: "NewInvite"] ?? .null]],
            answers: [
                "201": jsonAnswer(
                    "The invites in request order", object(required: ["invites"], ["invites": array(of: schema("CreatedInvite"))]),
                    example: ["invites": [responseExamples[member: "CreatedInvite"] ?? .null]])
            ],
            shared: createRefusals)
    }

    /// `GET /v1/invites/{id}`.
    static var getInvite: OpenAPIOperation {
        OpenAPIOperation(
            "getInvite", "An invite with its redemptions",
            description: "The invite's state and counts with every redemption, oldest first; an id that is not a UUID is 404 too.",
            tag: "Invites", parameters: [parameter("InviteID")],
            answers: ["200": jsonAnswer("The invite", schema("InviteDetail"))], shared: lookupRefusals)
    }

    /// `POST /v1/invites/{id}/revoke`.
    static var revokeInvite: OpenAPIOperation {
        OpenAPIOperation(
            "revokeInvite", "Revoke an invite (idempotent; a final invite is returned unchanged)",
            description:
                "An active invite becomes revoked (previews and redemptions then answer 410 invite_revoked); an invite already used up, expired or revoked is answered as it is, so a retry is safe.",
            tag: "Invites",
            parameters: [parameter("InviteID")],
            answers: ["200": jsonAnswer("The invite as it now is", schema("InviteDetail"))], shared: lookupRefusals)
    }

    /// `GET /v1/invites/{credential}/preview`.
    static var previewInvite: OpenAPIOperation {
        OpenAPIOperation(
            "previewInvite", "What the App Clip shows, with a signed handoff",
            description:
                "For a typed code (or a link token): the family, the inviter and a server-minted handoff for the App Group. A malformed code is refused without a lookup; a used-up invite is gone for a previewer (410).",
            tag: "Clip",
            parameters: [
                pathParameter(
                    "credential", ["type": "string", "maxLength": 64],
                    description: "A link token or a typed code in any accepted spelling")
            ],
            answers: [
                "200": jsonAnswer("The preview", schema("Preview")),
                "400": errorAnswer(
                    "Malformed credential, answered without a lookup (invalid_code), or a request URI with control characters (invalid_request)"
                ),
            ],
            shared: [.inviteNotFound, .inviteExpired, .rateLimited, .unavailable])
    }

    /// `POST /v1/invocations`.
    static var resolveInvocation: OpenAPIOperation {
        OpenAPIOperation(
            "resolveInvocation", "Resolve an App Clip invocation URL to a preview",
            description:
                "The clip's invocation URL exactly as the system gave it (an invite link of this host, or Apple's appclip.apple.com link), checked as BatonLinks checks it, then previewed.",
            tag: "Clip",
            jsonBody: requestObject(required: ["url"], ["url": string]),
            requestExample: ["url": "https://invites.example.com/invite/7K9M2P4Q8R1S3T6V0W5X7Y9Z2A"],
            answers: [
                "200": jsonAnswer("The preview", schema("Preview")),
                "422": errorAnswer(
                    "Not an invite URL of this host (details.reason, details.value), or a body member unknown, repeated or out of range (details.field) (invalid_invocation, \(bodyCodes))"
                ),
            ],
            shared: OpenAPISharedResponse.jsonBody + [.inviteNotFound, .inviteExpired, .rateLimited, .unavailable])
    }

    /// `POST /v1/handoffs/validate`.
    static var validateHandoff: OpenAPIOperation {
        OpenAPIOperation(
            "validateHandoff", "Decode and check a handoff envelope",
            description:
                "Decodes the envelope on the server's path (MAC under a held key, expiry, payload) and answers what it says, without redeeming it.",
            tag: "Clip",
            jsonBody: requestObject(required: ["handoff"], ["handoff": string]),
            requestExample: ["handoff": .string(exampleHandoff)],
            answers: [
                "200": jsonAnswer("The decoded envelope", schema("HandoffValidation")),
                "422": errorAnswer(
                    "The envelope failed a check, or a body member is unknown, repeated or out of range (details.field) (handoff_*, \(bodyCodes))"
                ),
            ],
            shared: OpenAPISharedResponse.jsonBody + [.rateLimited, .unavailable])
    }

    /// `POST /v1/redemptions`.
    static var redeemInvite: OpenAPIOperation {
        OpenAPIOperation(
            "redeemInvite", "Redeem an invite exactly once",
            description:
                "Redeems the handoff, token or code for the redeemer: a JWT's sub, or redeemer_id with an API key holding redemptions:write. The same redeemer redeeming again gets the identical receipt (200), so a retry after a lost answer is safe; another redeemer gets invite_used_up or handoff_already_used.",
            tag: "Redemptions",
            jsonBody: schema("RedemptionRequest"),
            answers: [
                "201": jsonAnswer("The receipt", schema("Receipt")),
                "200": jsonAnswer("The same redeemer again: the original receipt", schema("Receipt")),
                "400": errorAnswer(
                    "Malformed JSON, a wrong type, not exactly one of handoff, token and code, a bad channel or redeemer_id (details.field), or a malformed code, answered without a lookup (invalid_request, invalid_code)"
                ),
                "401": errorAnswer(
                    "No usable API key, or a refused redeemer JWT (details.reason) (invalid_api_key, invalid_token)"),
                "403": errorAnswer(
                    "The key lacks the scope, or the invite is for a specific person the redeemer was not shown to be (insufficient_scope, invitee_mismatch)"
                ),
                "409": errorAnswer(
                    "No uses left, this handoff was spent by another redeemer, or the inviter redeems their own invite (invite_used_up, handoff_already_used, self_redemption)"
                ),
                "410": errorAnswer("The invite can no longer be used (invite_expired, invite_revoked, invite_reissued)"),
                "422": errorAnswer(
                    "A bad handoff or body, a body member unknown, repeated or out of range (details.field), or a redeemer_id, invitee or JWT sub, email or phone_number holding a hidden character (details.field) (handoff_*, validation_failed, invalid_redeemer, \(bodyCodes))"
                ),
            ],
            shared: OpenAPISharedResponse.keyed + OpenAPISharedResponse.jsonBody + [.inviteNotFound, .rateLimited, .unavailable])
    }

    /// `GET /v1/metrics/funnel`.
    static var getFunnel: OpenAPIOperation {
        OpenAPIOperation(
            "getFunnel", "The redemption funnel in UTC buckets: stage counts, conversion, time to redeem, channels, rejections",
            description:
                "Counts are events that occurred in each bucket (rollups plus the live tail, equal to counts over the events table). All times are UTC; from and to are widened to whole buckets (ISO weeks start Monday 00:00 UTC). Rejections cover all families and are null when family_id is given.",
            tag: "Metrics",
            parameters: [
                query("from", dateTime, description: "RFC 3339 date-time, inclusive; default: 7 days before to"),
                query("to", dateTime, description: "RFC 3339 date-time, exclusive; default: now"),
                query("interval", merged(interval, ["default": "day"])),
                parameter("FamilyID"),
                query(
                    "group_by", ["type": "string", "enum": ["source", "campaign", "inviter", "family", "platform"]],
                    description: "Break the journey down by source, campaign, inviter, family or first-open platform"),
                query(
                    "top", ["type": "integer", "minimum": 1, "maximum": 100, "default": 10],
                    description:
                        "With group_by: the groups answered on their own; the rest are summed into one group with other true"),
                query(
                    "view", ["type": "string", "enum": ["flow", "cohort"], "default": "flow"],
                    description: "flow: stages by the bucket they happened in; cohort: invites by the bucket they were issued in"),
            ],
            answers: [
                "200": jsonAnswer("The funnel", schema("FunnelReport")),
                "400": errorAnswer(
                    "A bad parameter, from not before to, more than 5,000 buckets, or a bad group_by or view (invalid_parameter, invalid_range, range_too_large, invalid_group_by, invalid_view)"
                ),
                "422": errorAnswer(
                    "More cells (buckets × rows × 7 stages; rows: 1 for the events plus 1 group, or top + 1 with group_by) than BATON_REPORT_MAX_CELLS; details.cells and details.limit, refused before any row is read (report_too_large)"
                ),
                "503": errorAnswer(
                    "Database unavailable: retry after Retry-After; or a statement of the report ran past BATON_REPORT_STATEMENT_TIMEOUT_MS (details.timeout_ms) and was cancelled (unavailable, report_timeout)"
                ).with(header: "Retry-After", reference("headers", "RetryAfter")),
            ],
            shared: OpenAPISharedResponse.keyed + [.rateLimited])
    }

    private static var createRefusals: [OpenAPISharedResponse] {
        OpenAPISharedResponse.keyed + OpenAPISharedResponse.jsonBody + [
            .idempotencyKeyInUse, .validationFailedOrKeyReused, .unavailable,
        ]
    }

    private static var lookupRefusals: [OpenAPISharedResponse] {
        OpenAPISharedResponse.keyed + [.inviteNotFound, .invalidRequest, .unavailable]
    }
}
