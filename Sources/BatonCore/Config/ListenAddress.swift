/// A `HOST:PORT` listen address; IPv6 hosts are written in brackets (`[::1]:8080`).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host or IP literal, without brackets.
    public let host: String
    /// The TCP port; 0 asks the kernel for a free one.
    public let port: Int

    /// Parses `HOST:PORT`; nil when the form or the port is wrong.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, host.utf8.count <= 255, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "/" }) else {
            return nil
        }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
