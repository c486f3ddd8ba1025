import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP calls an App Clip and its app make to Baton, over `URLSession`
/// (libcurl through FoundationNetworking on Linux). Public routes need no
/// key; redemption carries the redeemer JWT.
struct BatonClient: Sendable {
    /// Where Baton's API is, such as `https://invites.example.com` (`http://127.0.0.1:8080` for `baton dev`).
    let baseURL: URL
    private let session: URLSession

    /// A client for `baseURL`; every request gives up after `timeout` seconds.
    init(baseURL: URL, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration)
    }

    /// `POST /v1/invocations {"url"}`: the clip's launch URL, checked again by the server.
    func invocation(url: String) async throws(FlowError) -> InvitePreview {
        try await send("POST", ["v1", "invocations"], json: ["url": url])
    }

    /// `GET /v1/invites/{credential}/preview`: the clip's typed code (or token).
    func preview(credential: String) async throws(FlowError) -> InvitePreview {
        try await send("GET", ["v1", "invites", credential, "preview"])
    }

    /// `POST /v1/redemptions` with `body` (`{"handoff"}` or `{"code"}`) as the redeemer `bearer` names.
    func redeem(_ body: [String: String], bearer: String) async throws(FlowError) -> RedemptionReceipt {
        try await send("POST", ["v1", "redemptions"], json: body, bearer: bearer)
    }

    /// `POST /v1/invites` with an API key: what the product backend does to invite someone.
    func createInvite(_ draft: [String: any Sendable], apiKey: String) async throws(FlowError) -> CreatedInvite {
        try await send("POST", ["v1", "invites"], json: draft, bearer: apiKey)
    }

    private func send<Answer: Decodable>(
        _ method: String, _ path: [String], json: [String: any Sendable]? = nil, bearer: String? = nil
    ) async throws(FlowError) -> Answer {
        var request = URLRequest(url: path.reduce(baseURL) { $0.appending(path: $1) })
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: json)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .unreachable
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw APIRefusal(status: status, body: data).map(FlowError.refused) ?? .unexpectedResponse(status: status)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let answer = try? decoder.decode(Answer.self, from: data) else { throw .unexpectedResponse(status: status) }
        return answer
    }
}
