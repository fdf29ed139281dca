internal import NavigationCore
public import NavJSON

/// `navctl info`: the daemon, its state and its clients.
public enum InfoText {
    /// `me` is this connection's id, marked in the client list.
    public static func render(_ info: JSONValue, me: String?) -> String {
        func text(_ key: String) -> String {
            guard let value = info[key] else { return "?" }
            return value.stringValue ?? JSONWriter.string(value)
        }
        var lines = [
            "navd \(text("version")) (protocol \(text("protocol"))), app \(text("app")), pid \(text("pid")), up \(text("uptimeSeconds")) s",
            "socket \(text("socket"))",
            "revision \(text("revision")), instance \(text("instance")), "
                + (info["stateDir"]?.stringValue.map { "state in \($0)" } ?? "state not kept"),
        ]
        let clients = info["clients"]?.arrayValue ?? []
        lines.append("clients: \(clients.count)")
        for client in clients {
            let id = client["id"]?.stringValue ?? "?"
            var line = "  \(id) \(client["name"]?.stringValue ?? "(no name)")"
            if client["subscribed"]?.boolValue == true { line += ", subscribed" }
            if id == me { line += " (this connection)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
