import Foundation

/// Whom a request's rate limits count against.
enum RateSubject: Sendable, Equatable {
    /// A client by its address: an anonymous caller, or a redeemer holding a
    /// JWT. Every class counts it.
    case client(address: String)
    /// A request authenticated by an API key (its row id): it was counted
    /// once, per key, in class `key` when the key was checked, and no other
    /// per-client class counts it (a backend's users share its address). The
    /// global budget of failed code lookups still applies to it.
    case apiKey(id: UUID)
}
