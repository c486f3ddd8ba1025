import BatonJSON

/// The paths outside the JSON API: the landing page and its QR code, the
/// dashboard, the well-known files, metrics, health and this document.
extension OpenAPIOperation {
    /// `GET /invite/{token}`.
    static var landingPage: OpenAPIOperation {
        OpenAPIOperation(
            "landingPage", "HTML landing page with Smart App Banner and Open Graph tags",
            description:
                "What Safari shows for an invite link when the App Clip does not open: the family and inviter (escaped), the Smart App Banner offering the clip, noindex.",
            tag: "Pages",
            parameters: [parameter("LandingToken")],
            answers: ["200": textAnswer("The page", "text/html"), "404": textAnswer("A plain not-found page", "text/html")],
            shared: [.invalidRequest, .unavailable])
    }

    /// `GET /invite/{token}/qr.svg`.
    static var landingQRCode: OpenAPIOperation {
        OpenAPIOperation(
            "landingQRCode", "QR code of the invite link",
            description: "An SVG QR code of the invite link, for showing the invite on another screen.", tag: "Pages",
            parameters: [parameter("LandingToken")],
            answers: ["200": textAnswer("The QR code", "image/svg+xml"), "404": .own(description: "Unknown token")],
            shared: [.invalidRequest, .unavailable])
    }

    /// `GET /.well-known/apple-app-site-association`.
    static var appleAppSiteAssociation: OpenAPIOperation {
        OpenAPIOperation(
            "appleAppSiteAssociation", "AASA file for the app and App Clip, no redirect",
            description:
                "The apple-app-site-association document built from BATON_APPLE_TEAM_ID, BATON_APP_BUNDLE_ID and BATON_CLIP_BUNDLE_ID: appclips names the clip, applinks gives the app /invite/.",
            tag: "Well-known",
            answers: [
                "200": jsonAnswer("The AASA document", ["type": "object"]),
                "404": errorAnswer("No Apple app configured (not_found)"),
            ])
    }

    /// `GET /.well-known/assetlinks.json`.
    static var androidAssetLinks: OpenAPIOperation {
        OpenAPIOperation(
            "androidAssetLinks", "Digital Asset Links, when an Android app is configured",
            description: "The assetlinks.json statements that let the Android app open invite links.", tag: "Well-known",
            answers: [
                "200": jsonAnswer("The statements", array(of: ["type": "object"])),
                "404": errorAnswer("No Android app configured (not_found)"),
            ])
    }

    /// `GET /metrics`.
    static var prometheusMetrics: OpenAPIOperation {
        OpenAPIOperation(
            "prometheusMetrics",
            "Prometheus text exposition 0.0.4 (scope metrics:read); absent here when BATON_METRICS_LISTEN serves it elsewhere",
            description: "Counters, gauges and histograms of the server, the pool and the queue, for a Prometheus scrape.",
            tag: "Metrics",
            answers: ["200": textAnswer("Metrics in the Prometheus text format, version 0.0.4", "text/plain")],
            shared: OpenAPISharedResponse.keyed)
    }

    /// `GET /healthz`.
    static var health: OpenAPIOperation {
        OpenAPIOperation(
            "health", "The process answers", description: "Liveness: answers without touching the database.", tag: "Operations",
            answers: ["200": textAnswer("ok", "text/plain")])
    }

    /// `GET /readyz`.
    static var readiness: OpenAPIOperation {
        OpenAPIOperation(
            "readiness", "Database reachable and migrations current",
            description: "Readiness for a load balancer: 200 once the database answers and its migrations match this build.",
            tag: "Operations",
            answers: ["200": textAnswer("ready", "text/plain"), "503": errorAnswer("Not ready (unavailable)")])
    }

    /// `GET /openapi.json`.
    static var openAPI: OpenAPIOperation {
        OpenAPIOperation(
            "openAPI", "This document", description: "The OpenAPI 3.1 description of every route, public and cacheable.",
            tag: "Operations", answers: ["200": jsonAnswer("OpenAPI 3.1", ["type": "object"])])
    }

    /// `GET /admin`: an HTML page whose refusals are HTML too, except the HTTP layer's JSON 400.
    static var adminDashboard: OpenAPIOperation {
        let refused = errorAnswer(
            "The page with the form's error shown inline and no charts; a URI the HTTP layer refuses (control characters) gets the JSON error (invalid_request)"
        )
        return OpenAPIOperation(
            "adminDashboard",
            "Operators' HTML dashboard: funnel, conversion, time to redeem, rejections, queue health (server-rendered SVG, no script)",
            description:
                "Signs in with HTTP Basic (the password is an API key with metrics:read) or an admin session; the form's range, family, view and breakdown are query parameters, errors are shown inline.",
            tag: "Metrics",
            parameters: [
                query("from", string, description: "First UTC day (YYYY-MM-DD) or RFC 3339 date-time; default 7 days before to"),
                query("to", string, description: "Last UTC day, inclusive (YYYY-MM-DD), or RFC 3339 date-time (exclusive); default now"),
                query("interval", interval),
                query("family_id", ["type": "string", "maxLength": 128]),
                query(
                    "view", ["type": "string", "enum": ["flow", "cohort"], "default": "flow"],
                    description:
                        "How the stage funnel, drop-off and breakdown count: flow (stages by when they happened) or cohort (invites by when issued)"
                ),
                query(
                    "group_by", ["type": "string", "enum": ["source", "campaign", "inviter", "family", "platform"], "default": "source"],
                    description: "The one breakdown shown (top 5 and other)"),
            ],
            answers: [
                "200": textAnswer("The dashboard", "text/html"),
                "400": refused.with(content: "text/html", OpenAPIMediaType(schema: string)),
                "401": textAnswer(#"No usable API key; WWW-Authenticate: Basic realm="Baton admin", charset="UTF-8""#, "text/html"),
                "403": textAnswer("The key lacks metrics:read", "text/html"),
            ],
            shared: [.rateLimited])
    }
}
