import ArgumentParser
import Glibc
import Logging
import NavCommandLine
import NavProtocol
import NavServer
import NavTransportUV
import NavigationCore
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

    func validate() throws {
        guard maxClients >= 1 else { throw ValidationError("--max-clients must be at least 1") }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
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
        let navigator: Navigator
        do {
            navigator = try Navigator(booting: definition)
        } catch {
            StandardIO.error("navd: \(app ?? "the built-in app") cannot start: \(error)\n")
            throw ExitCode(1)
        }
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

        var configuration = ServerConfiguration()
        configuration.maxLineBytes = maxMessageBytes
        configuration.version = NavVersion.number
        configuration.pid = getpid()
        configuration.socketPath = path.path
        configuration.openRPC = (try? JSONParser.parse(OpenRPCDocument.json, maxDepth: 256)) ?? .null
        configuration.clock = { (ContinuousClock.now - started).seconds }
        let server = NavServer(navigator: navigator, configuration: configuration)
        let daemon = Daemon(server: server, logger: logger, allowedUIDs: Set(allowUID))

        var transportConfiguration = UVTransport.Configuration()
        transportConfiguration.maxClients = maxClients
        transportConfiguration.tooManyClientsReply = NavServer.tooManyClientsReply(limit: maxClients)
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
        StandardIO.output("navd: listening on \(path.path) (app \(definition.app), revision 1)\n")
        transport.run()
        bound.removeIfOwn()
        lock.release()
        logger.notice("stopped")
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
        let text: String
        do {
            text = try readDefinition(app)
        } catch {
            StandardIO.error("navd: cannot read \(app): \(error)\n")
            throw ExitCode(1)
        }
        do {
            let loaded = try AppDefinition.load(json: text)
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

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
