/// One family's invite funnel: how many invites were issued, first
/// previewed and redeemed.
struct FunnelCounts: Equatable, CustomStringConvertible {
    let issued: Int
    let previewed: Int
    let redeemed: Int

    var description: String { "issued \(issued) → previewed \(previewed) → redeemed \(redeemed)" }
}

extension TestApp {
    /// The funnel of `familyID`, counted straight from `baton.events`
    /// (`invite.created`, `invite.previewed`, `invite.redeemed`).
    ///
    /// Stands in for `GET /v1/metrics/funnel?family_id=` until the funnel API
    /// is merged; then this helper should read that API's totals instead, so
    /// the end-to-end test checks what operators see.
    func funnelFromEvents(familyID: String) throws -> FunnelCounts {
        try withConnection { connection in
            let row = try connection.query(Self.funnelCounts, [familyID])[0]
            return FunnelCounts(issued: try row.decode(Int.self, at: 0), previewed: try row.decode(Int.self, at: 1),
                                redeemed: try row.decode(Int.self, at: 2))
        }
    }

    private static let funnelCounts = """
        SELECT count(*) FILTER (WHERE type = 'invite.created'),
               count(*) FILTER (WHERE type = 'invite.previewed'),
               count(*) FILTER (WHERE type = 'invite.redeemed')
        FROM baton.events WHERE family_id = $1
        """
}
