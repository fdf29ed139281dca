public import NavClient
internal import NavProtocol

/// Everything navctl touches outside itself: the connection to navd, stdout and stderr,
/// files, the terminal. `standard` is the real one; tests build one around an in-process navd.
public struct NavctlEnvironment {
    public typealias Connector = (_ socketPath: String, _ name: String) throws(NavClientError) -> any NavConnection

    public var stdout: any TextOutput
    public var stderr: any TextOutput
    /// Connects to navd and says `daemon.hello` with `name`.
    public var connect: Connector
    /// The socket path for a `--socket` value (nil: not given).
    public var resolveSocket: (String?) -> String
    /// Reads a file (`-`: standard input); the error is the message a person reads.
    public var readFile: (String) -> Result<String, NavctlError>
    /// The shell's line reader: libedit on a terminal, plain lines otherwise.
    public var makeLineReader: (_ completer: Completer, _ historyPath: String?) -> any LineReader
    /// Where the shell keeps its history: $XDG_STATE_HOME/navctl/history, else
    /// ~/.local/state/navctl/history (nil: nowhere).
    public var historyPath: String?

    public init(
        stdout: any TextOutput, stderr: any TextOutput, connect: @escaping Connector,
        resolveSocket: @escaping (String?) -> String = NavctlEnvironment.socketPath,
        readFile: @escaping (String) -> Result<String, NavctlError> = NavctlEnvironment.readRealFile,
        makeLineReader: @escaping (Completer, String?) -> any LineReader = { _, _ in PlainLineReader() },
        historyPath: String? = nil
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.connect = connect
        self.resolveSocket = resolveSocket
        self.readFile = readFile
        self.makeLineReader = makeLineReader
        self.historyPath = historyPath
    }

    /// The real process: stdout, stderr, sockets, files, libedit when stdin is a terminal.
    public static func standard() -> NavctlEnvironment {
        NavctlEnvironment(
            stdout: FileOutput.standardOutput, stderr: FileOutput.standardError,
            connect: { path, name throws(NavClientError) in try NavClient(socketPath: path, name: name) },
            makeLineReader: { completer, history in
                EditLineReader.isAvailable
                    ? EditLineReader(completer: completer, historyPath: history) as any LineReader : PlainLineReader()
            },
            historyPath: defaultHistoryPath())
    }

    /// The socket path rule every navd program shares (`SocketLocation`).
    public static func socketPath(_ option: String?) -> String {
        SocketLocation.resolve(override: option)
    }

    public static func readRealFile(_ path: String) -> Result<String, NavctlError> {
        do {
            return .success(try Files.read(path))
        } catch {
            return .failure(.usage(error.message))
        }
    }

    static func defaultHistoryPath() -> String? {
        if let state = Files.environment("XDG_STATE_HOME"), state.hasPrefix("/") { return "\(state)/navctl/history" }
        if let home = Files.environment("HOME") { return "\(home)/.local/state/navctl/history" }
        return nil
    }
}
