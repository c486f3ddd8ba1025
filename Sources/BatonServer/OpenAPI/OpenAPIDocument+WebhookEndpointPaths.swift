import BatonCore
import BatonJSON

/// Webhook endpoints, their delivery logs and redelivery (docs/api.md, "Webhook endpoints").
extension OpenAPIDocument {
    /// The tag every webhook endpoint operation carries.
    static let webhookTag = "Webhook endpoints"

    /// The paths of `WebhookEndpointRoutes`.
    static var webhookEndpointPaths: Object {
        let write = [apiKey("webhooks:write")]
        let read = [apiKey("webhooks:read")]
        let id: Object = ["name": "id", "in": "path", "required": true, "schema": uuid]
        let notFound = errorAnswer("No such endpoint (webhook_endpoint_not_found)")
        let managed = errorAnswer(
            "The endpoint comes from BATON_WEBHOOK_URL and can't be changed here (webhook_endpoint_managed_by_config)")
        let urlRefused = errorAnswer(
            "A field out of bounds, unknown or repeated (details.field), or a url whose host is an address the destination policy refuses (details.address_class: loopback, private, link_local, ...; docs/webhooks.md), or a signature_scheme that is neither baton nor standard_webhooks (validation_failed, unknown_field, duplicate_field, number_out_of_range, webhook_url_not_allowed, webhook_signature_scheme_unknown)"
        )
        let refusals = OpenAPISharedResponse.keyed + [.invalidRequest, .unavailable]
        let bodyRefusals = OpenAPISharedResponse.keyed + OpenAPISharedResponse.jsonBody + [.validationFailedOrKeyReused, .unavailable]
        let page: [Object] = [
            query("limit", ["type": "integer", "minimum": 1, "maximum": 100, "default": 50]),
            query("after", string, description: "next_cursor of the previous page"),
        ]
        return [
            "/v1/webhook-endpoints": [
                "post": operation(
                    "createWebhookEndpoint", "Create a webhook endpoint; its signing secret is shown only in this answer",
                    description:
                        "Every event recorded from now on whose type the filter names (or all, with [\"*\"]) gets one delivery job for this endpoint, retried on its own schedule.",
                    tag: webhookTag, security: write, jsonBody: schema("NewWebhookEndpoint"),
                    answers: ["201": jsonAnswer("The endpoint with its secret", schema("WebhookEndpointWithSecret")), "422": urlRefused],
                    shared: bodyRefusals),
                "get": operation(
                    "listWebhookEndpoints", "List webhook endpoints by id (keyset pagination)",
                    description: "Secrets are never listed.", tag: webhookTag, security: read, parameters: page,
                    answers: [
                        "200": jsonAnswer(
                            "One page",
                            object(
                                required: ["webhook_endpoints", "next_cursor"],
                                ["webhook_endpoints": array(of: schema("WebhookEndpoint")), "next_cursor": nullable("string")]),
                            example: ["webhook_endpoints": [exampleWebhookEndpoint], "next_cursor": .null]),
                        "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
                    ],
                    shared: refusals),
            ],
            "/v1/webhook-endpoints/{id}": [
                "get": operation(
                    "getWebhookEndpoint", "A webhook endpoint", description: "Its failure streak and last success included; no secret.",
                    tag: webhookTag, security: read, parameters: [id],
                    answers: ["200": jsonAnswer("The endpoint", schema("WebhookEndpoint")), "404": notFound], shared: refusals),
                "patch": operation(
                    "updateWebhookEndpoint", "Change a webhook endpoint",
                    description:
                        "Fields left out keep their value. Enabling (disabled: false) clears disabled_reason and the failure streak. An endpoint managed by configuration takes only disabled.",
                    tag: webhookTag, security: write, parameters: [id], jsonBody: schema("WebhookEndpointChange"),
                    answers: [
                        "200": jsonAnswer("The endpoint as it now is", schema("WebhookEndpoint")), "404": notFound, "409": managed,
                        "422": urlRefused,
                    ],
                    shared: bodyRefusals),
                "delete": operation(
                    "deleteWebhookEndpoint", "Delete a webhook endpoint and its delivery log",
                    description: "Its queued deliveries are discarded when they next run.", tag: webhookTag, security: write,
                    parameters: [id],
                    answers: ["204": ["description": "Deleted"], "404": notFound, "409": managed], shared: refusals),
            ],
            "/v1/webhook-endpoints/{id}/rotate-secret": [
                "post": operation(
                    "rotateWebhookSecret", "Give an endpoint a new signing secret, shown only in this answer",
                    description:
                        "Until previous_expires_in_seconds (default 86400, at most 604800; 0: at once) have passed, every delivery carries a v1 signature under each secret, newest first.",
                    tag: webhookTag, security: write, parameters: [id],
                    jsonBody: requestObject(
                        required: [],
                        ["previous_expires_in_seconds": ["type": "integer", "minimum": 0, "maximum": 604_800, "default": 86_400]]),
                    requestExample: ["previous_expires_in_seconds": 3_600],
                    answers: [
                        "200": jsonAnswer("The endpoint with its new secret", schema("WebhookEndpointWithSecret")), "404": notFound,
                        "409": managed,
                    ],
                    shared: bodyRefusals)
            ],
            "/v1/webhook-endpoints/{id}/test": [
                "post": operation(
                    "testWebhookEndpoint", "Send a webhook.test event to this endpoint alone",
                    description: "Whatever its filter; a disabled endpoint's test is discarded unsent.", tag: webhookTag, security: write,
                    parameters: [id],
                    answers: [
                        "202": jsonAnswer(
                            "Queued", object(required: ["event_id"], ["event_id": uuid]), example: ["event_id": .string(exampleEventID)]),
                        "404": notFound,
                    ],
                    shared: refusals)
            ],
            "/v1/webhook-endpoints/{id}/deliveries": [
                "get": operation(
                    "listWebhookDeliveries", "The endpoint's delivery log, newest first (keyset pagination)",
                    description:
                        "One entry per attempt, written when it starts: an attempt whose worker stopped mid-request shows status interrupted.",
                    tag: webhookTag, security: read,
                    parameters: [
                        id,
                        query(
                            "status", ["type": "string", "enum": .init(strings: WebhookDeliveryLog.Filter.allCases.map(\.rawValue))],
                            description:
                                "succeeded: answered 2xx; failed: finished without a 2xx; interrupted: no outcome (the worker stopped mid-request, or the request is in flight)."
                        ),
                    ] + page,
                    answers: [
                        "200": jsonAnswer(
                            "One page",
                            object(
                                required: ["deliveries", "next_cursor"],
                                ["deliveries": array(of: schema("WebhookDelivery")), "next_cursor": nullable("string")]),
                            example: ["deliveries": [exampleDelivery], "next_cursor": "1206"]),
                        "404": notFound, "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
                    ],
                    shared: refusals)
            ],
            "/v1/events/{id}/redeliver": [
                "post": operation(
                    "redeliverEvent", "Deliver an event again: same id and body, a new signature timestamp",
                    description:
                        "To endpoint_id alone when given (whatever its filter), else to every enabled endpoint whose filter takes the event.",
                    tag: webhookTag, security: write, parameters: [id],
                    jsonBody: requestObject(required: [], ["endpoint_id": uuid]),
                    requestExample: ["endpoint_id": "3f1c2b4a-5d6e-4f7a-8b9c-0d1e2f3a4b5c"],
                    answers: [
                        "202": jsonAnswer(
                            "Queued", object(required: ["event_id", "deliveries"], ["event_id": uuid, "deliveries": count]),
                            example: ["event_id": .string(exampleEventID), "deliveries": 1]),
                        "404": errorAnswer("No such event or endpoint (event_not_found, webhook_endpoint_not_found)"),
                    ],
                    shared: bodyRefusals)
            ],
        ]
    }

