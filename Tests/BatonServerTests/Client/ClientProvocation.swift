import BatonClient
import Foundation
import Testing

/// One way to make a live Baton answer an error code through ``BatonClient``:
/// `provoke` runs against a fresh ``ClientHarness`` started with `environment`
/// and returns the client's error (nil when the call succeeded).
struct ClientProvocation: Sendable, CustomTestStringConvertible {
    /// The code the server must answer.
    let code: BatonError.Code
    /// How it is provoked, as the test's argument reads.
    let how: String
    /// The whole error, associated values included, when they are fixed.
    let exactly: BatonError?
    /// The harness's settings beyond ``ClientHarness``'s defaults.
    let environment: [String: String]
    let provoke: @Sendable (ClientHarness) async throws -> BatonError?

    init(
        _ code: BatonError.Code, _ how: String, exactly: BatonError? = nil, environment: [String: String] = [:],
        _ provoke: @escaping @Sendable (ClientHarness) async throws -> BatonError?
    ) {
        self.code = code
        self.how = how
        self.exactly = exactly
        self.environment = environment
        self.provoke = provoke
    }

    var testDescription: String { "\(code.rawValue): \(how)" }
}

/// Why a code has no ``ClientProvocation``.
enum UnprovokedCode: Equatable, Sendable {
    /// Only routes the client does not model answer it (the OpenAPI
    /// document agrees: none of the client's operations names it).
    case otherRoutesOnly
    /// The client's routes answer it, but the client never sends a request that gets it.
    case clientNeverSends(String)
    /// The client's routes answer it, but a live server gives it only in a
    /// state a test cannot reach; the named test covers it another way.
    case notReachableLive(String)
}
