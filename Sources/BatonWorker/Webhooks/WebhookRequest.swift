import Foundation

/// One webhook POST as the transport sends it: where, which headers, which
/// body, and how long it may take.
struct WebhookRequest: Sendable {
    /// The endpoint.
    var url: URL
    /// Header fields in the order they are sent; names as written.
    var headers: [(name: String, value: String)]
    /// The exact bytes that were signed.
    var body: Data
    /// The longest this attempt may take, connecting included.
    var timeout: Duration
}

/// What one webhook POST came to: the receiver's status or why there was
/// none, how long the attempt took, and the start of the answer's body for
/// the delivery log.
struct WebhookResponse: Sendable, Equatable {
    /// The status line's code, or a fixed phrase saying why no answer came.
    enum Outcome: Equatable, Sendable {
        case status(Int)
        case failed(String)
    }

    /// The status or the failure.
    var outcome: Outcome
    /// From the start of the attempt to its outcome.
    var duration: Duration
    /// The first bytes of the answer's body, at most ``bodyLimit``; the rest
    /// is discarded unread. Empty when the transport does not read bodies.
    var bodyPrefix: [UInt8] = []

    /// The most of an answer's body a transport keeps.
    static let bodyLimit = 4096
}
