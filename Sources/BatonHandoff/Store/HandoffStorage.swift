/// Where a ``HandoffStore`` keeps its one envelope. `claim` must remove and
/// return the value as one step, so that of two racing readers one wins.
protocol HandoffStorage: Sendable {
    /// The stored text, or nil when nothing was written.
    func load(maxBytes: Int) throws(HandoffError) -> String?
    /// Replaces the stored text.
    func save(_ text: String) throws(HandoffError)
    /// Removes the stored text and returns it; nil when there was none.
    func claim(maxBytes: Int) throws(HandoffError) -> String?
    /// Removes the stored text, if any.
    func remove() throws(HandoffError)
}
