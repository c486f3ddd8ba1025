import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BatonClient {
    /// The API's JSON: snake_case keys, ISO-8601 dates with or without fractional seconds.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = (try? fractionalStyle.parse(text)) ?? (try? wholeSecondStyle.parse(text)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date-time")
            }
            return date
        }
        return decoder
    }

    private static let fractionalStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSecondStyle = Date.ISO8601FormatStyle()

    /// `request`'s answer decoded as `Answer`.
    func send<Answer: Decodable>(_ request: APIRequest) async throws(BatonError) -> Answer {
        try await exchange(request).answer
    }

    /// `request`'s 2xx answer decoded as `Answer`, with its status.
    /// - Throws: the error the answer carries, ``BatonError/transport(_:)``, or
    ///   ``BatonError/unexpectedResponse(status:)`` for a body that does not decode.
    func exchange<Answer: Decodable>(_ request: APIRequest) async throws(BatonError) -> (answer: Answer, status: Int) {
        guard let urlRequest = request.urlRequest(baseURL: baseURL) else { throw .transport(.badURL) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw .transport(error.code)
        } catch {
            throw .transport(.unknown)
        }
        guard let http = response as? HTTPURLResponse else { throw .unexpectedResponse(status: 0) }
        guard (200..<300).contains(http.statusCode) else {
            throw BatonError(status: http.statusCode, body: data, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
        }
        guard let answer = try? Self.makeDecoder().decode(Answer.self, from: data) else {
            throw .unexpectedResponse(status: http.statusCode)
        }
        return (answer, http.statusCode)
    }

    /// `value` as a JSON body with snake_case keys, sorted: the same value
    /// is the same bytes, so a call sent again with its `Idempotency-Key` matches the first.
    /// - Throws: ``BatonError/invalidRequest(field:)`` for a value JSON cannot carry (a NaN in metadata).
    static func encoded(_ value: some Encodable) throws(BatonError) -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        do {
            return try encoder.encode(value)
        } catch {
            throw .invalidRequest(field: nil)
        }
    }
}
