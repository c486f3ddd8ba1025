/// Background work an application owns from its start to its close: a
/// flusher, a listener, a notifier. The application declares its services
/// once, in the order they start, and stops them in the reverse order, so
/// adding one is one line in that list.
public protocol LifecycleService: Sendable {
    /// Starts the work (its own thread, usually); calling it again does nothing.
    func start()
    /// Stops the work after what it must finish (a last flush, say); calling it again does nothing.
    func stop()
}
