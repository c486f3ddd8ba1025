import BatonJSON

/// The signed-in `/admin` pages that act (docs/admin.md): HTML answers and
/// `application/x-www-form-urlencoded` forms, with a session cookie. The
/// dashboard itself (`GET /admin`) is among the page paths.
extension OpenAPIDocument {
    /// The tag of the admin pages.
    static let adminTag = "Admin"

    /// The admin pages' paths.
    static var adminPaths: Object {
        [
            "/admin/sign-in": [
                "get": adminPage(
                    "adminSignInForm", "The sign-in form", description: "One password field for an API key with the admin scope.",
                    security: [], answers: ["200": html("The form")]),
                "post": adminForm(
                    "adminSignIn", "Sign in with an API key that has the admin scope",
                    description:
                        "Checks the key as the API does (rate limits included), opens a server-side session of an hour, and sets its cookie (HttpOnly, SameSite=Strict, Path=/admin, Secure except on loopback). The Origin header must name this server.",
                    security: [], fields: ["key": string], required: ["key"],
                    answers: [
                        "303": seeOther("Signed in: Location /admin, Set-Cookie baton_admin"),
                        "401": html("The form again: the key is not valid"),
                        "403": html("The key lacks admin, or Origin is not this server"),
                    ]),
            ],
            "/admin/sign-out": [
                "post": adminForm(
                    "adminSignOut", "End the session", description: "Deletes the session and its cookie; written to the audit trail.",
                    answers: ["303": seeOther("Signed out: Location /admin/sign-in")])
            ],
            "/admin/invites": [
                "get": adminPage(
                    "adminInviteSearch", "Find an invite", description: "A form posting a code, link token or invite id.",
                    answers: ["200": html("The form")])
            ],
            "/admin/invites/find": [
                "post": adminForm(
                    "adminInviteFind", "Find an invite by code, link token or id",
                    description:
                        "Posted rather than sent in a query string, so a credential never lands in a URL or the access log; hashed as stored. A retired credential finds the invite it belonged to.",
                    fields: ["credential": string], required: ["credential"],
                    answers: [
                        "303": seeOther("Found: Location /admin/invites/{id}"), "400": html("Not a code, token or id"),
                        "404": html("No invite has it"),
                    ])
            ],
            "/admin/invites/{id}": [
                "get": adminPage(
                    "adminInvite", "An invite, its redemptions and timeline, and its actions",
                    description: "State, names, counts, dates and attribution; revoke, extend and reissue forms while it is active.",
                    parameters: [parameter("InviteID"), query("notice", string, description: "Which fixed confirmation to show")],
                    answers: ["200": html("The invite"), "404": html("No such invite")])
            ],
            "/admin/invites/{id}/revoke": [
                "post": adminForm(
                    "adminInviteRevoke", "Revoke the invite", description: "As POST /v1/invites/{id}/revoke, with an audit entry.",
                    parameters: [parameter("InviteID")],
                    answers: ["303": seeOther("Location /admin/invites/{id}"), "404": errorAnswer("No such invite (invite_not_found)")])
            ],
            "/admin/invites/{id}/extend": [
                "post": adminForm(
                    "adminInviteExtend", "Set the invite's expiry to some days from now",
                    description: "As PATCH /v1/invites/{id} with ttl_seconds, with an audit entry naming the new expires_at.",
                    parameters: [parameter("InviteID")],
                    fields: ["days": ["type": "integer", "minimum": 1, "maximum": .int(AdminInviteRoutes.maxExtensionDays)]],
                    required: ["days"],
                    answers: [
                        "303": seeOther("Location /admin/invites/{id}"), "404": errorAnswer("No such invite (invite_not_found)"),
                        "409": html("The invite is no longer active"), "422": html("days out of range"),
                    ])
            ],
            "/admin/invites/{id}/reissue": [
                "post": adminForm(
                    "adminInviteReissue", "Give the invite a new code and link, shown once with a QR code",
                    description: "As POST /v1/invites/{id}/reissue, with an audit entry (which holds no credential).",
                    parameters: [parameter("InviteID")],
                    answers: [
                        "200": html("The invite with its new credentials"), "404": errorAnswer("No such invite (invite_not_found)"),
                        "409": html("The invite is no longer active"),
                    ])
            ],
            "/admin/webhooks": [
                "get": adminPage(
                    "adminWebhooks", "Webhook endpoints' health and recent failed deliveries",
                    description:
                        "Per endpoint: enabled or why disabled, last success, failing since, failed attempts in a row, and the latest failures with the receiver's answer (escaped), each with a redeliver button.",
                    parameters: [query("notice", string, description: "Which fixed confirmation to show")],
                    answers: ["200": html("The endpoints")])
            ],
            "/admin/events/{id}/redeliver": [
                "post": adminForm(
                    "adminEventRedeliver", "Deliver an event to one endpoint again",
                    description: "As POST /v1/events/{id}/redeliver with endpoint_id, with an audit entry.",
                    parameters: [["name": "id", "in": "path", "required": true, "schema": uuid]],
                    fields: ["endpoint_id": uuid], required: ["endpoint_id"],
                    answers: [
                        "303": seeOther("Location /admin/webhooks"),
                        "404": errorAnswer("No such event or endpoint (event_not_found, webhook_endpoint_not_found)"),
                    ])
            ],
            "/admin/queue": [
                "get": adminPage(
                    "adminQueue", "Discarded and retrying jobs, with retry and cancel buttons",
                    description: "The same operations as baton jobs retry and baton jobs cancel.",
                    parameters: [query("notice", string, description: "Which fixed confirmation to show")],
                    answers: ["200": html("The jobs")])
            ],
            "/admin/jobs/{id}/retry": ["post": jobAction("adminJobRetry", "Make a discarded, cancelled or retrying job run now")],
            "/admin/jobs/{id}/cancel": ["post": jobAction("adminJobCancel", "Cancel a job that has not finished")],
            "/admin/audit": [
                "get": adminPage(
                    "adminAudit", "The audit trail, newest first", description: "What GET /v1/audit returns, fifty entries a page.",
                    parameters: [query("after", string, description: "The cursor of the link to older entries")],
                    answers: ["200": html("The entries"), "303": seeOther("A cursor this page did not write: Location /admin/audit")])
            ],
        ]
    }

