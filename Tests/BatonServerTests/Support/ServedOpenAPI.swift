import BatonCore
import BatonTestSupport
import Foundation
import HTTP

@testable import BatonServer

/// The router `BatonApplication.makeRouter()` builds over the test settings
/// and the OpenAPI document it serves, built once per test process. The
/// application opens no connection until a request needs one, and none is
/// made, so no database is involved.
enum ServedOpenAPI {
    /// The router with every route of the API.
    static let router: Router = {
        let environment = [
            "BATON_DATABASE_URL": "postgres://baton@127.0.0.1:1/unused",
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_PUBLIC_BASE_URL": "https://\(TestApp.publicHost)",
            "BATON_APPLE_TEAM_ID": "ABCDE12345",
            "BATON_APP_BUNDLE_ID": "com.example.family",
            "BATON_CLIP_BUNDLE_ID": "com.example.family.Clip",
        ]
        // The settings above are valid; a failure here is a broken test setup.
        guard let configuration = try? BatonConfiguration(environment: environment) else {
            preconditionFailure("the test settings are not a valid configuration")
        }
        return BatonApplication(configuration: configuration).makeRouter()
    }()

    /// `GET /openapi.json`'s body.
    static let json = OpenAPIDocument.json(for: router.registrations)

    /// The document as Foundation reads it, for the tests' lookups.
    static var document: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }
}
