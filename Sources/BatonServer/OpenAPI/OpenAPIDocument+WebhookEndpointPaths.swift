import BatonCore
import BatonJSON

/// Webhook endpoints, their delivery logs and redelivery (docs/api.md, "Webhook endpoints").
extension OpenAPIBuilders {
    /// The tag every webhook endpoint operation carries.
    static var webhookTag: String { "Webhook endpoints" }

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

extension OpenAPIOperation {
    /// `POST /v1/webhook-endpoints`.
    static var createWebhookEndpoint: OpenAPIOperation {
        OpenAPIOperation(
            "createWebhookEndpoint", "Create a webhook endpoint; its signing secret is shown only in this answer",
            description:
                "Every event recorded from now on whose type the filter names (or all, with [\"*\"]) gets one delivery job for this endpoint, retried on its own schedule.",
            tag: webhookTag, jsonBody: schema("NewWebhookEndpoint"),
            answers: ["201": jsonAnswer("The endpoint with its secret", schema("WebhookEndpointWithSecret")), "422": endpointURLRefused],
            shared: endpointBodyRefusals)
    }

    /// `GET /v1/webhook-endpoints`.
    static var listWebhookEndpoints: OpenAPIOperation {
        OpenAPIOperation(
            "listWebhookEndpoints", "List webhook endpoints by id (keyset pagination)",
            description: "Secrets are never listed.", tag: webhookTag, parameters: endpointPage,
            answers: [
                "200": jsonAnswer(
                    "One page",
                    object(
                        required: ["webhook_endpoints", "next_cursor"],
                        ["webhook_endpoints": array(of: schema("WebhookEndpoint")), "next_cursor": nullable("string")]),
                    example: ["webhook_endpoints": [exampleWebhookEndpoint], "next_cursor": .null]),
                "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
            ],
            shared: endpointRefusals)
    }

    /// `GET /v1/webhook-endpoints/{id}`.
    static var getWebhookEndpoint: OpenAPIOperation {
        OpenAPIOperation(
            "getWebhookEndpoint", "A webhook endpoint", description: "Its failure streak and last success included; no secret.",
            tag: webhookTag, parameters: [endpointID],
            answers: ["200": jsonAnswer("The endpoint", schema("WebhookEndpoint")), "404": endpointNotFound], shared: endpointRefusals)
    }

    /// `PATCH /v1/webhook-endpoints/{id}`.
    static var updateWebhookEndpoint: OpenAPIOperation {
        OpenAPIOperation(
            "updateWebhookEndpoint", "Change a webhook endpoint",
            description:
                "Fields left out keep their value. Enabling (disabled: false) clears disabled_reason and the failure streak. An endpoint managed by configuration takes only disabled.",
            tag: webhookTag, parameters: [endpointID], jsonBody: schema("WebhookEndpointChange"),
            answers: [
                "200": jsonAnswer("The endpoint as it now is", schema("WebhookEndpoint")), "404": endpointNotFound, "409": endpointManaged,
                "422": endpointURLRefused,
            ],
            shared: endpointBodyRefusals)
    }

    /// `DELETE /v1/webhook-endpoints/{id}`.
    static var deleteWebhookEndpoint: OpenAPIOperation {
        OpenAPIOperation(
            "deleteWebhookEndpoint", "Delete a webhook endpoint and its delivery log",
            description: "Its queued deliveries are discarded when they next run.", tag: webhookTag,
            parameters: [endpointID],
            answers: ["204": .own(description: "Deleted"), "404": endpointNotFound, "409": endpointManaged], shared: endpointRefusals)
    }

    /// `POST /v1/webhook-endpoints/{id}/rotate-secret`.
    static var rotateWebhookSecret: OpenAPIOperation {
        OpenAPIOperation(
            "rotateWebhookSecret", "Give an endpoint a new signing secret, shown only in this answer",
            description:
                "Until previous_expires_in_seconds (default 86400, at most 604800; 0: at once) have passed, every delivery carries a v1 signature under each secret, newest first.",
            tag: webhookTag, parameters: [endpointID],
            jsonBody: requestObject(
                required: [],
                ["previous_expires_in_seconds": ["type": "integer", "minimum": 0, "maximum": 604_800, "default": 86_400]]),
            requestExample: ["previous_expires_in_seconds": 3_600],
            answers: [
                "200": jsonAnswer("The endpoint with its new secret", schema("WebhookEndpointWithSecret")), "404": endpointNotFound,
                "409": endpointManaged,
            ],
            shared: endpointBodyRefusals)
    }

