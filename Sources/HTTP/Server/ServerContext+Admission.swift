import Foundation

extension ServerContext {
    /// What happens between the head and the body: the route's guard runs
    /// on the head (its refusal answers the request, and nothing is
    /// reserved for a body that will not be read), then `bodyCapacity`
    /// bytes (the declared length, within the route's limit) are reserved
    /// in the process-wide budget and allocated.
    /// - Throws: 503 `unavailable` when the budget has no room for the body.
    func admit(_ exchange: Exchange, bodyCapacity: Int) throws(HTTPError) {
        if let check = exchange.route?.check {
            do {
                switch try check(exchange.request()) {
                case .admit(let identity): exchange.identity = identity
                case .refuse(let response):
                    exchange.refusal = response
                    return
                }
            } catch {
                exchange.refusal = response(to: error, for: exchange)
                return
            }
        }
        guard bodyCapacity > 0 else { return }
        try reserveBody(bodyCapacity, for: exchange)
        exchange.body.reserveCapacity(bodyCapacity)
    }

    /// Counts `bytes` more of `exchange`'s body against
    /// `maxBodyBytesInFlight`, across every connection of the process.
    /// - Throws: 503 `unavailable` (with `Retry-After`) when they don't fit;
    ///   nothing is counted then.
    func reserveBody(_ bytes: Int, for exchange: Exchange) throws(HTTPError) {
        let total = bodyBytesInFlight.add(bytes, ordering: .relaxed).newValue
        guard total <= configuration.maxBodyBytesInFlight else {
            bodyBytesInFlight.subtract(bytes, ordering: .relaxed)
            throw .unavailable(retryAfterSeconds: 1)
        }
        exchange.bodyReserved += bytes
    }

    /// Gives `exchange`'s reserved body bytes back to the budget.
    func releaseBody(of exchange: Exchange) {
        guard exchange.bodyReserved > 0 else { return }
        bodyBytesInFlight.subtract(exchange.bodyReserved, ordering: .relaxed)
        exchange.bodyReserved = 0
    }
}
