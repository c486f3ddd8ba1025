import Foundation
import Postgres
import Testing

/// An array bound as a parameter, checked by the server against the same
/// array written in SQL, and read back.
struct ArrayRoundTrip: Sendable, CustomTestStringConvertible {
    let sqlType: String
    let literal: String
    let check: @Sendable (PostgresConnection) throws -> (sameOnServer: Bool, sameBack: Bool)
    var testDescription: String { "\(sqlType) \(literal)" }

    /// `value`, which the server must find equal to `literal::sqlType`
    /// (`IS NOT DISTINCT FROM`, so NULL elements count) with its type.
    init<Element: PostgresArrayElement & PostgresDecodable & Equatable>(_ value: [Element], _ literal: String, as sqlType: String) {
        self.sqlType = sqlType
        self.literal = literal
        check = { connection in
            let row = try connection.query(
                """
                SELECT $1 IS NOT DISTINCT FROM '\(literal)'::\(sqlType) AND pg_typeof($1) = '\(sqlType)'::regtype AS same,
                       $1 AS back
                """, [value])[0]
            return (try row.decode(Bool.self, "same"), try row.decode([Element].self, "back") == value)
        }
    }
}

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresArrayTests {
        static let database = SuiteDatabase()

        static let uuid = UUID(uuidString: "0C8A1F2E-93B4-4D5C-8E6F-7A8B9C0D1E2F")!
        static let date = Date(timeIntervalSince1970: 1_795_965_445.123456)

        static let roundTrips: [ArrayRoundTrip] = [
            ArrayRoundTrip([Int64.min, 0, Int64.max], "{-9223372036854775808,0,9223372036854775807}", as: "int8[]"),
            ArrayRoundTrip([7, -1] as [Int], "{7,-1}", as: "int8[]"),
            ArrayRoundTrip([Int32.min, 1, Int32.max], "{-2147483648,1,2147483647}", as: "int4[]"),
            ArrayRoundTrip([Int16.min, 2, Int16.max], "{-32768,2,32767}", as: "int2[]"),
            ArrayRoundTrip([true, false], "{t,f}", as: "bool[]"),
            ArrayRoundTrip([0.1, -1e300, 2.5], "{0.1,-1e300,2.5}", as: "float8[]"),
            ArrayRoundTrip([uuid], "{0c8a1f2e-93b4-4d5c-8e6f-7a8b9c0d1e2f}", as: "uuid[]"),
            ArrayRoundTrip(["a", "b,c", "\"q\"", "", "ü {x}", "NULL"], #"{a,"b,c","\"q\"","","ü {x}","NULL"}"#, as: "text[]"),
            ArrayRoundTrip([date], #"{"2026-11-29 15:17:25.123456+00"}"#, as: "timestamptz[]"),
            ArrayRoundTrip([Data([0, 1, 0x5c, 0xff]), Data()], #"{"\\x00015cff","\\x"}"#, as: "bytea[]"),
            ArrayRoundTrip([nil, 5, nil] as [Int64?], "{NULL,5,NULL}", as: "int8[]"),
            ArrayRoundTrip([1, nil] as [Int32?], "{1,NULL}", as: "int4[]"),
            ArrayRoundTrip([nil] as [Int16?], "{NULL}", as: "int2[]"),
            ArrayRoundTrip([nil, true] as [Bool?], "{NULL,t}", as: "bool[]"),
            ArrayRoundTrip([1.5, nil] as [Double?], "{1.5,NULL}", as: "float8[]"),
            ArrayRoundTrip([nil, uuid] as [UUID?], "{NULL,0c8a1f2e-93b4-4d5c-8e6f-7a8b9c0d1e2f}", as: "uuid[]"),
            ArrayRoundTrip(["x", nil, ""] as [String?], #"{x,NULL,""}"#, as: "text[]"),
            ArrayRoundTrip([date, nil] as [Date?], #"{"2026-11-29 15:17:25.123456+00",NULL}"#, as: "timestamptz[]"),
            ArrayRoundTrip([nil, Data([1])] as [Data?], #"{NULL,"\\x01"}"#, as: "bytea[]"),
            ArrayRoundTrip([Int64](), "{}", as: "int8[]"),
            ArrayRoundTrip([Int32](), "{}", as: "int4[]"),
            ArrayRoundTrip([Int16](), "{}", as: "int2[]"),
            ArrayRoundTrip([Bool](), "{}", as: "bool[]"),
            ArrayRoundTrip([Double](), "{}", as: "float8[]"),
            ArrayRoundTrip([UUID](), "{}", as: "uuid[]"),
            ArrayRoundTrip([String](), "{}", as: "text[]"),
            ArrayRoundTrip([Date](), "{}", as: "timestamptz[]"),
            ArrayRoundTrip([Data](), "{}", as: "bytea[]"),
            ArrayRoundTrip([String?](), "{}", as: "text[]"),
        ]

        @Test("an array parameter is the array the server would write, of its type, and reads back equal", arguments: roundTrips)
        func arrayRoundTrips(_ roundTrip: ArrayRoundTrip) throws {
            let result = try roundTrip.check(Self.database.connect())
            #expect(result.sameOnServer)
            #expect(result.sameBack)
        }

        @Test("arrays bound side by side unnest into rows without casts from text")
        func arraysUnnestIntoRows() throws {
            let connection = try Self.database.connect()
            let rows = try connection.query(
                "SELECT * FROM unnest($1::int8[], $2::text[], $3::bool[]) AS x(id, name, flag) ORDER BY id",
                [[Int64(2), 1, 3], ["two", "one", nil] as [String?], [true, false, true]])
            #expect(rows.count == 3)
            #expect(try rows.map { try $0.decode(Int64.self, "id") } == [1, 2, 3])
            #expect(try rows.map { try $0.decode(String?.self, "name") } == ["one", "two", nil])
            #expect(try rows.map { try $0.decode(Bool.self, "flag") } == [false, true, true])
        }

        @Test("a NULL element read as a non-optional element is decoding_null naming the column")
        func nullElementIsTyped() throws {
            let row = try Self.database.connect().query("SELECT ARRAY[1, NULL]::int8[] AS ids")[0]
            #expect(throws: PostgresError(.decodingNull, column: "ids")) { try row.decode([Int64].self, "ids") }
            #expect(try row.decode([Int64?].self, "ids") == [1, nil])
        }

        @Test("a two-dimensional array, or elements of another type, is decoding_type_mismatch")
        func otherShapesAreTyped() throws {
            let row = try Self.database.connect().query("SELECT '{{1,2},{3,4}}'::int8[] AS square, '{a}'::text[] AS words")[0]
            #expect(throws: PostgresError(.decodingTypeMismatch, column: "square")) { try row.decode([Int64].self, "square") }
            #expect(throws: PostgresError(.decodingTypeMismatch, column: "words")) { try row.decode([Int64].self, "words") }
        }

        @Test("an int4[] or int2[] reads as [Int64], as their scalars do")
        func narrowerIntegersWiden() throws {
            let row = try Self.database.connect().query("SELECT '{1,-2}'::int4[] AS four, '{3}'::int2[] AS two")[0]
            #expect(try row.decode([Int64].self, "four") == [1, -2])
            #expect(try row.decode([Int].self, "two") == [3])
        }

        @Test("a text element holding a NUL byte is refused by the server with a typed error")
        func nulInTextElementIsRefused() throws {
            let connection = try Self.database.connect()
            let error = #expect(throws: PostgresError.self) { try connection.query("SELECT $1::text[]", [["a\u{0}b"]]) }
            #expect(error?.sqlState == "22021")
            #expect(try connection.query("SELECT 1")[0].decode(Int.self, at: 0) == 1)
        }
    }
}
