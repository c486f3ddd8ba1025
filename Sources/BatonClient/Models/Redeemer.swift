/// Who redeems, and how Baton learns it.
public enum Redeemer: Sendable, Equatable {
    /// A redeemer JWT the app's backend minted for the signed-in person
    /// (HS256, `sub` is the redeemer): what the App Clip and the app send.
    case token(String)
    /// A backend redeeming on behalf of `redeemerID` with an API key that has
    /// `redemptions:write`.
    case apiKey(String, redeemerID: String)

    /// The `Authorization` bearer.
    var bearer: String {
        switch self {
        case .token(let token): token
        case .apiKey(let key, _): key
        }
    }

    /// The body's `redeemer_id`: only with an API key (a JWT names the redeemer itself).
    var redeemerID: String? {
        if case .apiKey(_, let redeemerID) = self { return redeemerID }
        return nil
    }
}
