import CMicroHTTPD

/// The libmicrohttpd option array for a configuration, ended by
/// `MHD_OPTION.END`. The C ceiling benchmark uses the same values.
enum DaemonOptions {
    /// The options; `context` (the `ServerContext`) is passed to the
    /// connection notice and the URI hook that keep ``ConnectionDeadlines``.
    static func items(
        for configuration: ServerConfiguration, address: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer
    ) -> [MHD_OptionItem] {
        var items = [
            item(.THREAD_POOL_SIZE, configuration.threadPoolSize),
            item(MHD_OPTION.CONNECTION_TIMEOUT, configuration.connectionTimeoutSeconds),
            item(MHD_OPTION.CONNECTION_LIMIT, configuration.maxConnections),
            item(MHD_OPTION.PER_IP_CONNECTION_LIMIT, configuration.maxConnectionsPerClient),
            item(MHD_OPTION.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            MHD_OptionItem(
                option: MHD_OPTION.UNESCAPE_CALLBACK,
                value: unsafeBitCast(keepEscaped as UnescapeCallback, to: Int.self), ptr_value: nil
            ),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_CONNECTION,
                value: unsafeBitCast(connectionNotice as MHD_NotifyConnectionCallback, to: Int.self), ptr_value: context
            ),
            MHD_OptionItem(
                option: MHD_OPTION.URI_LOG_CALLBACK,
                value: unsafeBitCast(requestLineArrived as URILogCallback, to: Int.self), ptr_value: context
            ),
        ]
        if let socket = configuration.listenSocket {
            items.append(item(MHD_OPTION.LISTEN_SOCKET, Int(socket)))
        } else {
            items.append(MHD_OptionItem(option: MHD_OPTION.SOCK_ADDR, value: 0, ptr_value: address))
        }
        items.append(item(MHD_OPTION.END, 0))
        return items
    }

    /// libmicrohttpd's unescape hook; its header declares the type only in prose.
    private typealias UnescapeCallback = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int
    /// libmicrohttpd's URI log hook, likewise declared only in prose.
    private typealias URILogCallback =
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?

    private static func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }
}
