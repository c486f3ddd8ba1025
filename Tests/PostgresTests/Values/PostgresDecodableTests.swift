import Foundation
import Postgres
import Testing

/// A value sent as a parameter, cast to `sqlType` by the server, and read back.
struct RoundTrip: Sendable, CustomTestStringConvertible {
    let sqlType: String
    let matches: @Sendable (PostgresConnection) throws -> Bool
    var testDescription: String { sqlType }

    init<T: PostgresBindable & PostgresDecodable & Equatable>(_ value: T, as sqlType: String) {
        self.sqlType = sqlType
        matches = { connection in
            let rows = try connection.query("SELECT $1::\(sqlType)", [value])
            return try rows[0].decode(T.self, at: 0) == value
        }
    }
}

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresDecodableTests {
        static let database = SuiteDatabase()

        static let roundTrips: [RoundTrip] = [
            RoundTrip("héllo, \"wörld\" ✓ \\ '", as: "text"),
            RoundTrip("", as: "text"),
            RoundTrip(Int.max, as: "int8"),
            RoundTrip(Int64.min, as: "int8"),
            RoundTrip(Int32(-5), as: "int4"),
            RoundTrip(true, as: "bool"),
            RoundTrip(false, as: "bool"),
            RoundTrip(0.1, as: "float8"),
            RoundTrip(-1e300, as: "float8"),
            RoundTrip(Data([0, 1, 0x5c, 0xff]), as: "bytea"),
            RoundTrip(UUID(uuidString: "0C8A1F2E-93B4-4D5C-8E6F-7A8B9C0D1E2F")!, as: "uuid"),
            RoundTrip(Date(timeIntervalSince1970: 1_795_965_445.123456), as: "timestamptz"),
            RoundTrip(["a", "b,c", "\"q\"", "", "ü {x}", "NULL"], as: "text[]"),
            RoundTrip([String](), as: "text[]"),
            RoundTrip(PostgresJSON(#"{"a": [1, "x"]}"#), as: "jsonb"),
        ]

        @Test("a value bound as a parameter comes back equal", arguments: roundTrips)
        func valueRoundTrips(_ roundTrip: RoundTrip) throws {
            let connection = try Self.database.connect()
            #expect(try roundTrip.matches(connection))
        }

        @Test("timestamptz decodes to the exact microsecond and binds without drift")
        func timestampIsExact() throws {
            let connection = try Self.database.connect()
            let row = try connection.query("SELECT '2026-11-29 15:17:25.123457+00'::timestamptz")[0]
            let date: Date = try row.decode(at: 0)
            #expect(abs(date.timeIntervalSince1970 - 1_795_965_445.123457) < 0.000_000_5)
            try connection.runScript("SET TimeZone = 'UTC'")
            let text: String = try connection.query("SELECT ($1::timestamptz)::text", [date])[0].decode(at: 0)
            #expect(text == "2026-11-29 15:17:25.123457+00")
        }

        @Test("json, jsonb and an enum label read as String")
        func textualTypesReadAsString() throws {
            let connection = try Self.database.connect()
            try connection.runScript("DROP TYPE IF EXISTS mood; CREATE TYPE mood AS ENUM ('calm', 'eager')")
            let row = try connection.query(#"SELECT '{"k":1}'::jsonb, '[1]'::json, 'eager'::mood"#)[0]
            #expect(try row.decode(String.self, at: 0) == #"{"k": 1}"#)
            #expect(try row.decode(PostgresJSON.self, at: 1) == PostgresJSON("[1]"))
            #expect(try row.decode(String.self, at: 2) == "eager")
            #expect(try connection.query("SELECT $1::mood", ["calm"])[0].decode(String.self, at: 0) == "calm")
        }

        @Test(
            "a NULL decodes as nil, and as a typed error for a non-optional",
            arguments: [
                "text", "int8", "int4", "bool", "float8", "bytea", "uuid", "timestamptz", "text[]", "jsonb",
            ])
        func nullIsTyped(_ sqlType: String) throws {
            let connection = try Self.database.connect()
            let row = try connection.query("SELECT NULL::\(sqlType) AS value")[0]
            let decoders: [String: (PostgresRow) throws -> Bool] = [
                "text": { try $0.decode(String?.self, at: 0) == nil },
                "int8": { try $0.decode(Int?.self, at: 0) == nil },
                "int4": { try $0.decode(Int32?.self, at: 0) == nil },
                "bool": { try $0.decode(Bool?.self, at: 0) == nil },
                "float8": { try $0.decode(Double?.self, at: 0) == nil },
                "bytea": { try $0.decode(Data?.self, at: 0) == nil },
                "uuid": { try $0.decode(UUID?.self, at: 0) == nil },
                "timestamptz": { try $0.decode(Date?.self, at: 0) == nil },
                "text[]": { try $0.decode([String]?.self, at: 0) == nil },
                "jsonb": { try $0.decode(PostgresJSON?.self, at: 0) == nil },
            ]
            #expect(try decoders[sqlType]!(row))
            let error = #expect(throws: PostgresError.self) { try row.decode(Int.self, "value") }
            #expect(error?.code == .decodingNull)
            #expect(error?.column == "value")
        }

        @Test("a NULL parameter is sent as SQL NULL")
        func nilBindsAsNull() throws {
            let connection = try Self.database.connect()
            let row = try connection.query("SELECT $1::int8 IS NULL, $2::text IS NULL", [Int?.none, String?.none])[0]
            #expect(try row.decode(Bool.self, at: 0))
            #expect(try row.decode(Bool.self, at: 1))
        }

        @Test(
            "a column of another type is decoding_type_mismatch",
            arguments: [
                "SELECT 'x'::text", "SELECT 3000000000::int8", "SELECT gen_random_uuid()", "SELECT 1.5::numeric",
            ])
        func mismatchIsTyped(_ sql: String) throws {
            let connection = try Self.database.connect()
            let row = try connection.query(sql)[0]
            let error = #expect(throws: PostgresError.self) { try row.decode(Int32.self, at: 0) }
            #expect(error?.code == .decodingTypeMismatch)
        }

        @Test("a missing column, by name or position, is column_missing")
        func missingColumnIsTyped() throws {
            let row = try Self.database.connect().query("SELECT 1 AS one")[0]
            #expect(throws: PostgresError(.columnMissing, column: "two")) { try row.decode(Int.self, "two") }
            #expect(throws: PostgresError(.columnMissing, column: "#3")) { try row.decode(Int.self, at: 3) }
        }

        @Test("a NULL inside a text[] is decoding_null")
        func nullArrayElementIsTyped() throws {
            let row = try Self.database.connect().query("SELECT ARRAY['a', NULL]::text[]")[0]
            #expect(throws: PostgresError.self) { try row.decode([String].self, at: 0) }
        }

        @Test("text holding a NUL byte is refused before it is sent")
        func nulInTextIsRefused() throws {
            let connection = try Self.database.connect()
            let error = #expect(throws: PostgresError.self) { try connection.query("SELECT $1::text", ["a\u{0}b"]) }
            #expect(error?.code == .invalidParameter)
            #expect(try connection.query("SELECT 1")[0].decode(Int.self, at: 0) == 1)
        }
    }
}
