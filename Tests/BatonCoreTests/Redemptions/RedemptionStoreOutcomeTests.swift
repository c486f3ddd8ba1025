import BatonTestSupport
import Postgres
import Testing

@testable import BatonCore

@Suite("RedemptionStore.Outcome", .timeLimit(.minutes(10)))
struct RedemptionStoreOutcomeTests {
    /// The labels the redemption statement's `CASE` can write.
    static func labels(in sql: String) -> Set<String> {
        Set(sql.matches(of: #/(?:THEN|ELSE) '([a-z_]+)'/#).map { String($0.1) })
    }

    @Test("the redemption statements write exactly the outcomes the store decodes")
    func statementWritesKnownOutcomes() {
        let known = Set(RedemptionStore.Outcome.allCases.map(\.rawValue))
        #expect(Self.labels(in: RedemptionStore.redeemByToken.sql) == known)
        #expect(Self.labels(in: RedemptionStore.redeemByCode.sql) == known)
    }

    @Test("every outcome label read from the server decodes to its case")
    func outcomesDecode() throws {
        let connection = try PostgresConnection(TestPostgres.shared.makeDatabase())
        for outcome in RedemptionStore.Outcome.allCases {
            let row = try connection.query("SELECT $1::text AS outcome", [outcome.rawValue])[0]
            #expect(try row.decode(RedemptionStore.Outcome.self, "outcome") == outcome)
        }
    }

    @Test("an unknown outcome is decoding_unknown_value, not taken for invite_used_up")
    func unknownOutcomeIsTyped() throws {
        let connection = try PostgresConnection(TestPostgres.shared.makeDatabase())
        let row = try connection.query("SELECT 'used-up' AS outcome")[0]
        #expect(throws: PostgresError(.decodingUnknownValue, column: "outcome")) {
            try row.decode(RedemptionStore.Outcome.self, "outcome")
        }
    }
}
