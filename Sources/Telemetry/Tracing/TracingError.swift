/// Why spans could not be exported, by a stable machine code.
public enum TracingError: Error, Equatable, Sendable {
    /// libcurl gave no handle to post with (out of memory).
    case transportUnavailable

    /// The machine code, such as `otlp_transport_unavailable`.
    public var code: String {
        switch self {
        case .transportUnavailable: "otlp_transport_unavailable"
        }
    }
}
