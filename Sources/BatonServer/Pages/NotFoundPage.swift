/// The plain page for an unknown, expired or revoked invite link: one
/// answer for all three, so a page never confirms that a token existed.
enum NotFoundPage {
    static let html: HTML = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Invite not found</title></head>
        <body><main><h1>This invite is not available</h1>\
        <p>The link is wrong, or the invite has expired or was withdrawn. Ask the person who invited you for a new one.</p></main></body>
        </html>

        """
}
