import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: an internal pool of threads over
/// epoll parses requests, keeps connections alive and enforces timeouts and
/// connection limits; `Router` handlers run on those threads.
///
/// The server listens from `init` until `shutdown(grace:)`. Dropping the
/// last reference without shutting down stops it abruptly.
public final class Server: Sendable {
    /// The port the server listens on (the chosen one when configured with 0).
    public let port: UInt16
    private let context: ServerContext
    private let daemon: Mutex<Daemon?>

    /// Starts listening with `router` and `configuration`.
    ///
    /// - Throws: `ServerError` `invalid_address` for a host that is not an IP
    ///   literal, `invalid_configuration` for a non-positive limit,
    ///   `listen_failed` when the address cannot be bound.
    public init(router: Router, configuration: ServerConfiguration = ServerConfiguration()) throws(ServerError) {
        try Self.validate(configuration)
        let context = ServerContext(router: router, configuration: configuration)
        let address = try ListenAddress(host: configuration.host, port: configuration.port)
        let retained = Unmanaged.passRetained(context)
        let started = Self.start(context: retained, configuration: configuration, address: address)
        guard let started, let port = ListenAddress.boundPort(of: baton_mhd_listen_fd(started)) else {
            if let started { MHD_stop_daemon(started) }
            retained.release()
            throw .listenFailed
        }
        self.context = context
        self.port = port
        context.deadlines.start()
        daemon = Mutex(Daemon(pointer: started, context: retained))
    }

    deinit {
        daemon.withLock { $0.take() }?.stop()
    }

    /// Stops gracefully: stops accepting connections, lets requests in flight
    /// finish (their responses say `Connection: close`) for up to `grace`,
    /// then closes every connection and stops the threads. Blocks the calling
    /// thread, so call it from a thread you own (a signal handler's queue,
    /// the main thread), not from a handler or Swift's cooperative pool.
    /// Calling it again does nothing.
    ///
    /// - Returns: true when nothing was in flight at the end; false when the
    ///   grace period ran out first: connections still sending a request are
    ///   cut, while a handler already running is waited for (its thread is
    ///   joined), so handlers should bound their own waits.
    @discardableResult
    public func shutdown(grace: Duration) -> Bool {
        guard let running = daemon.withLock({ $0.take() }) else { return true }
        // New connections are refused by the accept policy from here on.
        // MHD_quiesce_daemon is not used: on an epoll thread pool it races
        // the workers' own removal of the listening socket from their epoll
        // sets and aborts the process (an open libmicrohttpd defect; seen
        // here as "Failed to remove listen FD from epoll set").
        context.isDraining.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + grace
        while context.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        let drained = context.inFlight.load(ordering: .relaxed) == 0
        running.stop()
        return drained
    }

    /// Requests currently between arrival and completion.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    private static func validate(_ configuration: ServerConfiguration) throws(ServerError) {
        let limits = [
            ("threadPoolSize", configuration.threadPoolSize),
            ("connectionTimeoutSeconds", configuration.connectionTimeoutSeconds),
            ("requestHeadTimeoutSeconds", configuration.requestHeadTimeoutSeconds),
            ("minBodyBytesPerSecond", configuration.minBodyBytesPerSecond),
            ("maxConnections", configuration.maxConnections),
            ("maxConnectionsPerClient", configuration.maxConnectionsPerClient),
            ("maxHeaderBytes", configuration.maxHeaderBytes),
            ("maxURIBytes", configuration.maxURIBytes),
        ]
        if let bad = limits.first(where: { $0.1 <= 0 || $0.1 > Int(Int32.max) }) {
            throw .invalidConfiguration(bad.0)
        }
        if configuration.maxConnections < configuration.threadPoolSize {
            throw ServerError(
                code: "invalid_configuration", message: "The setting maxConnections must be at least threadPoolSize."
            )
        }
    }

    private static func start(
        context: Unmanaged<ServerContext>, configuration: ServerConfiguration, address: ListenAddress
    ) -> OpaquePointer? {
        var storage = address.storage
        return withUnsafeMutablePointer(to: &storage) { storagePointer in
            let opaque = context.toOpaque()
            var options = DaemonOptions.items(for: configuration, address: UnsafeMutableRawPointer(storagePointer), context: opaque)
            let flags = baton_mhd_flags(configuration.listenSocket == nil && address.isIPv6)
            return baton_mhd_start(flags, acceptPolicy, opaque, accessHandler, opaque, requestCompleted, opaque, &options)
        }
    }
}

/// A running daemon and the retained context its callbacks use.
private struct Daemon: @unchecked Sendable {
    let pointer: OpaquePointer
    let context: Unmanaged<ServerContext>

    /// Stops the daemon (cutting open connections), then the deadline
    /// watchdog, then releases the context once no callback can run any more.
    func stop() {
        MHD_stop_daemon(pointer)
        context.takeUnretainedValue().deadlines.stop()
        context.release()
    }
}
