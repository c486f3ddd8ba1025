import Dispatch
import Postgres
import Synchronization
import Testing

/// A statement outcome as a store would declare it.
private enum Verdict: String, PostgresDecodable {
    case accepted
    case refused
}

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresRowTests {
        static let database = SuiteDatabase()

        @Test("columns read by name give each row's own values, in any order")
        func namesReadEveryRow() throws {
            let rows = try Self.database.connect().query(
                "SELECT i AS id, 'n' || i AS name, i % 2 = 0 AS even FROM generate_series(1, 500) AS i")
            for (index, row) in rows.enumerated() {
                #expect(try row.decode(Bool.self, "even") == ((index + 1) % 2 == 0))
                #expect(try row.decode(String.self, "name") == "n\(index + 1)")
                #expect(try row.decode(Int64.self, "id") == Int64(index + 1))
            }
        }

        @Test("a renamed or missing column is column_missing naming it, on every row")
        func missingNameIsTyped() throws {
            let rows = try Self.database.connect().query("SELECT i AS ident FROM generate_series(1, 3) AS i")
            for row in rows {
                #expect(throws: PostgresError(.columnMissing, column: "id")) { try row.decode(Int.self, "id") }
                #expect(try row.decode(Int.self, "ident") > 0)
            }
        }

        @Test("names match exactly: case counts, and the first of two equal names wins")
        func namesMatchExactly() throws {
            let row = try Self.database.connect().query(#"SELECT 1 AS "Id", 2 AS id, 3 AS id"#)[0]
            #expect(try row.decode(Int.self, "Id") == 1)
            #expect(try row.decode(Int.self, "id") == 2)
            #expect(throws: PostgresError(.columnMissing, column: "ID")) { try row.decode(Int.self, "ID") }
        }

        @Test("a one-letter name and columns past the sixteenth read by name")
        func unusualNamesRead() throws {
            let columns = (1...20).map { "\($0) AS c\($0)" }.joined(separator: ", ")
            let rows = try Self.database.connect().query("SELECT \(columns), 0 AS x FROM generate_series(1, 2)")
            for row in rows {
                #expect(try row.decode(Int.self, "c1") == 1)
                #expect(try row.decode(Int.self, "c16") == 16)
                #expect(try row.decode(Int.self, "c17") == 17)
                #expect(try row.decode(Int.self, "c20") == 20)
                #expect(try row.decode(Int.self, "x") == 0)
            }
        }

        @Test("two call sites naming one column, alternating, both read it")
        func twoSitesShareAColumn() throws {
            let rows = try Self.database.connect().query("SELECT i AS id, -i AS negative FROM generate_series(1, 4) AS i")
            func first(_ row: PostgresRow) throws -> Int { try row.decode("id") }
            func second(_ row: PostgresRow) throws -> Int { try row.decode("id") }
            for (index, row) in rows.enumerated() {
                #expect(try first(row) == index + 1)
                #expect(try second(row) == index + 1)
                #expect(try row.decode(Int.self, "negative") == -(index + 1))
            }
        }

        @Test("threads reading one result by name at once each get the right values")
        func concurrentNameReads() throws {
            let rows = try Self.database.connect().query(
                "SELECT i AS a, i * 2 AS b, i * 3 AS c, i * 4 AS d FROM generate_series(1, 2000) AS i")
            let wrong = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in rows.indices {
                    let row = rows[(index + thread * 250) % rows.count]
                    let a = (try? row.decode(Int.self, "a")) ?? -1
                    let read = [
                        (try? row.decode(Int.self, "d")) ?? -1, (try? row.decode(Int.self, "b")) ?? -1,
                        (try? row.decode(Int.self, "c")) ?? -1,
                    ]
                    if read != [a * 4, a * 2, a * 3] { wrong.add(1, ordering: .relaxed) }
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
        }

        @Test("a string enum decodes its raw values; other text is decoding_unknown_value naming the column")
        func unknownEnumValueIsTyped() throws {
            let row = try Self.database.connect().query("SELECT 'refused' AS verdict, 'refuse' AS typo, NULL::text AS absent")[0]
            #expect(try row.decode(Verdict.self, "verdict") == .refused)
            #expect(throws: PostgresError(.decodingUnknownValue, column: "typo")) { try row.decode(Verdict.self, "typo") }
            #expect(throws: PostgresError(.decodingNull, column: "absent")) { try row.decode(Verdict.self, "absent") }
            #expect(try row.decode(Verdict?.self, "absent") == nil)
        }
    }
}
