import EventDestinations
import Testing

@Suite("Destination URLs", .timeLimit(.minutes(10)))
struct DestinationURLTests {
    @Test("a full redis URL gives its user, password, host, port and database")
    func fullRedisURL() throws {
        let url = try DestinationURL("redis://app:p%40ss:w@cache.internal:6380/3", scheme: "redis", defaultPort: 6379, allowsDatabase: true)
        #expect(url.user == "app")
        #expect(url.password == "p@ss:w")
        #expect(url.host == "cache.internal")
        #expect(url.port == 6380)
        #expect(url.database == 3)
        #expect(String(describing: url) == "redis://app:***@cache.internal:6380/3")
    }

    @Test("a bare host gets the default port, and an IPv6 address keeps its brackets when shown")
    func defaults() throws {
        let nats = try DestinationURL("nats://[::1]", scheme: "nats", defaultPort: 4222, allowsDatabase: false)
        #expect(nats.host == "::1")
        #expect(nats.port == 4222)
        #expect(nats.user == nil && nats.password == nil && nats.database == nil)
        #expect(String(describing: nats) == "nats://[::1]:4222")
        let passwordOnly = try DestinationURL("redis://:secret@localhost", scheme: "redis", defaultPort: 6379, allowsDatabase: true)
        #expect(passwordOnly.user == nil && passwordOnly.password == "secret")
        #expect(String(describing: passwordOnly) == "redis://:***@localhost:6379")
    }

    static let malformed = [
        "http://host:6379", "redis:/host", "redis://", "redis://host:0", "redis://host:65536", "redis://host:12ab", "redis://host:6379/x",
        "redis://host:6379/0?timeout=1", "redis://host#frag", "redis://ho st", "redis://høst", "redis://u:p%zz@host", "redis://[::1",
        "redis://host,other:6379", "redis://host:6379/123456",
    ]

    @Test("a malformed URL is invalid_url, and the message never quotes it", arguments: malformed)
    func malformedIsRefused(text: String) {
        #expect {
            try DestinationURL(text, scheme: "redis", defaultPort: 6379, allowsDatabase: true)
        } throws: { error in
            guard let error = error as? DestinationError else { return false }
            return error.kind == .invalidURL && !error.description.contains(text.dropFirst(8))
        }
    }

    @Test("a NATS URL may not have a path")
    func natsHasNoPath() {
        #expect(throws: DestinationError(.invalidURL, "the nats URL must not have a path")) {
            try DestinationURL("nats://host:4222/0", scheme: "nats", defaultPort: 4222, allowsDatabase: false)
        }
    }
}
