/// Why a health probe got no status code (`package`, as ``HealthProbe``).
package enum HealthProbeError: Error, Equatable, CustomStringConvertible {
    /// Nothing accepted the connection or the request could not be sent.
    case unreachable(String)
    /// The peer answered with something other than an HTTP status line.
    case badResponse

    /// Stable machine code.
    package var code: String {
        switch self {
        case .unreachable: "unreachable"
        case .badResponse: "bad_response"
        }
    }

    package var description: String {
        switch self {
        case .unreachable(let reason): "\(code): \(reason)"
        case .badResponse: "\(code): the answer is not an HTTP status line"
        }
    }
}
