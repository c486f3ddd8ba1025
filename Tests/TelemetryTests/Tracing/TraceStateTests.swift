import Telemetry
import Testing

@Suite("TraceState", .timeLimit(.minutes(10)))
struct TraceStateTests {
    /// Header fields and the list they are passed on as.
    static let valid: [([String], String?)] = [
        (["rojo=00f067aa0ba902b7"], "rojo=00f067aa0ba902b7"),
        (["a=1,b=2"], "a=1,b=2"),
        (["a=1 , \t b=2"], "a=1,b=2"),
        (["a=1", "b=2"], "a=1,b=2"),
        (["a=1,,b=2,"], "a=1,b=2"),
        ([""], nil),
        (["tenant7@sys=v"], "tenant7@sys=v"),
        (["1tenant@sys=v"], "1tenant@sys=v"),
        (["k_-*/9=v a!~"], "k_-*/9=v a!~"),
    ]

    static let invalid: [[String]] = [
        ["Upper=1"],
        ["1digit=1"],
        ["novalue"],
        ["key="],
        ["a=1,a=2"],
        ["a=1", "a=2"],
        ["a=b=c"],
        ["a@=1"],
        ["@b=1"],
        ["a@b@c=1"],
        ["a@1b=1"],
        ["a@abcdefghijklmno=1"],
        ["k=caf\u{E9}"],
        ["k=tab\there"],
        [String(repeating: "k", count: 257) + "=1"],
        ["k=" + String(repeating: "v", count: 257)],
        [(0..<33).map { "k\($0)=v" }.joined(separator: ",")],
    ]

    @Test("a valid tracestate is kept in order", arguments: valid)
    func keepsValid(_ fields: [String], _ header: String?) throws {
        let state = try #require(TraceState(fields: fields))
        #expect(state.header == header)
    }

    @Test("an invalid tracestate is dropped whole", arguments: invalid)
    func dropsInvalid(_ fields: [String]) {
        #expect(TraceState(fields: fields) == nil)
    }

    @Test("thirty-two members are allowed")
    func thirtyTwoMembers() throws {
        let state = try #require(TraceState(fields: [(0..<32).map { "k\($0)=v" }.joined(separator: ",")]))
        #expect(state.members.count == 32)
    }

    @Test("a list over 512 bytes loses its long members first, then members from the end")
    func longListIsTruncated() throws {
        let long = "long=" + String(repeating: "x", count: 200)
        let short = (0..<20).map { "key\($0)=" + String(repeating: "v", count: 20) }
        let state = try #require(TraceState(fields: [([long] + short).joined(separator: ",")]))
        let header = try #require(state.header)
        #expect(header.utf8.count <= 512)
        #expect(!header.contains("long="))
        #expect(state.members.map(\.key) == (0..<state.members.count).map { "key\($0)" })
        #expect(state.members.count == 19)
    }
}
