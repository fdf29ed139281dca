public import NavClient
public import NavigationCore
public import NavJSON

/// One run of navctl against one navd: a one-shot command, a shell, or a script. It owns
/// the connection (made on first use, made again after navd went away), the app definition
/// (fetched once from `routes.list`, to type params and complete names) and the output.
public final class NavctlSession {
    public enum Mode: Sendable {
        case oneShot, shell, script
    }

    public let environment: NavctlEnvironment
    public let mode: Mode
    /// The socket path after `--socket` / `NAVD_SOCKET` / defaults.
    public let socketPath: String
    /// The `--socket` value this session was started with (lines of a shell or script may
    /// repeat it, not change it).
    public let socketOption: String?
    /// The name given to navd in `daemon.hello` (shown in `watch` lines and `daemon.info`).
    public let clientName: String
    /// `--json` for every command (`navctl shell --json`).
    public var json: Bool
    /// Prints nothing but errors (`navctl run --quiet`).
    public var quiet = false

    private var connection: (any NavConnection)?
    private var cachedDefinition: AppDefinition?

    public init(environment: NavctlEnvironment, mode: Mode, socket: String?, clientName: String, json: Bool = false) {
        self.environment = environment
        self.mode = mode
        self.socketOption = socket
        self.socketPath = environment.resolveSocket(socket)
        self.clientName = clientName
        self.json = json
    }

    /// The connection, made now if there is none.
    public func connected() throws(NavctlError) -> any NavConnection {
        if let connection { return connection }
        do {
            let made = try environment.connect(socketPath, clientName)
            connection = made
            cachedDefinition = nil
            return made
        } catch {
            throw .client(error)
        }
    }

    public var isConnected: Bool { connection != nil }

    /// Makes calls on the connection (`session.using { try $0.perform(operation) }`); a lost
    /// connection is dropped so that the next call connects again.
    public func using<Result>(_ calls: (any NavConnection) throws(NavClientError) -> Result) throws(NavctlError) -> Result {
        let connection = try connected()
        do {
            return try calls(connection)
        } catch {
            if case .disconnected = error { disconnect() }
            throw .client(error)
        }
    }

    /// Calls any method by its wire name, with JSON params (`navctl call`).
    public func call(_ method: String, _ params: JSONObject = [:]) throws(NavctlError) -> JSONValue {
        try using { connection throws(NavClientError) in try connection.call(method, .object(params), timeout: 30) }
    }

    /// Performs an operation: its revision and events.
    public func perform(_ operation: NavOperation) throws(NavctlError) -> OperationResultView {
        try using { connection throws(NavClientError) in try connection.perform(operation) }
    }

    /// `nav.apply` with params read from a file.
    public func apply(_ params: JSONObject) throws(NavctlError) -> OperationResultView {
        try using { connection throws(NavClientError) in try connection.apply(params) }
    }

    /// The next notification on this session's connection.
    public func nextNotification(timeout: Double?) throws(NavctlError) -> ServerNotification? {
        let connection = try connected()
        do {
            return try connection.nextNotification(timeout: timeout)
        } catch {
            if case .disconnected = error { disconnect() }
            throw .client(error)
        }
    }

    public func disconnect() {
        connection?.close()
        connection = nil
    }

    /// The app definition navd serves, decoded (it types params and completes names).
    public func definition() throws(NavctlError) -> AppDefinition {
        if let cachedDefinition { return cachedDefinition }
        let routes = try using { connection throws(NavClientError) in try connection.routes() }
        guard let definition = AppDefinition.decode(routes.definition).definition else {
            throw .failed("navd's app definition does not decode")
        }
        cachedDefinition = definition
        return definition
    }

    /// The definition if one was fetched already (completion must not block on navd).
    public var knownDefinition: AppDefinition? { cachedDefinition }

    /// The whole state, typed.
    public func state() throws(NavctlError) -> NavStateView {
        try using { connection throws(NavClientError) in try connection.state() }
    }

    // MARK: Output

    /// Prints a line (or lines) of command output.
    public func print(_ text: String) {
        guard !quiet else { return }
        environment.stdout.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Prints a result: its compact JSON with `--json`, else the text `human` makes.
    func output(_ result: JSONValue, json: Bool, human: () -> String) {
        print(json || self.json ? JSONWriter.string(result) : human())
    }

    /// Writes an error to stderr, the way every navctl error looks.
    public func report(_ error: NavctlError) {
        environment.stderr.write(ErrorText.lines(for: error, socketPath: socketPath))
    }
}

