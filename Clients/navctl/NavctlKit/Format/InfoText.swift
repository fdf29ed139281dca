public import NavClient
internal import NavJSON

/// `navctl info`: the daemon, its state and its clients.
public enum InfoText {
    /// `me` is this connection's id, marked in the client list.
    public static func render(_ info: DaemonInfoView, me: String?) -> String {
        func text(_ key: String) -> String {
            guard let value = info.json[key] else { return "?" }
            return value.stringValue ?? JSONWriter.string(value)
        }
        var lines = [
            "navd \(text("version")) (protocol \(text("protocol"))), app \(text("app")), pid \(text("pid")), up \(text("uptimeSeconds")) s",
            "socket \(text("socket"))",
            "revision \(text("revision")), instance \(text("instance")), "
                + (info.stateDirectory.map { "state in \($0)" } ?? "state not kept"),
        ]
        lines.append("clients: \(info.clients.count)")
        for client in info.clients {
            var line = "  \(client.id) \(client.name ?? "(no name)")"
            if client.subscribed { line += ", subscribed" }
            if !client.listens.isEmpty { line += ", listens to " + client.listens.joined(separator: ", ") }
            if client.id == me { line += " (this connection)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
