import BatonCore
import BatonHandoff
import HTTP
import Journey
import Testing

@testable import BatonServer

/// The catalog the OpenAPI document's `error.code` enum comes from must hold
/// every case of every typed error that reaches HTTP. Each switch below has
/// no default: a new case fails to compile here until it is given a number,
/// and then fails the test until the catalog has a representative of it.
@Suite("API error catalog", .timeLimit(.minutes(10)))
struct APIErrorCatalogTests {
    static func covered<E>(_ type: E.Type, cases: ClosedRange<Int>, by index: (E) -> Int?) -> Bool {
        let found = Set(APIErrorCatalog.representatives.compactMap { $0 as? E }.compactMap(index))
        return found == Set(cases)
    }

    @Test(
        "every invite, redemption, handoff, key, token, idempotency, funnel, webhook endpoint and event feed error case has a representative"
    )
    func everyCaseIsRepresented() {
        #expect(
            Self.covered(InviteError.self, cases: 0...5) {
                switch $0 {
                case .notFound: 0
                case .validationFailed: 1
                case .codeSpaceExhausted: 2
                case .notActive: 3
                case .maxRedemptionsBelowCount: 4
                case .unsupportedLocale: 5
                }
            })
        #expect(
            Self.covered(RedeemError.self, cases: 0...18) {
                switch $0 {
                case .notFound: 0
                case .expired: 1
                case .revoked: 2
                case .usedUp: 3
                case .handoffAlreadyUsed: 4
                case .invalidCredential: 5
                case .reissued: 16
                case .inviteeMismatch: 17
                case .selfRedemption: 18
                case .handoff(let error):
                    switch error {
                    case .tooLarge: 6
                    case .malformed: 7
                    case .unsupportedVersion: 8
                    case .unsupportedKind: 9
                    case .unsupportedAlgorithm: 10
                    case .unknownKey: 11
                    case .expired: 12
                    case .notYetValid: 13
                    case .invalidPayload: 14
                    case .badSignature: 15
                    // The store's own failure: the server's decoder never produces it.
                    case .storageFailed: nil
                    }
                }
            })
        #expect(
            Self.covered(APIKeyError.self, cases: 0...1) {
                switch $0 {
                case .malformed, .invalid: 0
                case .missingScope: 1
                // The command line's key management; no route answers them.
                case .notFound, .invalidName: nil
                }
            })
        #expect(
            Self.covered(IdempotencyError.self, cases: 0...3) {
                switch $0 {
                case .invalidKey: 0
                case .inUse: 1
                case .reused: 2
                case .unreadable: 3
                }
            })
        #expect(
            Self.covered(FunnelError.self, cases: 0...6) {
                switch $0 {
                case .invalidParameter: 0
                case .emptyRange: 1
                case .rangeTooLarge: 2
                case .invalidGroupBy: 3
                case .invalidView: 4
                case .tooLarge: 5
                case .timedOut: 6
                }
            })
        #expect(
            Self.covered(FamilyError.self, cases: 0...0) {
                switch $0 {
                case .notFound: 0
                }
            })
        #expect(
            Self.covered(WebhookEndpointError.self, cases: 0...5) {
                switch $0 {
                case .notFound: 0
                case .eventNotFound: 1
                case .managedByConfig: 2
                case .validationFailed: 3
                case .urlNotAllowed: 4
                case .unknownSignatureScheme: 5
                }
            })
        #expect(
            Self.covered(EventFeedError.self, cases: 0...1) {
                switch $0 {
                case .invalidParameter: 0
                case .invalidCursor: 1
                }
            })
        #expect(
            Self.covered(AuditError.self, cases: 0...1) {
                switch $0 {
                case .invalidLimit: 0
                case .invalidCursor: 1
                }
            })
        #expect(APIErrorCatalog.representatives.contains { $0 is RedeemerTokenError })
        #expect(APIErrorCatalog.representatives.contains { $0 is RateLimited })
        #expect(APIErrorCatalog.representatives.contains { $0 is InvalidInvocation })
        #expect(APIErrorCatalog.representatives.contains { $0 is InvalidRedeemer })
        #expect(APIErrorCatalog.representatives.contains { $0 is ServiceUnavailable })
    }

    @Test("the HTTP layer's named errors are all in the catalog")
    func httpLayerIsRepresented() {
        let layer: [HTTPError] = [
            .invalidRequest("x"), .ambiguousFraming, .notFound, .methodNotAllowed(allowed: []), .requestTooLarge(limit: 1),
            .uriTooLong(limit: 1), .unsupportedMediaType(accepted: []), .headersTooLarge(limit: 1), .unavailable(),
            .internalError(requestID: "r"), .duplicateField("f"), .unknownField("f"), .numberOutOfRange("f"),
        ]
        #expect(Set(layer.map(\.code)).isSubset(of: APIErrorCatalog.codes))
    }

    @Test("the codes are unique snake_case words")
    func codesAreWellFormed() {
        for code in APIErrorCatalog.codes {
            #expect(code.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } && !code.isEmpty, "\(code)")
        }
        #expect(APIErrorCatalog.codes.count == Set(APIErrorCatalog.codes).count)
        #expect(APIErrorCatalog.codes.count >= 40)
    }
}
