import BatonHandoff
import Foundation
import Testing

/// One case of `Tests/Fixtures/handoff-vectors.json`; the schema is described
/// at the top of `docs/handoff-envelope.md`.
struct GoldenVector: Codable, Equatable, Sendable, CustomTestStringConvertible {
    var name: String
    var envelope: String
    var now: Int64
    /// "server" (HMAC verified; the default) or "device" (no key; unsigned typed codes allowed).
    var mode: String
    var expect: Expectation

    struct Expectation: Codable, Equatable, Sendable {
        var ok: [String: VectorValue]?
        var error: String?
        var details: [String: VectorValue]?
    }

    var testDescription: String { name }
}

/// The file as a whole: settings and keys first, then the cases.
struct GoldenVectorFile: Codable, Equatable {
    var description: String
    var settings: [String: Int64]
    var keys: Keys
    var vectors: [GoldenVector]

    struct Keys: Codable, Equatable {
        var current: String
        var secrets: [String: String]
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/handoff-vectors.json")

    static func load() throws -> GoldenVectorFile {
        try JSONDecoder().decode(GoldenVectorFile.self, from: Data(contentsOf: url))
    }
}

/// A scalar of an expectation: text, integer, or list of integers.
enum VectorValue: Codable, Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case integers([Int64])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let numbers = try? container.decode([Int64].self) {
            self = .integers(numbers)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .integers(let numbers): try container.encode(numbers)
        }
    }
}

extension GoldenVector.Expectation {
    /// What an accepted envelope decodes to, in the vectors' vocabulary.
    static func fields(of envelope: HandoffEnvelope) -> [String: VectorValue] {
        fields(header: envelope.header, payload: envelope.payload, authenticity: envelope.authenticity)
    }

    static func fields(header: HandoffHeader, payload: HandoffPayload, authenticity: HandoffAuthenticity) -> [String: VectorValue] {
        var fields: [String: VectorValue] = [
            "alg": .string(header.algorithm.rawValue),
            "kind": .string(header.kind.rawValue),
            "version": .integer(Int64(header.version)),
            "issued_at": .integer(header.issuedAt),
            "expires_at": .integer(header.expiresAt),
            "credential": .string(payload.credential.value),
            "credential_type": .string(payload.credential.form.rawValue),
            "authenticity": .string(authenticity.rawValue),
        ]
        fields["kid"] = header.keyID.map(VectorValue.string)
        fields["jti"] = header.id.map(VectorValue.string)
        fields["family_name"] = payload.familyName.map(VectorValue.string)
        fields["inviter_name"] = payload.inviterName.map(VectorValue.string)
        fields["source"] = payload.source.map(VectorValue.string)
        return fields
    }

    /// The error's code and its numeric details (reasons are prose, not contract).
    static func failure(_ error: HandoffError) -> Self {
        var details: [String: VectorValue] = [:]
        switch error {
        case .tooLarge(let size, let limit): details = ["size": .integer(Int64(size)), "limit": .integer(Int64(limit))]
        case .unsupportedVersion(let found, let supported):
            details = ["found": .integer(Int64(found)), "supported": .integers(supported.map(Int64.init))]
        case .expired(let expiresAt): details = ["expires_at": .integer(expiresAt)]
        case .notYetValid(let issuedAt): details = ["issued_at": .integer(issuedAt)]
        default: break
        }
        return Self(ok: nil, error: error.code, details: details.isEmpty ? nil : details)
    }
}
