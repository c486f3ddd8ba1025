import BatonJSON

/// The signed-in `/admin` pages that act (docs/admin.md): HTML answers and
/// `application/x-www-form-urlencoded` forms, with a session cookie. The
/// dashboard itself (`GET /admin`) is among the page paths.
extension OpenAPIBuilders {
    /// The tag of the admin pages.
    static var adminTag: String { "Admin" }
}

extension OpenAPIOperation {
    /// A page: signed in (the default), without a session it answers the
    /// sign-in form (401) and to a key without admin 403.
    private static func adminPage(
        _ id: String, _ summary: String, description: String, signedIn: Bool = true, parameters: [OpenAPIParameter] = [],
        answers: [String: OpenAPIResponse]
    ) -> OpenAPIOperation {
        var own = answers
        if signedIn {
            own["401"] = own["401"] ?? html("No session: the sign-in form")
            own["403"] = own["403"] ?? html("A Basic password that is a key without admin")
        }
        return OpenAPIOperation(
            id, summary, description: description, tag: adminTag, parameters: parameters, answers: own,
            shared: [.invalidRequest, .rateLimited, .unavailable])
    }

    /// A form POST: its fields plus, signed in, the session's `form_token`,
    /// which with the `Origin` header decides whether it is refused (403).
    private static func adminForm(
        _ id: String, _ summary: String, description: String, signedIn: Bool = true, parameters: [OpenAPIParameter] = [],
        fields: [String: Object] = [:], required: [String] = [], answers: [String: OpenAPIResponse]
    ) -> OpenAPIOperation {
        var own = answers
        own["403"] = own["403"] ?? html("Origin is not this server, or the form token is missing or wrong; nothing changed")
        let allFields = signedIn ? fields.merging([AdminRequestCheck.formTokenField: string]) { _, own in own } : fields
        let allRequired = signedIn ? required + [AdminRequestCheck.formTokenField] : required
        var operation = adminPage(id, summary, description: description, signedIn: signedIn, parameters: parameters, answers: own)
        for shared in [OpenAPISharedResponse.requestTooLarge, .unsupportedMediaType] {
            operation.responses[shared.status] = .shared(shared)
        }
        let example = allFields.keys.reduce(into: [String: Object]()) { example, name in
            example[name] = exampleFormValues[name] ?? ""
        }
        operation.requestBody = [
            AdminForm.mediaType: OpenAPIMediaType(
                schema: object(required: allRequired, .object(allFields)), examples: ["example": .object(example)])
        ]
        return operation
    }

    /// An example value of each form field.
    private static var exampleFormValues: [String: Object] {
        [
            AdminRequestCheck.formTokenField: .string(String(repeating: "5e", count: 32)),
            "key": .string("bk_0a1b2c3d4e5f_" + String(repeating: "7c", count: 20)),
            "credential": "ABCDE-FGHJK", "days": 7, "endpoint_id": "0f1e2d3c-4b5a-4968-8776-655443322110",
        ]
    }

    private static func jobAction(_ id: String, _ summary: String) -> OpenAPIOperation {
        adminForm(
            id, summary, description: "As baton jobs does it, with an audit entry.",
            parameters: [pathParameter("id", ["type": "integer", "minimum": 1])],
            answers: [
                "303": seeOther("Location /admin/queue"), "404": html("No job has that id"),
                "409": html("The job's state does not allow it"),
            ])
    }

    private static func html(_ description: String) -> OpenAPIResponse { textAnswer(description, "text/html") }

    private static func seeOther(_ description: String) -> OpenAPIResponse {
        .own(description: description, headers: ["Location": ["schema": string]])
    }
}

extension OpenAPIOperation {
    /// `GET /admin/sign-in`.
    static var adminSignInForm: OpenAPIOperation {
        adminPage(
            "adminSignInForm", "The sign-in form", description: "One password field for an API key with the admin scope.",
            signedIn: false, answers: ["200": html("The form")])
    }

    /// `POST /admin/sign-in`.
    static var adminSignIn: OpenAPIOperation {
        adminForm(
            "adminSignIn", "Sign in with an API key that has the admin scope",
            description:
                "Checks the key as the API does (rate limits included), opens a server-side session of an hour, and sets its cookie (HttpOnly, SameSite=Strict, Path=/admin, Secure except on loopback). The Origin header must name this server.",
            signedIn: false, fields: ["key": string], required: ["key"],
            answers: [
                "303": seeOther("Signed in: Location /admin, Set-Cookie baton_admin"),
                "401": html("The form again: the key is not valid"),
                "403": html("The key lacks admin, or Origin is not this server"),
            ])
    }

    /// `POST /admin/sign-out`.
    static var adminSignOut: OpenAPIOperation {
        adminForm(
            "adminSignOut", "End the session", description: "Deletes the session and its cookie; written to the audit trail.",
            answers: ["303": seeOther("Signed out: Location /admin/sign-in")])
    }

    /// `GET /admin/invites`.
    static var adminInviteSearch: OpenAPIOperation {
        adminPage(
            "adminInviteSearch", "Find an invite", description: "A form posting a code, link token or invite id.",
            answers: ["200": html("The form")])
    }