    /// The session cookie's security requirement.
    private static var adminSession: [Object] { [["adminSession": []]] }

    /// A signed-in page: without a session, the sign-in form.
    private static func adminPage(
        _ id: String, _ summary: String, description: String, security: [Object]? = nil, parameters: [Object] = [],
        answers: [String: Object]
    ) -> Object {
        var own = answers
        if security == nil {
            own["401"] = own["401"] ?? html("No session: the sign-in form")
            own["403"] = own["403"] ?? html("A Basic password that is a key without admin")
        }
        return operation(
            id, summary, description: description, tag: adminTag, security: security ?? adminSession, parameters: parameters,
            answers: own, shared: [.invalidRequest, .rateLimited, .unavailable])
    }

    /// A form POST: its fields plus the session's `form_token`, which with
    /// the `Origin` header decides whether it is refused (403).
    private static func adminForm(
        _ id: String, _ summary: String, description: String, security: [Object]? = nil, parameters: [Object] = [],
        fields: Object = [:], required: [String] = [], answers: [String: Object]
    ) -> Object {
        var own = answers
        own["403"] = own["403"] ?? html("Origin is not this server, or the form token is missing or wrong; nothing changed")
        let signedIn = security == nil
        let allFields = signedIn ? merged(fields, .object([AdminRequestCheck.formTokenField: string])) : fields
        let allRequired = signedIn ? required + [AdminRequestCheck.formTokenField] : required
        var operation = adminPage(
            id, summary, description: description, security: security, parameters: parameters, answers: own)
        var responses = operation[member: "responses"] ?? [:]
        for shared in [OpenAPISharedResponse.requestTooLarge, .unsupportedMediaType] {
            responses[member: shared.status] = reference("responses", shared.rawValue)
        }
        operation[member: "responses"] = responses
        let names = if case .object(let members) = allFields { Array(members.keys) } else { [String]() }
        let example = Dictionary(uniqueKeysWithValues: names.map { ($0, exampleFormValues[member: $0] ?? "") })
        operation[member: "requestBody"] = [
            "required": true,
            "content": .object([
                AdminForm.mediaType: [
                    "schema": object(required: allRequired, allFields), "examples": ["example": ["value": .object(example)]],
                ]
            ]),
        ]
        return operation
    }

    /// An example value of each form field.
    private static var exampleFormValues: Object {
        [
            AdminRequestCheck.formTokenField: .string(String(repeating: "5e", count: 32)),
            "key": .string("bk_0a1b2c3d4e5f_" + String(repeating: "7c", count: 20)),
            "credential": "ABCDE-FGHJK", "days": 7, "endpoint_id": "0f1e2d3c-4b5a-4968-8776-655443322110",
        ]
    }

    private static func jobAction(_ id: String, _ summary: String) -> Object {
        adminForm(
            id, summary, description: "As baton jobs does it, with an audit entry.",
            parameters: [["name": "id", "in": "path", "required": true, "schema": ["type": "integer", "minimum": 1]]],
            answers: [
                "303": seeOther("Location /admin/queue"), "404": html("No job has that id"),
                "409": html("The job's state does not allow it"),
            ])
    }

    private static func html(_ description: String) -> Object { textAnswer(description, "text/html") }

    private static func seeOther(_ description: String) -> Object {
        ["description": .string(description), "headers": ["Location": ["schema": string]]]
    }
}
