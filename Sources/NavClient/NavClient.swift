internal import Glibc
internal import NavProtocol
internal import NavSystem
public import NavJSON

/// A connection to navd: request ids, calls that wait for their response, and the
/// notifications that arrive meanwhile, queued in order. Blocking, for command-line programs;
/// `fileDescriptor` lets a program with its own event loop poll it.
///
/// Not thread-safe: one thread uses a client.
public final class NavClient {
    public let socketPath: String
    public let name: String
    /// This connection's id as navd knows it (`c3`), from `daemon.hello`.
    public private(set) var clientID: String?

    private var fd: Int32
    private var decoder = FrameDecoder(maxLineBytes: 64 << 20)
    private var nextID = 1
    private var queued: [ServerNotification] = []
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Answers `event.handle` (`handleEvents(with:)`); without it, navd's requests are refused.
    var eventHandler: EventHandleResponder?

    /// Connects to navd at `socketPath` (default: `SocketLocation.resolve()`) and, with
    /// `hello`, names this connection `name` (shown in `daemon.info` and in every change's cause).
    public init(socketPath: String? = nil, name: String, hello: Bool = true) throws(NavClientError) {
        self.socketPath = socketPath ?? SocketLocation.resolve()
        self.name = name
        self.fd = try Self.connect(to: self.socketPath)
        if hello {
            clientID = try self.hello(name: name)
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// The socket, for `poll` in a program with its own loop. Readable means `pollNotification`
    /// may have something.
    public var fileDescriptor: Int32 { fd }

    public var isConnected: Bool { fd >= 0 }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Calls a method by its wire name and waits for its result; notifications that arrive
    /// first are queued.
    public func call(_ method: String, _ params: JSONValue = [:], timeout: Double? = 30) throws(NavClientError) -> JSONValue {
        let id = nextID
        nextID += 1
        var line: [UInt8] = []
        RPCEncoder.request(id: .int(id), method: method, params: params, into: &line)
        try write(line)
        let deadline = timeout.map { monotonicNow() + $0 }
        while true {
            let message = try readMessage(until: deadline, method: method, timeout: timeout)
            if try answerIfRequest(message) { continue }
            if let method = message["method"]?.stringValue, message["id"] == nil {
                queued.append(ServerNotification(method: method, params: message["params"] ?? .null))
                continue
            }
            guard message["id"] == .int(id) else {
                throw .protocolViolation("a response with id \(message["id"].map(JSONWriter.string) ?? "none") while waiting for \(id)")
            }
            if let error = message["error"] {
                guard let rpcError = RPCError(json: error) else {
                    throw .protocolViolation("an error object navd does not document: \(JSONWriter.string(error))")
                }
                throw .rpc(rpcError)
            }
            return message["result"] ?? .null
        }
    }

    /// The next notification: a queued one, else one read within `timeout` seconds (`nil`:
    /// wait forever). Returns `nil` when none arrived in time.
    public func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
        if !queued.isEmpty { return queued.removeFirst() }
        let deadline = timeout.map { monotonicNow() + $0 }
        while true {
            let message: JSONValue
            do {
                message = try readMessage(until: deadline, method: "a notification", timeout: timeout)
            } catch {
                if case .timedOut = error { return nil }
                throw error
            }
            if try answerIfRequest(message) { continue }
            if let method = message["method"]?.stringValue, message["id"] == nil {
                return ServerNotification(method: method, params: message["params"] ?? .null)
            }
            throw .protocolViolation("a response nobody asked for: \(JSONWriter.string(message))")
        }
    }

    /// A request navd sent (a method and an id): answered by its handler, or `methodNotFound`.
    private func answerIfRequest(_ message: JSONValue) throws(NavClientError) -> Bool {
        guard let request = ServerRequest(message) else { return false }
        try write(request.response(answer(request.call)))
        return true
    }

    /// The answer to a request navd sent: its handler's, else `methodNotFound`.
    private func answer(_ call: ServerRequest.Call) -> EventHandleAnswer {
        switch call {
        case .eventHandle(let params):
            guard let eventHandler else { return Self.notAnswered(RPCServerRequest.eventHandle.rawValue) }
            switch params {
            case .success(let request): return eventHandler(request)
            case .failure(let error): return .error(.invalidParams, message: "invalid params: \(error)")
            }
        case .unknown(let method):
            return Self.notAnswered(method)
        }
    }

    private static func notAnswered(_ method: String) -> EventHandleAnswer {
        .error(.methodNotFound, message: "method not found: '\(method)' (this client answers no such request)")
    }

    // MARK: Wire

    private static func connect(to path: String) throws(NavClientError) -> Int32 {
        do {
            return try UnixSocket.connect(to: path)
        } catch {
            let reason = error.code == ENAMETOOLONG ? "the path is longer than a socket address holds" : error.description
            throw .unreachable(path: path, reason: reason)
        }
    }

    private func write(_ bytes: [UInt8]) throws(NavClientError) {
        guard fd >= 0 else { throw .disconnected("the connection is closed") }
        do {
            try writeAll(fd, bytes, to: .socket)
        } catch {
            close()
            throw .disconnected(error.description)
        }
    }

    /// Frames already decoded but not yet returned.
    private var frames: [[UInt8]] = []

    private func readMessage(until deadline: Double?, method: String, timeout: Double?) throws(NavClientError) -> JSONValue {
        while frames.isEmpty {
            guard fd >= 0 else { throw .disconnected("the connection is closed") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { max(0, Int32((($0 - monotonicNow()) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&pfd, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { throw .timedOut(method: method, seconds: timeout ?? 0) }
            let n = readBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = n == 0 ? "navd closed the connection" : String(cString: strerror(errno))
                close()
                throw .disconnected(reason)
            }
            var decoded: [[UInt8]] = []
            readBuffer.withUnsafeBytes { raw in
                decoder.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { frame in
                    if case .line(let line) = frame { decoded.append(Array(line)) }
                }
            }
            frames.append(contentsOf: decoded)
        }
        let line = frames.removeFirst()
        do {
            return try JSONParser.parse(line, maxDepth: 512)
        } catch {
            throw .protocolViolation("a line that is not JSON (\(error))")
        }
    }
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
