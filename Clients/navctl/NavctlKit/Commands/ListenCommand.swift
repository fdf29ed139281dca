internal import ArgumentParser
internal import NavClient
internal import NavJSON

/// `navctl listen NAME… --exec CMD`: makes a command a routing-event listener.
struct ListenCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Handles routing events with a command, until navd goes away or navctl is stopped.",
        discussion: """
            For each event navd asks about (event.handle), CMD runs under /bin/sh -c with the \
            request's params as one JSON line on its standard input: {"event", "payload", \
            "revision", "top": {"id", "screen", "params"}}. It prints {"steps": [...]} (nav.apply \
            ops) to handle the event, or {"steps": []} to let the next listener have it. A \
            non-zero exit or output that is not such an object declines the event. One line per \
            event is printed: the event, its payload and what CMD decided \
            (postTapped {"postId":5}: not mine).
            """)

    @Argument(help: "The events to handle, as the app definition declares them.", completion: .custom(ShellCompletions.complete))
    var events: [String]

    @Option(help: ArgumentHelp("The command that decides (run by /bin/sh -c).", valueName: "command"))
    var exec: String

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard !events.isEmpty else { throw ValidationError("name at least one event to listen to") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let connection = try session.connected()
        guard let answering = connection as? any ServerRequestAnswering else {
            throw .failed("this connection cannot answer navd's requests")
        }
        let command = exec
        answering.handleEvents { request in
            let (steps, note) = Self.decide(command, request.json)
            session.print(Self.line(event: request.event, payload: .object(request.payload), note: note))
            return .steps(steps)
        }
        let names = try session.using { connection throws(NavClientError) in try connection.listen(to: events) }
        session.print("listening to \(names.joined(separator: ", ")) as \(connection.clientID ?? "?")")
        while true {
            // navd stops asking a listener that missed three deadlines in a row (CMD too slow):
            // say so, and listen again.
            guard let notification = try session.nextNotification(timeout: nil),
                case .eventsDropped(let dropped, let reason)? = try? NavNotification(notification)
            else { continue }
            session.print("navd stopped asking about \(dropped.joined(separator: ", ")) (\(reason): CMD missed 3 deadlines in a row); listening again")
            _ = try session.using { connection throws(NavClientError) in try connection.listen(to: events) }
        }
    }

    /// The line printed per event: `postTapped {"postId":5}: not mine` (the help shows one).
    static func line(event: String, payload: JSONValue, note: String) -> String {
        "\(event) \(JSONWriter.string(payload)): \(note)"
    }

    /// Runs the command; its steps, or none (declined) with why.
    static func decide(_ command: String, _ params: JSONValue) -> (steps: [JSONValue], note: String) {
        var input = JSONWriter.bytes(params)
        input.append(UInt8(ascii: "\n"))
        let outcome: CommandRunner.Outcome
        do {
            outcome = try CommandRunner.run(command, input: input)
        } catch {
            return ([], "declined: \(error)")
        }
        guard let status = outcome.status else { return ([], "declined: the command was killed by a signal") }
        guard status == 0 else { return ([], "declined: the command exited with status \(status)") }
        guard let answer = try? JSONParser.parse(outcome.output), case .array(let steps)? = answer["steps"] else {
            let text = String(decoding: outcome.output.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
            return ([], "declined: the command printed \(text.isEmpty ? "nothing" : "'\(text)'"), not {\"steps\": [...]}")
        }
        if steps.isEmpty { return ([], "not mine") }
        return (steps, "\(steps.count) step\(steps.count == 1 ? "" : "s"): " + steps.map { $0["method"]?.stringValue ?? "?" }.joined(separator: ", "))
    }
}
