/// What a ``BackgroundService`` runs, handed to ``BackgroundService/start(_:)``.
///
/// Given at start rather than at init so that an owner's closures may
/// capture the owner: only the running thread holds them (as a `Thread`'s
/// block would), and the service stores nothing that points back.
public struct ServiceWork<Session>: Sendable {
    /// Failures, recoveries and the end, on the service's thread; must return quickly.
    public var report: @Sendable (ServiceEvent) -> Void
    /// Opens a session; called before the first turn and after every failure.
    public var connect: @Sendable () throws -> Session
    /// One round of work on the session; throwing closes the session.
    public var turn: @Sendable (inout Session, ServiceContext) throws -> ServiceStep
    /// Closes a session, after a failure or at the end (``ServiceContext/isStopping`` tells which).
    public var disconnect: @Sendable (Session, ServiceContext) -> Void

    /// Work made of these closures.
    public init(
        report: @escaping @Sendable (ServiceEvent) -> Void = { _ in },
        connect: @escaping @Sendable () throws -> Session,
        turn: @escaping @Sendable (inout Session, ServiceContext) throws -> ServiceStep,
        disconnect: @escaping @Sendable (Session, ServiceContext) -> Void
    ) {
        self.report = report
        self.connect = connect
        self.turn = turn
        self.disconnect = disconnect
    }
}
