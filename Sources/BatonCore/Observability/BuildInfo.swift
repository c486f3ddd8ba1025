/// What build of Baton is running, for `baton_build_info`.
public enum BuildInfo {
    /// The release version.
    public static let version = "0.1.0"
}
