/// The paths outside the JSON API: the landing page and its QR code, the
/// dashboard, the well-known files, metrics, health and this document.
extension OpenAPIDocument {
    /// The non-`/v1` paths with their operations.
    static var pagePaths: Object {
        [
            "/invite/{token}": [
                "get": operation(
                    "landingPage", "HTML landing page with Smart App Banner and Open Graph tags", security: [],
                    parameters: [parameter("LandingToken")],
                    answers: ["200": textAnswer("The page", "text/html"), "404": textAnswer("A plain not-found page", "text/html")],
                    shared: [.invalidRequest, .unavailable])
            ],
            "/invite/{token}/qr.svg": [
                "get": operation(
                    "landingQRCode", "QR code of the invite link", security: [], parameters: [parameter("LandingToken")],
                    answers: ["200": textAnswer("The QR code", "image/svg+xml"), "404": ["description": "Unknown token"]],
                    shared: [.invalidRequest, .unavailable])
            ],
            "/admin": ["get": adminDashboard],
            "/.well-known/apple-app-site-association": [
                "get": operation(
                    "appleAppSiteAssociation", "AASA file for the app and App Clip, no redirect", security: [],
                    answers: ["200": jsonAnswer("The AASA document", ["type": "object"])])
            ],
            "/.well-known/assetlinks.json": [
                "get": operation(
                    "androidAssetLinks", "Digital Asset Links, when an Android app is configured", security: [],
                    answers: [
                        "200": jsonAnswer("The statements", array(of: ["type": "object"])),
                        "404": ["description": "No Android app configured"],
                    ])
            ],
            "/metrics": [
                "get": operation(
                    "prometheusMetrics",
                    "Prometheus text exposition 0.0.4 (scope metrics:read); absent here when BATON_METRICS_LISTEN serves it elsewhere",
                    security: nil,
                    answers: ["200": textAnswer("Metrics in the Prometheus text format, version 0.0.4", "text/plain")],
                    shared: OpenAPISharedResponse.keyed)
            ],
            "/healthz": ["get": operation("health", "The process answers", security: [], answers: ["200": textAnswer("ok", "text/plain")])],
            "/readyz": [
                "get": operation(
                    "readiness", "Database reachable and migrations current", security: [],
                    answers: ["200": textAnswer("ready", "text/plain"), "503": errorAnswer("Not ready (unavailable)")])
            ],
            "/openapi.json": [
                "get": operation("openAPI", "This document", security: [], answers: ["200": jsonAnswer("OpenAPI 3.1", ["type": "object"])])
            ],
        ]
    }

    /// `GET /admin`: an HTML page whose refusals are HTML too, except the HTTP layer's JSON 400.
    private static var adminDashboard: Object {
        operation(
            "adminDashboard",
            "Operators' HTML dashboard: funnel, conversion, time to redeem, rejections, queue health (server-rendered SVG, no script)",
            security: [["adminBasic": [String]()]],
            parameters: [
                query("from", string, description: "First UTC day (YYYY-MM-DD) or RFC 3339 date-time; default 7 days before to"),
                query("to", string, description: "Last UTC day, inclusive (YYYY-MM-DD), or RFC 3339 date-time (exclusive); default now"),
                query("interval", interval),
                query("family_id", ["type": "string", "maxLength": 128]),
            ],
            answers: [
                "200": textAnswer("The dashboard", "text/html"),
                "400": [
                    "description":
                        "The page with the form's error shown inline and no charts; a URI the HTTP layer refuses (control characters) gets the JSON error",
                    "content": ["text/html": ["schema": string], "application/json": ["schema": schema("Error")]],
                ],
                "401": textAnswer(#"No usable API key; WWW-Authenticate: Basic realm="Baton admin", charset="UTF-8""#, "text/html"),
                "403": textAnswer("The key lacks metrics:read", "text/html"),
            ],
            shared: [.rateLimited])
    }
}
