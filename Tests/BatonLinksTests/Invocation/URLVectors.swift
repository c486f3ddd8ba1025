import Foundation
import Testing

@testable import BatonLinks

/// The shared URL vectors in `Tests/Fixtures/url-vectors.json`, also the seed
/// corpus for fuzzing the validator.
struct URLVectors: Decodable {
    struct Limits: Decodable {
        let allowedHosts: [String]
        let clipBundleIDs: [String]
        let codeLength: Int
    }

    struct Repeat: Decodable {
        let text: String
        let times: Int
    }

    struct Vector: Decodable, CustomTestStringConvertible, Sendable {
        let name: String
        let url: String
        /// `valid` or the expected error code.
        let expect: String
        /// For valid vectors, `token` or `code`.
        let kind: String?
        /// For errors that carry one, the offending value as written.
        let value: String?
        let part: String?
        let append: Repeat?
        /// Pad with `a` up to this many UTF-8 bytes.
        let padTo: Int?

        var fullURL: String {
            var text = url
            if let append { text += String(repeating: append.text, count: append.times) }
            if let padTo { text += String(repeating: "a", count: max(0, padTo - text.utf8.count)) }
            return text
        }

        var testDescription: String { name }
    }

    let limits: Limits
    let vectors: [Vector]

    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/url-vectors.json")

    static let shared: URLVectors = {
        do {
            return try JSONDecoder().decode(URLVectors.self, from: Data(contentsOf: fixtureURL))
        } catch {
            fatalError("unreadable fixture \(fixtureURL.path): \(error)")
        }
    }()

    var invocationLimits: InvocationLimits {
        InvocationLimits(allowedHosts: limits.allowedHosts, clipBundleIDs: limits.clipBundleIDs, codeLength: limits.codeLength)
    }
}

extension URLVectors.Repeat: Sendable {}
