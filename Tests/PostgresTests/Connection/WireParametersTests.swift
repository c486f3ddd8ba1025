import Foundation
import Postgres
import Testing

extension PostgresModuleTests {
    /// The one buffer `WireParameters` lays every parameter out in, seen
    /// from the server: each value must arrive whole, in its place.
    @Suite(.timeLimit(.minutes(10))) struct WireParametersTests {
        static let database = SuiteDatabase()

        static let statement = PostgresStatement(
            name: "wire_parameters_mix",
            sql: "SELECT $1::text, $2::int8, $3::text IS NULL, $4::bytea, $5::text, $6::uuid IS NULL, $7::bytea")

        @Test("text, binary, NULL and empty values side by side arrive in order, by name and by SQL", arguments: [true, false])
        func mixedParametersArriveInOrder(prepared: Bool) throws {
            let connection = try Self.database.connect()
            let parameters: [any PostgresBindable] = [
                "first", Int64.min, String?.none, Data([0, 0xff, 0]), "", UUID?.none, PostgresBinding.bytea([]),
            ]
            let rows =
                prepared
                ? try connection.query(Self.statement, parameters)
                : try connection.query(Self.statement.sql, parameters)
            let row = rows[0]
            #expect(try row.decode(String.self, at: 0) == "first")
            #expect(try row.decode(Int64.self, at: 1) == .min)
            #expect(try row.decode(Bool.self, at: 2))
            #expect(try row.decode(Data.self, at: 3) == Data([0, 0xff, 0]))
            #expect(try row.decode(String.self, at: 4) == "")
            #expect(try row.decode(Bool.self, at: 5))
            #expect(try row.decode(Data.self, at: 6) == Data())
        }

        @Test("a statement without parameters runs")
        func noParameters() throws {
            #expect(try Self.database.connect().query("SELECT 7")[0].decode(Int.self, at: 0) == 7)
        }

        @Test("bytes bound with PostgresBinding.bytea match the same bytes bound as Data")
        func byteaBindingMatchesData() throws {
            let bytes: [UInt8] = [1, 0, 0x5c, 0xff, 0x27]
            let row = try Self.database.connect().query("SELECT $1::bytea = $2::bytea", [PostgresBinding.bytea(bytes), Data(bytes)])[0]
            #expect(try row.decode(Bool.self, at: 0))
        }
    }
}
