import CMicroHTTPD

/// The libmicrohttpd option array for a configuration, ended by
/// `MHD_OPTION.END`. The C ceiling benchmark uses the same values.
enum DaemonOptions {
    static func items(for configuration: ServerConfiguration, address: UnsafeMutableRawPointer) -> [MHD_OptionItem] {
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

    private static func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }
}
