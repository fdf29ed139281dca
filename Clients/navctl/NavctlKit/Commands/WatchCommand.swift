internal import ArgumentParser
internal import NavClient
internal import NavProtocol
internal import NavigationCore
internal import NavJSON

/// `navctl watch`: `nav.subscribe`, then one line per revision.
struct WatchCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Prints one line per change of the state until stopped.",
        discussion: """
            Each line is a revision, the method and the client (its daemon.hello name) that \
            caused it, and its events. With --json, navd's notifications as they arrive, one \
            JSON-RPC message per line (NDJSON).
            """)

    @Option(help: ArgumentHelp("Stop after this many revisions.", valueName: "n"))
    var count: Int?

    @Flag(help: "Put the whole tree in every notification (seen with --json).")
    var tree = false

    @Flag(help: "When navd goes away, wait for it (backing off up to 5 s) and go on.")
    var reconnect = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        if session.mode == .shell && count == nil {
            throw usageError("in the shell, watch needs --count (Ctrl-C would end the shell)")
        }
        var printer = WatchPrinter(json: common.json || session.json, limit: count)
        if reconnect {
            try watchReconnecting(session, printer: &printer)
        } else {
            try watch(session, printer: &printer)
        }
    }

    private func watch(_ session: NavctlSession, printer: inout WatchPrinter) throws(NavctlError) {
        let subscribeTree = tree
        let snapshot = try session.using { connection throws(NavClientError) in try connection.subscribe(tree: subscribeTree) }
        if !printer.json { session.print(Self.started(snapshot)) }
        defer {
            if session.mode != .oneShot && session.isConnected {
                _ = try? session.using { connection throws(NavClientError) in try connection.unsubscribe() }
            }
        }
        while !printer.isDone {
            let notification: ServerNotification?
            do {
                notification = try session.nextNotification(timeout: nil)
            } catch {
                if printer.sawShutdown, case .client(.disconnected) = error { return }
                throw error
            }
            guard let notification else { continue }
            for line in printer.lines(for: notification) { session.print(line) }
        }
    }

    private func watchReconnecting(_ session: NavctlSession, printer: inout WatchPrinter) throws(NavctlError) {
        let subscribeTree = tree
        let client = ReconnectingClient(
            socketPath: session.socketPath, name: session.clientName, connector: session.environment.connect,
            setup: { connection throws(NavClientError) in
                try connection.subscribe(tree: subscribeTree)
            })
        defer { client.close() }
        let quietAboutConnections = printer.json
        let waiting = WaitNotice(session: session, silent: quietAboutConnections)
        client.willRetry = { _, _ in waiting.announce() }
        while !printer.isDone {
            let event: ReconnectingClient<NavStateView>.Event?
            do {
                event = try client.nextEvent(timeout: nil)
            } catch {
                throw .client(error)
            }
            switch event {
            case .connected(let snapshot)?:
                waiting.reset()
                if !quietAboutConnections {
                    session.print(client.connections == 1 ? Self.started(snapshot) : "navd is back: " + Self.started(snapshot))
                }
            case .notification(let notification)?:
                for line in printer.lines(for: notification) { session.print(line) }
            case .disconnected(let reason)?:
                if !quietAboutConnections { session.print("lost navd (\(reason)); waiting for it") }
                waiting.quiet()
            case nil:
                continue
            }
        }
    }

    /// `watching from r1 (instance 9f2c41d0)`.
    static func started(_ snapshot: NavStateView) -> String {
        "watching from r\(snapshot.revision) (instance \(snapshot.instance))"
    }
}

/// Says once per outage that navctl is waiting for navd.
private final class WaitNotice {
    let session: NavctlSession
    let silent: Bool
    var said = false

    init(session: NavctlSession, silent: Bool) {
        self.session = session
        self.silent = silent
    }

    func announce() {
        guard !said, !silent else { return }
        said = true
        session.print("waiting for navd at \(session.socketPath)")
    }

    /// The outage was announced another way.
    func quiet() { said = true }

    func reset() { said = false }
}