    /// The schemas of the webhook endpoint operations.
    static var webhookEndpointSchemas: Object {
        let timestamp = nullable("string")
        let events: Object = [
            "type": "array", "minItems": 1, "maxItems": 64,
            "items": ["type": "string", "enum": .init(strings: ["*"] + WebhookEndpoint.knownEventTypes)],
        ]
        let scheme: Object = [
            "type": "string", "enum": .init(strings: WebhookSignatureScheme.allCases.map(\.rawValue)),
            "default": .string(WebhookSignatureScheme.default.rawValue),
            "description":
                "How deliveries are signed: baton (Baton-Signature: t=…,v1=…) or standard_webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,…, verified with the whsec_ secret by the Standard Webhooks libraries); docs/webhooks.md",
        ]
        let endpointProperties: [String: Object] = [
            "id": uuid, "url": string, "description": string, "enabled_events": events, "disabled": ["type": "boolean"],
            "signature_scheme": scheme,
            "disabled_reason": merged(nullable("string"), ["description": "endpoint_disabled (failed too long) or disabled_by_request"]),
            "managed_by_config": ["type": "boolean"], "previous_secret_expires_at": timestamp,
            "failing_since": timestamp, "last_success_at": timestamp, "created_at": dateTime, "updated_at": dateTime,
        ]
        let fields: Object = [
            "url": ["type": "string", "maxLength": 2048, "description": "https://, or http:// to a loopback host"],
            "description": boundedString(0, 500), "enabled_events": events, "disabled": ["type": "boolean"],
            "signature_scheme": scheme,
        ]
        return [
            "WebhookEndpoint": object(required: endpointProperties.keys.sorted(), .object(endpointProperties)),
            "WebhookEndpointWithSecret": allOf(
                "WebhookEndpoint",
                object(required: ["secret"], ["secret": ["type": "string", "pattern": "^whsec_", "description": "Shown only once"]])),
            "NewWebhookEndpoint": requestObject(required: ["url"], fields),
            "WebhookEndpointChange": requestObject(required: [], fields),
            "WebhookDelivery": object(
                required: [
                    "id", "endpoint_id", "event_id", "attempt", "attempted_at", "duration_ms", "status", "http_status", "error",
                    "response_body",
                ],
                [
                    "id": string, "endpoint_id": uuid, "event_id": uuid, "attempt": count, "attempted_at": dateTime,
                    "duration_ms": nullable("number"),
                    "status": ["type": "string", "enum": .init(strings: WebhookAttempt.Status.allCases.map(\.rawValue))],
                    "http_status": nullable("integer"), "error": nullable("string"),
                    "response_body": [
                        "type": "string",
                        "description": "The first 1 KiB of the answer: invalid UTF-8 replaced, hidden characters and backslashes escaped",
                    ],
                ]),
        ]
    }
}
