import BatonJSON

/// `GET /v1/config/public`: the public identifiers `baton doctor --live` checks.
extension OpenAPIBuilders {
    fileprivate static var publicConfigurationSchema: Object {
        object(
            required: ["team_id", "app_bundle_id", "clip_bundle_id", "app_store_id", "public_host", "invite_path_prefix"],
            [
                "team_id": nullable("string"), "app_bundle_id": nullable("string"), "clip_bundle_id": nullable("string"),
                "app_store_id": nullable("string"), "public_host": nullable("string"), "invite_path_prefix": ["type": "string"],
            ])
    }
}

extension OpenAPIOperation {
    /// `GET /v1/config/public`.
    static var publicConfiguration: OpenAPIOperation {
        OpenAPIOperation(
            "publicConfiguration", "The public identifiers of this Baton: team, bundle ids, App Store id, host, invite path",
            description:
                "What the AASA file, landing pages and links publish anyway, in one place, for baton doctor --live. Unset values are null.",
            tag: "Well-known",
            answers: [
                "200": jsonAnswer(
                    "The public configuration", publicConfigurationSchema,
                    example: [
                        "team_id": "A1B2C3D4E5", "app_bundle_id": "com.example.family", "clip_bundle_id": "com.example.family.Clip",
                        "app_store_id": "1234567890", "public_host": "invites.example.com", "invite_path_prefix": "/invite/",
                    ])
            ],
            shared: [.unavailable])
    }
}
