import BatonCore
import HTTP
import Journey

extension BatonApplication {
    /// The middleware that counts every refusal its handler answers
    /// (expired, revoked, used up, unknown or malformed credential, rate
    /// limited, bad handoff, bad invocation URL) in ``rejections`` by
    /// ``RejectionCode``: a lock and a dictionary update, no database write
    /// per request. Other errors (authentication, malformed JSON, outages)
    /// are not refusals of an invite and are not counted.
    var countingRejections: Middleware {
        { [self] handler in
            { request in
                do {
                    return try handler(request)
                } catch let error as any HTTPErrorConvertible {
                    if let code = RejectionCode(errorCode: error.code) { self.rejections.record(code) }
                    throw error
                }
            }
        }
    }
}
