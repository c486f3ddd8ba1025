import BatonCore
import Foundation
import HTTP

/// `DELETE /v1/families/{family_id}` (scope `admin`): revokes the family's
/// live invites and erases its personal data (``FamilyEraser``, docs/privacy.md)
/// in one transaction; 200 with what was erased, 404 `family_not_found`
/// when no invite ever named the family. Erasing again is safe.
struct FamilyRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.admin)) { group in
            group.delete(
                "/v1/families/:family_id", operation: .eraseFamily, options: RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)
            ) {
                request, _ in try erase(request)
            }
        }
    }

    private func erase(_ request: Request) throws -> Response {
        let familyID = request.parameter("family_id") ?? ""
        let report = try app.transaction { try app.familyEraser.erase(familyID: familyID, on: $0) }
        app.metrics.invitesRevoked.increment(by: report.invitesRevoked)
        return try .json(FamilyErasureBody(report))
    }
}

/// The answer of an erasure: counts and the `family.erased` event's id, no
/// erased data; `baton families erase --json` prints the same.
public struct FamilyErasureBody: Encodable {
    var familyId: String
    var erasedAt: Date
    var invitesRevoked: Int
    var invitesErased: Int
    var redemptionsErased: Int
    var eventsErased: Int
    var idempotentResponsesErased: Int
    var eventId: String

    /// The body of `report`.
    public init(_ report: FamilyEraser.Report) {
        familyId = report.familyID
        erasedAt = report.erasedAt
        invitesRevoked = report.invitesRevoked
        invitesErased = report.invitesErased
        redemptionsErased = report.redemptionsErased
        eventsErased = report.eventsErased
        idempotentResponsesErased = report.responsesErased
        eventId = report.eventID.uuidString.lowercased()
    }
}
