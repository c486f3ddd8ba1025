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

    /// Settings for an endpoint already checked with ``checkEndpoint(_:)``.
    public init(url: URL, secret: [UInt8]) {
        self.url = url
        self.secret = secret
    }

    /// The endpoint parsed from `text`, or why it is refused: it must be an
    /// absolute `https://` URL with a host and no user or password, or
    /// `http://` to `localhost`, `127.0.0.0/8` or `[::1]`.
    public static func checkEndpoint(_ text: String) -> Result<URL, EndpointProblem> {
        guard let components = URLComponents(string: text), let url = components.url,
            let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else { return .failure(.notAbsoluteURL) }
        guard components.user == nil, components.password == nil else { return .failure(.credentialsInURL) }
        switch scheme {
        case "https": return .success(url)
        case "http": return isLoopback(host) ? .success(url) : .failure(.plainHTTPToRemoteHost)
        default: return .failure(.unsupportedScheme)
        }
    }

    /// Why a webhook URL is refused.
    public enum EndpointProblem: String, Error, Sendable {
        case notAbsoluteURL = "must be an absolute URL with a host"
        case credentialsInURL = "must not carry a user or password"
        case plainHTTPToRemoteHost = "must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1])"
        case unsupportedScheme = "must use https://"
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    static func read(_ reader: inout SettingReader) -> WebhookSettings? {
        let urlText = reader.text(.webhookURL) ?? ""
        let secretText = reader.text(.webhookSecret) ?? ""
        guard !urlText.isEmpty else { return nil }
        var url: URL?
        switch checkEndpoint(urlText) {
        case .success(let checked): url = checked
        case .failure(let problem): reader.report(.webhookURL, problem.rawValue)
        }
        if secretText.utf8.count < 32 {
            reader.report(.webhookSecret, "must be at least 32 characters when BATON_WEBHOOK_URL is set (try: openssl rand -hex 32)")
        }
        guard let url, secretText.utf8.count >= 32 else { return nil }
        return WebhookSettings(url: url, secret: Array(secretText.utf8))
    }
}
