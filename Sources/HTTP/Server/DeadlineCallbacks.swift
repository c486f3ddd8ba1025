import CMicroHTTPD

// libmicrohttpd's callbacks for ``ConnectionDeadlines``, plain functions as
// in MHDCallbacks.swift. `context` is the `ServerContext`; a connection's
// socket context holds its retained ``ConnectionDeadline``.

/// The connection notice: a connection is watched from when libmicrohttpd
/// opens it until it reports it closed (before it closes the socket).
func connectionNotice(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let context, let connection, let socketContext else { return }
    Unmanaged<ServerContext>.fromOpaque(context)._withUnsafeGuaranteedRef { server in
        if code == .CONNECTION_NOTIFY_STARTED {
            let deadline = server.deadlines.opened(socket: baton_mhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(deadline).toOpaque()
        } else if let stored = socketContext.pointee {
            socketContext.pointee = nil
            server.deadlines.closed(Unmanaged<ConnectionDeadline>.fromOpaque(stored).takeRetainedValue())
        }
    }
}

/// libmicrohttpd's URI log hook, called as soon as a request line has
/// arrived: the rest of the head must follow within the head allowance.
/// Returns nil, so the request's context stays empty for `accessHandler`.
func requestLineArrived(context: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?)
    -> UnsafeMutableRawPointer?
{
    guard let context, let connection, let stored = baton_mhd_socket_context(connection) else { return nil }
    let allowance = Unmanaged<ServerContext>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.deadlines.headAllowance }
    Unmanaged<ConnectionDeadline>.fromOpaque(stored)._withUnsafeGuaranteedRef {
        $0.set(from: ConnectionDeadlines.now, allowance: allowance)
    }
    return nil
}
