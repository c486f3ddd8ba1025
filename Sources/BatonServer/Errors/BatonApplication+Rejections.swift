import BatonCore
import HTTP

extension BatonApplication {
    /// `handler`, with every refusal it answers (expired, revoked, used up,
    /// unknown or malformed credential, rate limited, bad handoff, bad
    /// invocation URL) counted in ``rejections`` by ``RejectionCode``: a
    /// lock and a dictionary update, no database write per request. Other
    /// errors (authentication, malformed JSON, outages) are not refusals of
    /// an invite and are not counted.
    func countingRejections(_ handler: @escaping Handler) -> Handler {
        { [self] request in
            do {
                return try handler(request)
            } catch let error as any HTTPErrorConvertible {
                if let code = RejectionCode(errorCode: error.code) { rejections.record(code) }
                throw error
            }
        }
    }
}
