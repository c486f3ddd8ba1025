import Foundation
import Journey

/// One family's invite funnel: how many invites were issued, first
/// previewed and redeemed.
struct FunnelCounts: Equatable, CustomStringConvertible {
    let issued: Int
    let previewed: Int
    let redeemed: Int

    var description: String { "issued \(issued) → previewed \(previewed) → redeemed \(redeemed)" }
}

extension TestApp {
    /// The funnel of `familyID` as operators see it: the totals of
    /// `GET /v1/metrics/funnel?family_id=` over the default window (the last
    /// seven days), read with a fresh `metrics:read` key.
    func funnel(familyID: String) throws -> FunnelCounts {
        let client = try client(apiKey: try makeKey([.metricsRead]))
        let family = familyID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? familyID
        let response = try client.get("/v1/metrics/funnel?family_id=\(family)")
        guard response.status == 200, let totals = response.json["totals"] as? [String: Any],
            let issued = totals["issued"] as? Int, let previewed = totals["previewed"] as? Int, let redeemed = totals["redeemed"] as? Int
        else { throw FunnelUnavailable(status: response.status) }
        return FunnelCounts(issued: issued, previewed: previewed, redeemed: redeemed)
    }
}

/// The funnel API did not answer 200 with totals.
struct FunnelUnavailable: Error {
    let status: Int
}