    /// `POST /admin/invites/find`.
    static var adminInviteFind: OpenAPIOperation {
        adminForm(
            "adminInviteFind", "Find an invite by code, link token or id",
            description:
                "Posted rather than sent in a query string, so a credential never lands in a URL or the access log; hashed as stored. A retired credential finds the invite it belonged to.",
            fields: ["credential": string], required: ["credential"],
            answers: [
                "303": seeOther("Found: Location /admin/invites/{id}"), "400": html("Not a code, token or id"),
                "404": html("No invite has it"),
            ])
    }

    /// `GET /admin/invites/{id}`.
    static var adminInvite: OpenAPIOperation {
        adminPage(
            "adminInvite", "An invite, its redemptions and timeline, and its actions",
            description: "State, names, counts, dates and attribution; revoke, extend and reissue forms while it is active.",
            parameters: [parameter("InviteID"), query("notice", string, description: "Which fixed confirmation to show")],
            answers: ["200": html("The invite"), "404": html("No such invite")])
    }

    /// `POST /admin/invites/{id}/revoke`.
    static var adminInviteRevoke: OpenAPIOperation {
        adminForm(
            "adminInviteRevoke", "Revoke the invite", description: "As POST /v1/invites/{id}/revoke, with an audit entry.",
            parameters: [parameter("InviteID")],
            answers: ["303": seeOther("Location /admin/invites/{id}"), "404": errorAnswer("No such invite (invite_not_found)")])
    }

    /// `POST /admin/invites/{id}/extend`.
    static var adminInviteExtend: OpenAPIOperation {
        adminForm(
            "adminInviteExtend", "Set the invite's expiry to some days from now",
            description: "As PATCH /v1/invites/{id} with ttl_seconds, with an audit entry naming the new expires_at.",
            parameters: [parameter("InviteID")],
            fields: ["days": ["type": "integer", "minimum": 1, "maximum": .int(AdminInviteRoutes.maxExtensionDays)]],
            required: ["days"],
            answers: [
                "303": seeOther("Location /admin/invites/{id}"), "404": errorAnswer("No such invite (invite_not_found)"),
                "409": html("The invite is no longer active"), "422": html("days out of range"),
            ])
    }

    /// `POST /admin/invites/{id}/reissue`.
    static var adminInviteReissue: OpenAPIOperation {
        adminForm(
            "adminInviteReissue", "Give the invite a new code and link, shown once with a QR code",
            description: "As POST /v1/invites/{id}/reissue, with an audit entry (which holds no credential).",
            parameters: [parameter("InviteID")],
            answers: [
                "200": html("The invite with its new credentials"), "404": errorAnswer("No such invite (invite_not_found)"),
                "409": html("The invite is no longer active"),
            ])
    }

    /// `GET /admin/webhooks`.
    static var adminWebhooks: OpenAPIOperation {
        adminPage(
            "adminWebhooks", "Webhook endpoints' health and recent failed deliveries",
            description:
                "Per endpoint: enabled or why disabled, last success, failing since, failed attempts in a row, and the latest failures with the receiver's answer (escaped), each with a redeliver button.",
            parameters: [query("notice", string, description: "Which fixed confirmation to show")],
            answers: ["200": html("The endpoints")])
    }

    /// `POST /admin/events/{id}/redeliver`.
    static var adminEventRedeliver: OpenAPIOperation {
        adminForm(
            "adminEventRedeliver", "Deliver an event to one endpoint again",
            description: "As POST /v1/events/{id}/redeliver with endpoint_id, with an audit entry.",
            parameters: [pathParameter("id", uuid)],
            fields: ["endpoint_id": uuid], required: ["endpoint_id"],
            answers: [
                "303": seeOther("Location /admin/webhooks"),
                "404": errorAnswer("No such event or endpoint (event_not_found, webhook_endpoint_not_found)"),
            ])
    }

    /// `GET /admin/queue`.
    static var adminQueue: OpenAPIOperation {
        adminPage(
            "adminQueue", "Discarded and retrying jobs, with retry and cancel buttons",
            description: "The same operations as baton jobs retry and baton jobs cancel.",
            parameters: [query("notice", string, description: "Which fixed confirmation to show")],
            answers: ["200": html("The jobs")])
    }

    /// `POST /admin/jobs/{id}/retry`.
    static var adminJobRetry: OpenAPIOperation {
        jobAction("adminJobRetry", "Make a discarded, cancelled or retrying job run now")
    }

    /// `POST /admin/jobs/{id}/cancel`.
    static var adminJobCancel: OpenAPIOperation {
        jobAction("adminJobCancel", "Cancel a job that has not finished")
    }

    /// `GET /admin/audit`.
    static var adminAudit: OpenAPIOperation {
        adminPage(
            "adminAudit", "The audit trail, newest first", description: "What GET /v1/audit returns, fifty entries a page.",
            parameters: [query("after", string, description: "The cursor of the link to older entries")],
            answers: ["200": html("The entries"), "303": seeOther("A cursor this page did not write: Location /admin/audit")])
    }
}
