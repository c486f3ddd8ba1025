import BatonCore
import BatonJSON
import HTTP

/// The OpenAPI 3.1 description of every route, served at `GET /openapi.json`.
/// Paths, methods and security come from the router: each route carries its
/// ``OpenAPIOperation`` from where it is registered, and its guard's
/// ``GuardRequirement``s are the operation's security. Built in code so that
/// each shared piece (error answers, parameters, schemas) is written once
/// and referenced with `$ref`. `OpenAPITests` checks that every `$ref`
/// resolves; `OpenAPIRouteDescriptionTests` that every route is described.
enum OpenAPIDocument: OpenAPIBuilders {
    /// The document of `routes` as compact JSON text, keys sorted so the
    /// text is the same on every build.
    static func json(for routes: [RegisteredRoute]) -> String {
        document(for: routes).jsonText()
    }

    /// The operations of `routes` by OpenAPI path and method; a route
    /// without an ``OpenAPIOperation`` (one marked ``UndocumentedRoute``) is left out.
    static func paths(for routes: [RegisteredRoute]) -> Object {
        var paths: [String: [String: Object]] = [:]
        for route in routes {
            guard let operation = route.documentation as? OpenAPIOperation else { continue }
            paths[path(of: route.pattern), default: [:]][route.method.lowercased()] = operation.json(security: route.accepts)
        }
        return .object(paths.mapValues(Object.object))
    }

    /// A router pattern as OpenAPI writes the path: `/v1/invites/:id` is `/v1/invites/{id}`.
    static func path(of pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    /// The whole document, with the operations of `routes`.
    static func document(for routes: [RegisteredRoute]) -> Object {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Baton",
                "version": "1.0.0",
                "description":
                    #"Self-hosted invite handoff service: invites, App Clip previews and handoffs, exactly-once redemption. Errors are {"error": {"code", "message", "details"}}; every response carries X-Request-Id."#,
            ],
            "servers": [["url": "/"]],
            "security": [["apiKey": []]],
            "tags": tags,
            "paths": paths(for: routes),
            "webhooks": webhookOperations,
            "components": [
                "securitySchemes": securitySchemes,
                "schemas": [funnelSchemas, inviteLifecycleSchemas, familySchemas, webhookEndpointSchemas, eventSchemas, auditSchemas]
                    .reduce(
                        schemas
                    ) {
                        merged($1, $0)
                    },
                "responses": .object(Dictionary(uniqueKeysWithValues: OpenAPISharedResponse.allCases.map { ($0.rawValue, $0.answer) })),
                "parameters": sharedParameters,
                "headers": sharedHeaders,
            ],
        ]
    }

    /// How callers prove who they are: API keys, the dashboard's Basic sign-in and redeemer JWTs.
    static var securitySchemes: Object {
        [
            "adminBasic": [
                "type": "http", "scheme": "basic",
                "description": "/admin only: any user name, an API key with metrics:read (or admin) as the password",
            ],
            "adminSession": [
                "type": "apiKey", "in": "cookie", "name": .string(AdminSessionCookie.name),
                "description": "The /admin pages that act: the session cookie POST /admin/sign-in sets",
            ],
            "apiKey": [
                "type": "http", "scheme": "bearer",
                "description":
                    .string("Authorization: Bearer <API key>; scopes \(Scope.allCases.map(\.rawValue).joined(separator: ", "))"),
            ],
            "redeemerJWT": [
                "type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                "description": "HS256 with BATON_REDEEMER_JWT_SECRET; sub is the redeemer",
            ],
        ]
    }

    /// The groups operations are listed in (each operation's `tags`), in reading order.
    static var tags: Object {
        [
            ["name": "Invites", "description": "The backend creates, lists, reads and revokes invites (API key)."],
            ["name": "Clip", "description": "What the App Clip calls: previews by credential or invocation URL, handoff checks (public)."],
            ["name": "Redemptions", "description": "The app or the backend redeems an invite exactly once."],
            ["name": "Families", "description": "Erasing a family's personal data (admin)."],
            ["name": "Metrics", "description": "The funnel, Prometheus metrics and the operators' dashboard."],
            ["name": "Pages", "description": "What a browser sees: the landing page and its QR code."],
            ["name": "Well-known", "description": "Files Apple and Google fetch to associate the apps with the host."],
            ["name": "Operations", "description": "Health, readiness and this document."],
            [
                "name": .string(webhookTag),
                "description": "Where webhooks go: endpoints with their own secrets and event filters, their delivery logs, redelivery.",
            ],
            ["name": .string(eventTag), "description": "The feed of the events webhooks carry, to read in order after a cursor."],
            ["name": .string(adminTag), "description": "The operators' pages that act (signed in, HTML forms) and their audit trail."],
        ]
    }

    /// Response headers more than one answer carries, referenced as `#/components/headers/<name>`.
    static var sharedHeaders: Object {
        [
            "RequestId": [
                "description": "The request's id (the caller's X-Request-Id when well-formed, else a new one), also in the access log",
                "schema": boundedString(1, 128),
            ],
            "RetryAfter": ["description": "Seconds to wait before sending the request again", "schema": count],
            "IdempotentReplayed": [
                "description": "true when this is the stored response of an earlier request with the same Idempotency-Key and body",
                "schema": ["type": "string", "enum": ["true"]],
            ],
            "Allow": ["description": "The methods the path takes, comma-separated", "schema": string],
            "WWWAuthenticate": ["description": "The authentication challenge: Bearer", "schema": string],
        ]
    }

    /// Parameters more than one operation takes, referenced as `#/components/parameters/<name>`.
    static var sharedParameters: Object {
        [
            "IdempotencyKey": [
                "name": "Idempotency-Key", "in": "header", "required": false,
                "description":
                    "1-255 printable ASCII characters, scoped to the API key and kept at least 24 h. Same key and body: the stored response again with Idempotent-Replayed: true.",
                "schema": boundedString(1, 255),
            ],
            "InviteID": ["name": "id", "in": "path", "required": true, "schema": uuid],
            "LandingToken": ["name": "token", "in": "path", "required": true, "schema": boundedString(26, 26)],
            "FamilyID": ["name": "family_id", "in": "query", "required": false, "schema": boundedString(1, 128)],
        ]
    }
}
