import ArgumentParser
import Glibc
import Logging
import NavCommandLine
import NavProtocol
import NavServer
import NavStore
import NavTransportUV
import NavigationCore
import NavHistory
import NavJSON

/// `navd [--app FILE] [--socket PATH] …`: loads the app, claims the socket, serves until
/// SIGINT, SIGTERM or SIGHUP (docs/protocol.md, docs/README.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Starts navd in the foreground on an app definition (the built-in sample app by default)."
    )

    @Option(help: "The app definition (JSON, a regular file of at most 16 MiB). Default: the built-in sample app.")
    var app: String?

    @Option(help: "The socket path. Default: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock.")
    var socket: String?

    @Option(help: "trace, debug (adds a line per client connect and disconnect), info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "Connections served at once; more are refused.")
    var maxClients = 1024

    @Option(help: "The longest message line accepted, in bytes.")
    var maxMessageBytes = 1 << 20

    @Option(help: "A uid allowed to connect besides navd's own and root (repeatable).")
    var allowUID: [UInt32] = []

    @Option(help: "Where the state is kept: one SQLite database per app, APP.sqlite (the directory is created 0700). Default: $XDG_STATE_HOME/navd, else ~/.local/state/navd.")
    var stateDir: String?

    @Flag(help: "Keep nothing on disk: the state and its history end with this navd.")
    var ephemeral = false

    @Option(help: "normal (a commit survives navd dying) or full (every commit is fsynced: survives power loss too).")
    var sync: SyncMode = .normal

    @Option(help: "Revisions the history keeps, in memory and on disk.")
    var history = History.defaultLimit

    @Option(help: "How long navd waits for a listener's answer to event.handle, in milliseconds, before it asks the next one.")
    var listenerTimeout = 1000

    func validate() throws {
        try FlagRange.maxClients.check(maxClients)
        try FlagRange.maxMessageBytes.check(maxMessageBytes)
        try FlagRange.history.check(history)
        try FlagRange.listenerTimeout.check(listenerTimeout)
        guard !ephemeral || stateDir == nil else { throw ValidationError("--ephemeral keeps nothing on disk: leave out --state-dir") }
    }

    func run() throws {
        let started = ContinuousClock.now
        UVTransport.ignoreSIGPIPE()
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "navd")

        let definition = try loadDefinition(logger: logger)
        let path = SocketPath(SocketLocation.resolve(override: socket))
        // The lock first: of two navds started together, exactly one gets past it.
        let lock: SocketLock
        do {
            lock = try path.lock()
            try path.claim()
        } catch let error where error.kind == .alreadyRunning {
            StandardIO.error("navd: already running at \(path.path)\n")
            throw ExitCode(2)
        } catch {
            StandardIO.error("navd: \(error.message)\n")
            throw ExitCode(1)
        }
        // The state after the socket: of two navds on one socket, the loser says so, not
        // that the database is held.
        let (starting, database, directory) = try startingState(definition)
        let navigator = starting.navigator

        var configuration = ServerConfiguration()
        configuration.maxLineBytes = maxMessageBytes
        configuration.version = NavVersion.number
        configuration.pid = getpid()
        configuration.socketPath = path.path
        configuration.openRPC = (try? JSONParser.parse(OpenRPCDocument.json, maxDepth: 256)) ?? .null
        configuration.clock = { (ContinuousClock.now - started).seconds }
        configuration.historyLimit = history
        configuration.listenerTimeout = Double(listenerTimeout) / 1000
        configuration.stateDir = directory
        let server = NavServer(navigator: navigator, configuration: configuration, history: starting.history)
        if let database {
            server.persist(to: DatabaseStore(database), committedThrough: starting.committedThrough)
            do {
                try server.flushCommits()
            } catch {
                StandardIO.error("navd: cannot save the state: \(error)\n")
                throw ExitCode(1)
            }
        }
        let daemon = Daemon(server: server, logger: logger, allowedUIDs: Set(allowUID), database: database)

        var transportConfiguration = UVTransport.Configuration()
        transportConfiguration.maxClients = maxClients
        transportConfiguration.tooManyClientsReply = NavServer.tooManyClientsReply(limit: maxClients)
        transportConfiguration.reportsFlushPoints = database != nil
        let transport: UVTransport
        let bound: ListeningSocket
        do {
            transport = try UVTransport(configuration: transportConfiguration, delegate: daemon)
            bound = try transport.listen(at: path.path)
            try transport.watchSignals(Daemon.watchedSignals)
        } catch {
            StandardIO.error("navd: \(error.message)\n")
            throw ExitCode(1)
        }
        let startup = (ContinuousClock.now - started).seconds * 1000
        logger.notice("listening", metadata: [
            "socket": "\(path.path)", "app": "\(definition.app)", "instance": "\(navigator.instance)",
            "startupMs": "\(Self.oneDecimal(startup))",
        ])
        StandardIO.output("navd: listening on \(path.path) (app \(definition.app), revision \(navigator.revision))\n")
        transport.run()
        bound.removeIfOwn()
        lock.release()
        database?.close()
        logger.notice("stopped")
    }

    /// The state to start from, the database it comes from and its directory (none with
    /// `--ephemeral`); says which on stdout, navd's first line. A database held by another navd
    /// stops navd with exit status 2, one it cannot read with 1; either is left as it is.
    private func startingState(_ definition: AppDefinition) throws -> (StartingState, StateDatabase?, String?) {
        do {
            guard !ephemeral else {
                let starting = try StartingState.fresh(definition, summary: "ephemeral: nothing is kept on disk")
                StandardIO.output("navd: \(starting.summary)\n")
                return (starting, nil, nil)
            }
            let environment = ["XDG_STATE_HOME", "HOME"].reduce(into: [String: String]()) { values, name in
                values[name] = getenv(name).map { String(cString: $0) }
            }
            let directory = StateDirectory.resolve(override: stateDir, environment: environment)
            try StateDirectory.create(directory)
            let database = try StateDatabase(
                path: StateDirectory.database(in: directory, app: definition.app), app: definition.app, sync: sync,
                historyLimit: history)
            let starting = try StartingState.load(
                from: database, definition: definition, historyLimit: history, now: ServerConfiguration.wallClockMilliseconds())
            StandardIO.output("navd: \(starting.summary)\n")
            return (starting, database, directory)
        } catch let error as StoreError {
            StandardIO.error("navd: \(error)\n")
            if case .locked = error.kind { throw ExitCode(2) }
            throw ExitCode(1)
        } catch {
            StandardIO.error("navd: \(app ?? "the built-in app") cannot start: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// `12.3`: milliseconds for the log, without Foundation's formatting.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The app definition: `--app FILE`, or the sample. Errors stop navd (exit 1) with every
    /// problem listed; warnings are logged.
    private func loadDefinition(logger: Logger) throws -> AppDefinition {
        guard let app else { return .sample }
        let text = try readDefinition(app)
        do {
            let loaded = try AppDefinition.load(json: text, checks: [EventStepCheck.diagnostics])
            for warning in loaded.warnings { logger.warning("\(app): \(warning)") }
            return loaded.definition
        } catch {
            let report = CheckReport(file: app, diagnostics: error.diagnostics, source: text)
            StandardIO.error(report.text + "\n")
            throw ExitCode(1)
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension SyncMode: ExpressibleByArgument {}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
