import Foundation

/// Whom a request's rate limits count against.
enum RateSubject: Sendable, Equatable {
    /// A client by its address: an anonymous caller, or a redeemer holding a
    /// JWT. Every class counts it.
    case client(address: String)
    /// A request authenticated by an API key (its row id): it was counted
    /// once, per key, in class `key` when the key was checked, and no other
    /// per-client class counts it (a backend's users share its address). Its
    /// failed code lookups count against the key's own bucket
    /// (`key_code_failures`, cluster-wide) and never the global budget: the
    /// key is authenticated and revocable, not an anonymous guesser.
    case apiKey(id: UUID)
}
