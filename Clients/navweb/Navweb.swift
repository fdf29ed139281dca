import ArgumentParser
internal import Dispatch
internal import Foundation
internal import Glibc
internal import Hummingbird
internal import Logging
internal import NavCommandLine
internal import NavProtocol
internal import NavSystem
internal import NavwebKit

/// `navweb`: navd's navigation, live in a browser (docs/navweb.md).
@main
struct Navweb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navweb",
        abstract: "Shows navd's navigation live in a browser: the graph, the tree, the events, the history.",
        discussion: """
            navweb follows navd as a subscriber (reconnecting when navd goes away) and serves one \
            page: the app's graph (drawn by Graphviz's dot) with the visible path, the stacks, \
            the selected tab and a pending request marked live; the tree as navview draws it, with \
            each change's events; a history slider over past revisions (read-only); the session \
            and the clients. Every open page gets every change, in order; a slow page never slows \
            navd or the others.

            It listens on 127.0.0.1 on a port of its own choosing (--listen to choose) and prints \
            the URL to open, with a random token: http://127.0.0.1:PORT/?token=…. A request \
            without the token (or the cookie the first visit sets) gets 403, and so does one that \
            names another host or comes from another site's page. --unix serves on a Unix socket \
            instead (only your user may connect to it), for ssh forwarding.

            Read-only unless --control, which adds a deep-link box, close, tab and route buttons.
            """,
        version: NavVersion.line("navweb"))

    /// argument-parser's main, but a usage error exits 2 as in every navd program.
    static func main() { mainExitingTwoOnUsage() }

    @Option(help: "navd's socket (default: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock).")
    var socket: String?

    @Option(help: ArgumentHelp("Listen on this address and port (default 127.0.0.1:0, a free port); another address than loopback is reachable by others.", valueName: "addr:port"))
    var listen: String?

    @Option(help: ArgumentHelp("Serve on this Unix socket instead of TCP (it must not exist).", valueName: "path"))
    var unix: String?

    @Option(name: .customLong("host-name"), help: ArgumentHelp("Another name the page is opened by (its Host header), besides the loopback names and the --listen address; repeatable.", valueName: "name"))
    var hostNames: [String] = []

    @Flag(help: "Let the page change the state: a deep-link box, close, tab and route buttons.")
    var control = false

    func validate() throws {
        if listen != nil && unix != nil { throw ValidationError("--listen and --unix cannot be used together") }
        if let listen, ListenAddress(listen) == nil {
            throw ValidationError("--listen takes ADDR:PORT (for example 127.0.0.1:8080 or [::1]:8080), not \(listen)")
        }
        if let unix, access(unix, F_OK) == 0 {
            throw ValidationError("--unix \(unix) exists: remove it first (navweb does not replace a file)")
        }
    }

    func run() throws {
        let address = listen.flatMap(ListenAddress.init) ?? ListenAddress(host: "127.0.0.1", port: 0)
        if unix == nil && !address.isLoopback {
            printError("navweb: warning: listening on \(address.host), which other machines may reach; the token is all that stands between them and the page")
        }
        let token = AccessPolicy.randomToken()
        var names = AccessPolicy.loopbackNames.union(hostNames)
        if unix == nil { names.insert(address.hostName) }
        let policy = AccessPolicy(token: token, cookieName: "navweb_" + AccessPolicy.randomToken().prefix(8), hostNames: names)
        let hub = PageHub()
        let socketPath = SocketLocation.resolve(override: socket)
        let followerThread = Thread { NavdFollower(socketPath: socketPath, hub: hub).run() }
        followerThread.name = "navd follower"
        followerThread.start()

        let routes = WebRoutes(policy: policy, hub: hub, gateway: SocketGateway(socketPath: socketPath), control: control)
        let bind: BindAddress
        if let unix {
            umask(0o077)
            bind = .unixDomainSocket(path: unix)
        } else {
            bind = .hostname(address.host, port: address.port)
        }
        let unixPath = unix
        let app = Application(
            router: routes.router(),
            configuration: .init(address: bind, serverName: "navweb"),
            onServerRunning: { channel in
                if let unixPath {
                    printOut("navweb: serving on the Unix socket \(unixPath) (navd at \(socketPath)); forward it, e.g. ssh -L 8080:\(unixPath) HOST, then open http://localhost:8080/?token=\(token)")
                } else {
                    let port = channel.localAddress?.port ?? address.port
                    printOut("navweb: following navd at \(socketPath); open http://\(address.urlHost):\(port)/?token=\(token)")
                }
            },
            logger: Self.logger())
        Self.stopOnSignals(unlinking: unix)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await app.runService(gracefulShutdownSignals: [])
            } catch {
                printError("navweb: cannot serve: \(error)")
                Glibc.exit(ExitStatus.failure)
            }
            done.signal()
        }
        done.wait()
    }

    /// Hummingbird's log, on stderr (stdout holds the URL line only), warnings and errors.
    static func logger() -> Logger {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "navweb")
        logger.logLevel = .warning
        return logger
    }

    /// SIGINT and SIGTERM end navweb at once (open event streams would hold a graceful
    /// shutdown forever), removing its Unix socket.
    static func stopOnSignals(unlinking path: String?) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if let path { unlink(path) }
                Glibc.exit(ExitStatus.ok)
            }
            source.resume()
            Signals.sources.append(source)
        }
    }
}

/// Keeps the signal sources alive.
enum Signals {
    nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
}

func printOut(_ line: String) {
    try? writeAll(STDOUT_FILENO, line + "\n")
}

func printError(_ line: String) {
    try? writeAll(STDERR_FILENO, line + "\n")
}
