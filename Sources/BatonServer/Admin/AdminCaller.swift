import BatonCore

/// Who is calling a signed-in `/admin` route: the live session its cookie
/// named, and the cookie's token (needed only to sign out).
struct AdminCaller: Sendable {
    /// The session, with the key that signed in and the form token.
    let session: AdminSessionStore.Session
    /// The session token from the cookie; never logged or shown.
    let token: String
}
