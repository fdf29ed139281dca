/// What the status line says: the connection, and about navd (socket, app, revision, the
/// session's flags that are set and a request a guard holds, instance, clients); while the `:`
/// prompt is open, the prompt instead.
public struct Status: Sendable, Hashable {
    public enum Connection: Sendable, Hashable {
        /// Before the first attempt answered.
        case connecting
        case connected
        /// Not connected; `attempt` attempts have failed since the last connection.
        case retrying(attempt: Int)
    }

    public var socket: String
    public var connection: Connection
    /// From `daemon.info`.
    public var app: String?
    public var revision: Int?
    public var instance: String?
    /// Connections navd has (this viewer's included), from `daemon.info`.
    public var clients: Int?
    /// The text typed after `:`, while the prompt is open.
    public var prompt: String?
    /// History mode: the past revision shown, and the live one.
    public var history: HistoryPlace?
    /// The session flags that are set (docs/guards.md).
    public var flagsSet: [String] = []
    /// A request a guard holds: `account waits for signedIn`.
    public var pending: String?

    public struct HistoryPlace: Sendable, Hashable {
        public var revision: Int
        public var latest: Int

        public init(revision: Int, latest: Int) {
            self.revision = revision
            self.latest = latest
        }
    }

    public init(
        socket: String, connection: Connection = .connecting, app: String? = nil, revision: Int? = nil,
        instance: String? = nil, clients: Int? = nil, prompt: String? = nil
    ) {
        self.socket = socket
        self.connection = connection
        self.app = app
        self.revision = revision
        self.instance = instance
        self.clients = clients
        self.prompt = prompt
    }

    /// The status line, `columns` wide, in reverse video; the prompt's tail when it is longer.
    public func line(columns: Int, glyphs: Glyphs = .unicode) -> Line {
        if let prompt { return Self.promptLine(prompt, columns: columns, glyphs: glyphs).line }
        var line = Line(" ", .reverse)
        switch connection {
        case .connecting:
            line.append("\(glyphs.disconnected) connecting", Style(bold: true, reverse: true))
        case .connected:
            line.append("\(glyphs.connected) connected", Style(bold: true, reverse: true, colour: .green))
        case .retrying(let attempt):
            line.append("\(glyphs.disconnected) disconnected \(glyphs.dash) retrying", Style(bold: true, reverse: true, colour: .red))
            if attempt > 1 { line.append(" (attempt \(attempt))", .reverse) }
        }
        var fields: [String] = []
        if let app { fields.append(app) }
        if let history {
            fields.append("r\(history.revision) of \(history.latest)")
            fields.append("history")
            if history.latest > history.revision { fields.append("\(history.latest - history.revision) behind live") }
        } else if let revision {
            fields.append("revision \(revision)")
        }
        for field in fields { line.append(glyphs.dot + field, .reverse) }
        fields = []
        // The session right after the revision: what a person watching sign-in looks for.
        if let pending {
            line.append(glyphs.dot, .reverse)
            line.append("\(glyphs.held) \(pending)", Style(bold: true, reverse: true, colour: .yellow))
        }
        if !flagsSet.isEmpty { fields.append("flags: " + flagsSet.joined(separator: ", ")) }
        if connection == .connected, let clients { fields.append(Labels.count(clients, "client")) }
        if let instance { fields.append("instance \(instance)") }
        fields.append(socket)
        fields.append("? help")
        for field in fields { line.append(glyphs.dot + field, .reverse) }
        return line.fitted(to: columns, ellipsis: glyphs.ellipsis).padded(to: columns, .reverse)
    }

    /// `:` and what was typed; when too long, an ellipsis and the end (where the cursor is).
    static func promptLine(_ prompt: String, columns: Int, glyphs: Glyphs) -> (line: Line, cursor: Int) {
        let room = columns - 2
        var shown = prompt
        if DisplayWidth.of(shown) > room {
            var tail: [Character] = []
            var used = DisplayWidth.of(glyphs.ellipsis)
            for character in prompt.reversed() {
                used += DisplayWidth.of(character)
                if used > room { break }
                tail.insert(character, at: 0)
            }
            shown = glyphs.ellipsis + String(tail)
        }
        let line = Line(":" + shown, .bold)
        return (line.padded(to: columns), min(line.width, columns - 1))
    }

    /// The column of the cursor while prompting, nil otherwise.
    public func promptCursor(columns: Int, glyphs: Glyphs = .unicode) -> Int? {
        prompt.map { Self.promptLine($0, columns: columns, glyphs: glyphs).cursor }
    }
}
