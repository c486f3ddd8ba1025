import BatonJSON

/// Families as a whole: the erasure of one family's personal data, and the
/// invitee and attribution schemas the invite and redemption schemas use.
extension OpenAPIBuilders {
    /// A `source` or `campaign` label.
    static var attributionLabel: Object {
        ["type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$", "description": "Lower-cased when stored"]
    }

    /// The family and invitee entries of `components/schemas`.
    static var familySchemas: Object {
        [
            "Invitee": [
                "type": "object",
                "description":
                    "Exactly one of email (trimmed and lower-cased), phone (E.164) or subject (the backend's user id); stored only as a keyed hash",
                "additionalProperties": false, "minProperties": 1, "maxProperties": 1,
                "properties": [
                    "email": boundedString(3, 254), "phone": ["type": "string", "pattern": "^\\+[1-9][0-9]{6,14}$"],
                    "subject": boundedString(1, 256),
                ],
            ],
            "InviteeBinding": [
                "type": ["object", "null"],
                "description": "Who the invite is for, as kind and hint only; null when anyone may redeem it",
                "required": ["kind", "hint"],
                "properties": [
                    "kind": ["type": "string", "enum": ["email", "phone", "subject"]],
                    "hint": merged(nullable("string"), ["description": "a•••@example.com, •••23, or null for a subject"]),
                ],
            ],
            "FamilyErasure": object(
                required: [
                    "family_id", "erased_at", "invites_revoked", "invites_erased", "redemptions_erased", "events_erased",
                    "idempotent_responses_erased", "event_id",
                ],
                merged(
                    counts(["invites_revoked", "invites_erased", "redemptions_erased", "events_erased", "idempotent_responses_erased"]),
                    ["family_id": string, "erased_at": dateTime, "event_id": merged(uuid, ["description": "The family.erased event"])])),
        ]
    }
}

extension OpenAPIOperation {
    /// `DELETE /v1/families/{family_id}`.
    static var eraseFamily: OpenAPIOperation {
        OpenAPIOperation(
            "eraseFamily", "Revoke a family's invites and erase its personal data",
            description:
                "Revokes the family's live invites and, in one transaction, erases its personal data everywhere Baton stores it: family and inviter names, inviter ids, metadata and invitees on its invites; redeemer ids on its redemptions and events (replaced by a keyed hash, so counts hold); stored idempotent responses. A family.erased webhook (counts only) is delivered. Safe to repeat. Backups keep the data until they expire.",
            tag: "Families",
            parameters: [pathParameter("family_id", string)],
            answers: [
                "200": jsonAnswer(
                    "What was erased", schema("FamilyErasure"),
                    example: [
                        "family_id": "fam_42", "erased_at": "2026-12-01T10:00:00.000Z", "invites_revoked": 2, "invites_erased": 5,
                        "redemptions_erased": 3, "events_erased": 14, "idempotent_responses_erased": 1,
                        "event_id": "0c9e6d4a-3b2f-4e1a-9d8c-7b6a5f4e3d2c",
                    ]),
                "404": errorAnswer("No invite ever named this family (family_not_found)"),
            ],
            shared: OpenAPISharedResponse.keyed + [.invalidRequest, .requestTooLarge, .unavailable])
    }
}
