import NavClient
import NavProtocol
import NavServer
import NavigationCore
@testable import NavctlKit
import NavJSON

/// navd without sockets: the real `NavServer` and engine, with connections that hand bytes
/// straight to it. navctl commands run against it exactly as against the daemon, so their
/// output is tested as exact strings, deterministically (fixed instance and ids).
final class InProcessNavd {
    let server: NavServer
    private var nextID: UInt64 = 1
    private var connections: [UInt64: InProcessConnection] = [:]
    /// Called when a connection waits for a notification and has none: the test's next move
    /// (another client's change, a shutdown). Returns false when there is nothing more,
    /// and the waiting connection ends as if navd went away.
    var whenIdle: () -> Bool = { false }

    /// `historyPageBytes`: navd's byte bound of a `nav.history` page, smaller to make pages.
    init(definition: AppDefinition = .sample, instance: String = "9f2c41d0", historyPageBytes: Int? = nil) {
        var configuration = ServerConfiguration()
        if let historyPageBytes { configuration.historyPageBytes = historyPageBytes }
        configuration.socketPath = "/run/navctl-test/navd.sock"
        configuration.pid = 4242
        server = NavServer(navigator: Navigator(definition: definition, instance: instance), configuration: configuration)
    }

    /// A new connection, named with `daemon.hello` when `name` is given.
    func connect(name: String?) throws(NavClientError) -> InProcessConnection {
        let id = ClientID(nextID)
        nextID += 1
        server.connect(id)
        let connection = InProcessConnection(navd: self, id: id)
        connections[id.raw] = connection
        if let name { try connection.hello(name) }
        return connection
    }

    func send(_ bytes: [UInt8], from id: ClientID) {
        let outputs = bytes.withUnsafeBytes { server.receive($0, from: id) }
        deliver(outputs)
    }

    func deliver(_ outputs: [ServerOutput]) {
        for output in outputs {
            switch output {
            case .send(let id, let payload): connections[id.raw]?.received(payload.bytes)
            case .close(let id, _): connections[id.raw]?.closedByServer = true
            }
        }
    }

    func disconnect(_ id: ClientID) {
        server.disconnect(id)
        connections[id.raw] = nil
    }

    /// A call from a client of its own (another terminal), for changes a watcher sees.
    @discardableResult
    func call(_ method: String, _ params: JSONValue = [:], as name: String = "other") throws -> JSONValue {
        let connection = try connect(name: name)
        defer { connection.close() }
        return try connection.call(method, params, timeout: 1)
    }

    /// The socket path of every connection navctl made (any path under /run/navctl-test/ is
    /// this navd; others are unreachable).
    var connectedPaths: [String] = []

    let stdout = BufferOutput()
    let stderr = BufferOutput()
    /// The shell's lines (and the prompts it was shown).
    var reader = ScriptedLineReader([])

    /// navctl's environment around this navd: output buffers, files from a dictionary, the
    /// shell reading `lines`.
    func environment(files: [String: String] = [:], lines: [String] = []) -> NavctlEnvironment {
        reader = ScriptedLineReader(lines)
        let reader = self.reader
        return NavctlEnvironment(
            stdout: stdout, stderr: stderr,
            connect: { [unowned self] path, name throws(NavClientError) in
                guard path.hasPrefix("/run/navctl-test/") else { throw .unreachable(path: path, reason: "No such file or directory") }
                self.connectedPaths.append(path)
                return try self.connect(name: name)
            },
            resolveSocket: { $0 ?? "/run/navctl-test/navd.sock" },
            readFile: { path in
                guard let text = files[path] else { return .failure(.usage("cannot read \(path): No such file or directory")) }
                return .success(text)
            },
            makeLineReader: { _, _ in reader })
    }

    /// Runs one navctl command line: its exit status, stdout and stderr.
    func run(_ arguments: [String], files: [String: String] = [:], lines: [String] = []) -> Outcome {
        _ = stdout.take()
        _ = stderr.take()
        let status = NavctlMain.run(arguments, environment: environment(files: files, lines: lines))
        return Outcome(status: status, stdout: stdout.take(), stderr: stderr.take())
    }

    /// `run` with the words of one line.
    func run(_ line: String, files: [String: String] = [:], lines: [String] = []) -> Outcome {
        run(line.split(separator: " ").map(String.init), files: files, lines: lines)
    }
}

/// What a navctl run did.
struct Outcome: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    init(status: Int32, stdout: String = "", stderr: String = "") {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// One client connection of an `InProcessNavd`.
final class InProcessConnection: NavConnection {
    let socketPath = "/run/navctl-test/navd.sock"
    private(set) var clientID: String?
    let id: ClientID
    private unowned let navd: InProcessNavd
    private var buffer: [UInt8] = []
    private var messages: [JSONValue] = []
    private var nextRequest = 1
    var closedByServer = false
    private var closed = false

    init(navd: InProcessNavd, id: ClientID) {
        self.navd = navd
        self.id = id
    }

    func hello(_ name: String) throws(NavClientError) {
        clientID = try call("daemon.hello", ["name": .string(name)], timeout: 1)["client"]?.stringValue
    }

    func received(_ bytes: [UInt8]) {
        buffer += bytes
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            if let message = try? JSONParser.parse(line, maxDepth: 512) { messages.append(message) }
        }
    }

    func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue {
        guard !closed, !closedByServer else { throw .disconnected("navd closed the connection") }
        let requestID = nextRequest
        nextRequest += 1
        var line: [UInt8] = []
        RPCEncoder.request(id: .int(requestID), method: method, params: params, into: &line)
        navd.send(line, from: id)
        guard let index = messages.firstIndex(where: { $0["id"] == .int(requestID) }) else {
            throw .timedOut(method: method, seconds: timeout ?? 0)
        }
        let response = messages.remove(at: index)
        if let error = response["error"] {
            guard let rpcError = RPCError(json: error) else { throw .protocolViolation(JSONWriter.string(error)) }
            throw .rpc(rpcError)
        }
        return response["result"] ?? .null
    }

    func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
        while true {
            if let index = messages.firstIndex(where: { $0["id"] == nil }) {
                let message = messages.remove(at: index)
                return ServerNotification(method: message["method"]?.stringValue ?? "", params: message["params"] ?? .null)
            }
            if closed || closedByServer || !navd.whenIdle() {
                close()
                throw .disconnected("navd closed the connection")
            }
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        navd.disconnect(id)
    }
}
