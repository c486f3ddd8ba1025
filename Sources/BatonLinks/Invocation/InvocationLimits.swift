/// What an invocation URL may be: where it may point and how big it may be.
/// A value type so a deployment's configuration builds it once and every
/// request shares it.
public struct InvocationLimits: Equatable, Sendable {
    /// Longest URL accepted, in UTF-8 bytes, checked before anything is parsed.
    public let maxURLBytes: Int
    /// Most path components (`/a/b` has two).
    public let maxPathComponents: Int
    /// Most `&`-separated query items, empty ones included.
    public let maxQueryItems: Int
    /// Hosts invite links may use, compared case-insensitively and exactly:
    /// no subdomain matching, no trailing-dot variant.
    public let allowedHosts: Set<String>
    /// Clip bundle identifiers accepted in Apple's default App Clip links
    /// (`https://appclip.apple.com/id?p=<bundle id>&…`). Empty refuses that form.
    public let clipBundleIDs: Set<String>
    /// Length of typed codes (check character included) in this deployment.
    public let codeLength: Int

    /// Limits for the given hosts and clip bundle ids; the numbers default to
    /// 2,048 bytes, 32 path components and 64 query items.
    public init(
        allowedHosts: some Sequence<String>,
        clipBundleIDs: some Sequence<String> = [String](),
        maxURLBytes: Int = 2048,
        maxPathComponents: Int = 32,
        maxQueryItems: Int = 64,
        codeLength: Int = InviteCode.defaultLength
    ) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.clipBundleIDs = Set(clipBundleIDs)
        self.maxURLBytes = maxURLBytes
        self.maxPathComponents = maxPathComponents
        self.maxQueryItems = maxQueryItems
        self.codeLength = codeLength
    }

    /// Whether URLs may name `host` (already lower-cased).
    func allows(host: String) -> Bool {
        allowedHosts.contains(host) || (host == AppleIdentifiers.defaultAppClipHost && !clipBundleIDs.isEmpty)
    }
}
