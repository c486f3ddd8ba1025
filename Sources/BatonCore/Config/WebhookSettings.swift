import Foundation

/// The endpoint `BATON_WEBHOOK_URL` and `BATON_WEBHOOK_SECRET` define: at
/// start `baton serve`, `worker` and `dev` write it to the database as the
/// endpoint managed by configuration. How it is delivered to is
/// ``WebhookDeliverySettings``, as for every endpoint.
public struct WebhookSettings: Sendable, Equatable {
    /// The endpoint: `https://`, or `http://` on a loopback host.
    public var url: URL
    /// The HMAC key of `Baton-Signature`: the secret's UTF-8 bytes.
    public var secret: [UInt8]

    /// Settings for an endpoint already checked with ``checkEndpoint(_:destinations:)``.
    public init(url: URL, secret: [UInt8]) {
        self.url = url
        self.secret = secret
    }

    /// The endpoint parsed from `text`, or why it is refused: it must be an
    /// absolute `https://` URL with a host and no user or password, or
    /// `http://` to `localhost`, `127.0.0.0/8` or `[::1]`; and its host must
    /// be one `destinations` allows (an address literal in any spelling, or
    /// `localhost`; a name is judged when a delivery connects).
    public static func checkEndpoint(_ text: String, destinations: DestinationPolicy) -> Result<URL, EndpointProblem> {
        guard let components = URLComponents(string: text), let url = components.url,
            let scheme = components.scheme?.lowercased(), let hostText = components.host, let host = DestinationHost(hostText)
        else { return .failure(.notAbsoluteURL) }
        guard components.user == nil, components.password == nil else { return .failure(.credentialsInURL) }
        switch scheme {
        case "https": break
        case "http": guard isLoopback(host) else { return .failure(.plainHTTPToRemoteHost) }
        default: return .failure(.unsupportedScheme)
        }
        if let refused = destinations.refusal(for: host) { return .failure(.destinationNotAllowed(refused)) }
        return .success(url)
    }

    /// Why a webhook URL is refused.
    public enum EndpointProblem: Error, Sendable, Equatable {
        case notAbsoluteURL
        case credentialsInURL
        case plainHTTPToRemoteHost
        case unsupportedScheme
        /// The host is an address (or `localhost`) of a class the destination policy refuses.
        case destinationNotAllowed(DestinationPolicy.AddressClass)

        /// What the URL must be, after "url" or the setting's name.
        public var message: String {
            switch self {
            case .notAbsoluteURL: "must be an absolute URL with a host"
            case .credentialsInURL: "must not carry a user or password"
            case .plainHTTPToRemoteHost: "must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1])"
            case .unsupportedScheme: "must use https://"
            case .destinationNotAllowed(let refused):
                "must not name a \(refused.rawValue) address (webhook deliveries reach public addresses and the networks in BATON_WEBHOOK_ALLOWED_NETWORKS)"
            }
        }
    }

    /// Whether plain `http://` may go to `host`: loopback only, however spelled.
    static func isLoopback(_ host: DestinationHost) -> Bool {
        switch host {
        case .localhost: true
        case .address(let bytes):
            ([bytes] + (DestinationPolicy.embeddedIPv4(bytes).map { [$0] } ?? [])).contains {
                DestinationPolicy.addressClass($0) == .loopback
            }
        case .name: false
        }
    }

    static func read(_ reader: inout SettingReader, destinations: DestinationPolicy) -> WebhookSettings? {
        let urlText = reader.text(.webhookURL) ?? ""
        let secretText = reader.text(.webhookSecret) ?? ""
        guard !urlText.isEmpty else { return nil }
        var url: URL?
        switch checkEndpoint(urlText, destinations: destinations) {
        case .success(let checked): url = checked
        case .failure(let problem): reader.report(.webhookURL, problem.message)
        }
        if secretText.utf8.count < 32 {
            reader.report(.webhookSecret, "must be at least 32 characters when BATON_WEBHOOK_URL is set (try: openssl rand -hex 32)")
        }
        guard let url, secretText.utf8.count >= 32 else { return nil }
        return WebhookSettings(url: url, secret: Array(secretText.utf8))
    }
}