    /// `POST /v1/webhook-endpoints/{id}/test`.
    static var testWebhookEndpoint: OpenAPIOperation {
        OpenAPIOperation(
            "testWebhookEndpoint", "Send a webhook.test event to this endpoint alone",
            description: "Whatever its filter; a disabled endpoint's test is discarded unsent.", tag: webhookTag,
            parameters: [endpointID],
            answers: [
                "202": jsonAnswer(
                    "Queued", object(required: ["event_id"], ["event_id": uuid]), example: ["event_id": .string(exampleEventID)]),
                "404": endpointNotFound,
            ],
            shared: endpointRefusals)
    }

    /// `GET /v1/webhook-endpoints/{id}/deliveries`.
    static var listWebhookDeliveries: OpenAPIOperation {
        OpenAPIOperation(
            "listWebhookDeliveries", "The endpoint's delivery log, newest first (keyset pagination)",
            description:
                "One entry per attempt, written when it starts: an attempt whose worker stopped mid-request shows status interrupted.",
            tag: webhookTag,
            parameters: [
                endpointID,
                query(
                    "status", ["type": "string", "enum": .init(strings: WebhookDeliveryLog.Filter.allCases.map(\.rawValue))],
                    description:
                        "succeeded: answered 2xx; failed: finished without a 2xx; interrupted: no outcome (the worker stopped mid-request, or the request is in flight)."
                ),
            ] + endpointPage,
            answers: [
                "200": jsonAnswer(
                    "One page",
                    object(
                        required: ["deliveries", "next_cursor"],
                        ["deliveries": array(of: schema("WebhookDelivery")), "next_cursor": nullable("string")]),
                    example: ["deliveries": [exampleDelivery], "next_cursor": "1206"]),
                "404": endpointNotFound, "422": errorAnswer("A bad parameter (details.field) (validation_failed)"),
            ],
            shared: endpointRefusals)
    }

    /// `POST /v1/events/{id}/redeliver`.
    static var redeliverEvent: OpenAPIOperation {
        OpenAPIOperation(
            "redeliverEvent", "Deliver an event again: same id and body, a new signature timestamp",
            description:
                "To endpoint_id alone when given (whatever its filter), else to every enabled endpoint whose filter takes the event.",
            tag: webhookTag, parameters: [endpointID],
            jsonBody: requestObject(required: [], ["endpoint_id": uuid]),
            requestExample: ["endpoint_id": "3f1c2b4a-5d6e-4f7a-8b9c-0d1e2f3a4b5c"],
            answers: [
                "202": jsonAnswer(
                    "Queued", object(required: ["event_id", "deliveries"], ["event_id": uuid, "deliveries": count]),
                    example: ["event_id": .string(exampleEventID), "deliveries": 1]),
                "404": errorAnswer("No such event or endpoint (event_not_found, webhook_endpoint_not_found)"),
            ],
            shared: endpointBodyRefusals)
    }

    private static var endpointID: OpenAPIParameter {
        pathParameter("id", uuid)
    }

    private static var endpointNotFound: OpenAPIResponse {
        errorAnswer("No such endpoint (webhook_endpoint_not_found)")
    }

    private static var endpointManaged: OpenAPIResponse {
        errorAnswer(
            "The endpoint comes from BATON_WEBHOOK_URL and can't be changed here (webhook_endpoint_managed_by_config)")
    }

    private static var endpointURLRefused: OpenAPIResponse {
        errorAnswer(
            "A field out of bounds, unknown or repeated (details.field), or a url whose host is an address the destination policy refuses (details.address_class: loopback, private, link_local, ...; docs/webhooks.md), or a signature_scheme that is neither baton nor standard_webhooks (validation_failed, unknown_field, duplicate_field, number_out_of_range, webhook_url_not_allowed, webhook_signature_scheme_unknown)"
        )
    }

    private static var endpointRefusals: [OpenAPISharedResponse] {
        OpenAPISharedResponse.keyed + [.invalidRequest, .unavailable]
    }

    private static var endpointBodyRefusals: [OpenAPISharedResponse] {
        OpenAPISharedResponse.keyed + OpenAPISharedResponse.jsonBody + [.validationFailedOrKeyReused, .unavailable]
    }

    private static var endpointPage: [OpenAPIParameter] {
        [
            query("limit", ["type": "integer", "minimum": 1, "maximum": 100, "default": 50]),
            query("after", string, description: "next_cursor of the previous page"),
        ]
    }
}
