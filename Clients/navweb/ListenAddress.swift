/// `--listen ADDR:PORT`: an IPv4 address or name and a port, or `[IPv6]:PORT`.
struct ListenAddress: Equatable {
    /// As the socket takes it (IPv6 without brackets).
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(_ text: String) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (0...65535).contains(port) else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            self.port = port
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let port = Int(parts[1]), (0...65535).contains(port) else { return nil }
            host = String(parts[0])
            self.port = port
        }
        guard !host.isEmpty else { return nil }
    }

    var isLoopback: Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }

    /// The name a browser puts in Host for it (IPv6 in brackets).
    var hostName: String { host.contains(":") ? "[\(host.lowercased())]" : host.lowercased() }

    /// In a URL.
    var urlHost: String { host.contains(":") ? "[\(host)]" : host }
}
