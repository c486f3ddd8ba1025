import Foundation
import Postgres
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresConnectionTests {
        static let database = SuiteDatabase()

        /// The server's socket directory, port and user, asked of the server so
        /// the test works for a socket or TCP test database alike.
        func serverAddress(_ connection: PostgresConnection) throws -> (socket: String, port: String, user: String) {
            let row = try connection.query(
                """
                SELECT split_part(current_setting('unix_socket_directories'), ',', 1),
                       current_setting('port'), current_user::text
                """)[0]
            return (try row.decode(at: 0), try row.decode(at: 1), try row.decode(at: 2))
        }

        @Test("a multi-host conninfo with target_session_attrs reaches the live host")
        func multiHostConninfo() throws {
            let probe = try Self.database.connect()
            let (socket, port, user) = try serverAddress(probe)
            let database: String = try probe.query("SELECT current_database()::text")[0].decode(at: 0)
            let conninfo =
                "host=/nonexistent,\(socket) port=\(port),\(port) user=\(user) dbname=\(database) "
                + "target_session_attrs=read-write"
            let connection = try PostgresConnection(conninfo)
            #expect(try connection.query("SELECT current_database()::text")[0].decode(String.self, at: 0) == database)
        }

        @Test("a postgresql:// URL connects")
        func urlConnects() throws {
            let probe = try Self.database.connect()
            let (socket, port, user) = try serverAddress(probe)
            let host = socket.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socket
            let connection = try PostgresConnection("postgresql://\(user)@/postgres?host=\(host)&port=\(port)")
            #expect(try connection.query("SELECT 1")[0].decode(Int.self, at: 0) == 1)
        }

        @Test("an unreachable server is connection_failed")
        func unreachableServer() {
            let error = #expect(throws: PostgresError.self) {
                try PostgresConnection("host=/nonexistent port=1", connectTimeoutSeconds: 2)
            }
            #expect(error?.code == .connectionFailed)
            #expect(error?.isConnectionFailure == true)
        }

        @Test("a closed connection refuses work with connection_closed")
        func closedConnection() throws {
            let connection = try Self.database.connect()
            connection.close()
            #expect(throws: PostgresError(.connectionClosed)) { try connection.query("SELECT 1") }
        }

        @Test("a named statement is prepared once per connection and re-prepared when its SQL changes")
        func preparedStatementCache() throws {
            let connection = try Self.database.connect()
            let double = PostgresStatement(name: "scale", sql: "SELECT $1::int8 * 2")
            let triple = PostgresStatement(name: "scale", sql: "SELECT $1::int8 * 3")
            #expect(try connection.query(double, [21])[0].decode(Int.self, at: 0) == 42)
            #expect(try connection.query(double, [5])[0].decode(Int.self, at: 0) == 10)
            let count = "SELECT count(*) FROM pg_prepared_statements WHERE name = 'scale'"
            #expect(try connection.query(count)[0].decode(Int.self, at: 0) == 1)
            #expect(try connection.query(triple, [5])[0].decode(Int.self, at: 0) == 15)
            #expect(try connection.query(count)[0].decode(Int.self, at: 0) == 1)
        }

        @Test("a script runs every statement and reports affected rows of the last")
        func scriptAndAffectedRows() throws {
            let connection = try Self.database.connect()
            try connection.runScript(
                """
                DROP TABLE IF EXISTS items; CREATE TABLE items (id int PRIMARY KEY);
                INSERT INTO items SELECT generate_series(1, 5);
                """)
            let deleted = try connection.query("DELETE FROM items WHERE id > $1", [Int32(2)])
            #expect(deleted.affectedRows == 3)
            #expect(deleted.isEmpty)
        }
    }
}
