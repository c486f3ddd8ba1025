/// A path pattern such as `/v1/invites/:id/revoke`: literal segments and
/// `:name` parameters, each matching exactly one path segment.
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The pattern as written, logged as the route.
    let text: String
    let segments: [Segment]

    /// Parses `text`; a pattern is written by the programmer, so a malformed
    /// one (no leading `/`, an empty `:` name) stops the program at startup.
    init(_ text: String) {
        precondition(text.hasPrefix("/"), "route pattern must start with '/': \(text)")
        self.text = text
        segments = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard part.hasPrefix(":") else { return .literal(String(part)) }
            precondition(part.count > 1, "route parameter needs a name: \(text)")
            return .parameter(String(part.dropFirst()))
        }
    }

    /// The parameters in pattern order when `path` matches, else nil.
    func match(_ path: [String]) -> [Request.Parameter]? {
        guard path.count == segments.count else { return nil }
        // Literals are checked before any parameter is stored, so a pattern
        // that fails late (`/v1/invites/:id/revoke` against `…/preview`)
        // allocates no list.
        for index in segments.indices {
            if case .literal(let literal) = segments[index], literal != path[index] { return nil }
        }
        var parameters: [Request.Parameter] = []
        for index in segments.indices {
            if case .parameter(let name) = segments[index] { parameters.append((name, path[index])) }
        }
        return parameters
    }

    /// How many segments are literal: `/v1/invites/batch` beats `/v1/invites/:id`.
    var specificity: Int {
        segments.count { if case .literal = $0 { true } else { false } }
    }
}
