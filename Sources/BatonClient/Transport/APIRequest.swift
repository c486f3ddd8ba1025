import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call of the API: method, path segments (each percent-encoded whole,
/// so a `/` in a credential stays inside its segment), bearer, JSON body and
/// extra headers.
struct APIRequest: Sendable {
    var method: String
    var path: [String]
    var bearer: String?
    var body: Data?
    var headers: [String: String] = [:]

    /// The characters a path segment keeps unescaped (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `request` for `baseURL` (whose own path, if any, is kept as a prefix).
    func urlRequest(baseURL: URL) -> URLRequest? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        let prefix =
            components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        let segments = path.compactMap { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) }
        guard segments.count == path.count else { return nil }
        components.percentEncodedPath = prefix + "/" + segments.joined(separator: "/")
        guard let url = components.url else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}
