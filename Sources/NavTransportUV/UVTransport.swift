internal import CLibUV
internal import NavCollections
internal import Glibc

/// The thin libuv layer of navd: one event loop, one listening Unix socket, the connections it
/// accepts with their write queues and flow control, watched signals and timers. It moves bytes
/// and knows nothing of what they mean.
///
/// **Thread rule.** A transport lives on one thread, its *loop thread*: the thread that creates
/// it and calls `run()`. Every method, and every delegate call, happens there; the class is
/// deliberately not `Sendable`. Work from elsewhere must reach the loop through the loop itself
/// (a socket, a signal).
///
/// **Writing.** `send` only appends to the connection's pending buffer. A `uv_prepare` handle,
/// which libuv runs once per loop iteration just before it waits for I/O, starts at most one
/// write per connection with everything queued since the last one: `uv_try_write` first, and
/// a `uv_write` of what the kernel did not take; while such a write is in flight its buffer is
/// kept whole and new bytes gather in the other buffer.
///
/// **Lifetime.** `run()` runs once. When it returns, every handle has been closed, every close
/// callback has run (each open connection reported `closed` with `.shutdown`) and the loop is
/// closed (`isClosed`). The transport holds its delegate weakly.
public final class UVTransport {
    enum Phase {
        case ready, running, tearingDown, finished
    }

    public let configuration: Configuration
    public var delegate: (any TransportDelegate)? {
        get { weakDelegate }
        set { weakDelegate = newValue }
    }
    /// Private storage behind `delegate`: only these accessors touch it, so the optimizer
    /// checks its accesses statically instead of at run time on every read.
    private weak var weakDelegate: (any TransportDelegate)?

    /// Set once `run()` closed the loop with every handle gone (`uv_loop_close` returned 0).
    public internal(set) var isClosed = false
    /// The socket `listen(at:)` bound, kept after `stopListening()` so the owner can remove it on exit.
    public internal(set) var listeningSocket: ListeningSocket?

    let loop: UnsafeMutablePointer<uv_loop_t>
    /// The one buffer `alloc_cb` hands out for every read; the delegate sees it synchronously.
    let readBuffer: UnsafeMutableRawBufferPointer
    /// Runs every iteration before libuv polls: flushes the writes queued during the iteration.
    let flushHandle: UnsafeMutablePointer<uv_prepare_t>
    /// Looks for stalled writers while some connection has bytes queued.
    let stallTimer: UnsafeMutablePointer<uv_timer_t>

    var phase = Phase.ready
    var stopRequested = false
    var listener: UnsafeMutablePointer<uv_pipe_t>?
    let connections = ConnectionTable<Connection>()
    /// Connections with bytes queued this iteration, in the order they were first queued.
    /// This list and the next are only ever swapped with locals (`markDirty`, `flush`): no
    /// access to them contains a call, so their exclusivity is checked at compile time.
    var dirty: [Connection] = []
    /// Connections that became congested since the delegate was last told.
    var congestionToReport: [Connection] = []
    var timers: [TimerID: UnsafeMutablePointer<uv_timer_t>] = [:]
    var signalHandles: [Int32: UnsafeMutablePointer<uv_signal_t>] = [:]
    var shutdownState: ShutdownState?

    /// Every write this transport started, one per batch (tests check batching with it).
    var writeCount = 0

    /// Creates the loop; fails only when the system refuses one (no file descriptors left).
    public init(configuration: Configuration = Configuration(), delegate: any TransportDelegate) throws(TransportError) {
        precondition(configuration.isConsistent,
                     "UVTransport.Configuration: need 0 ≤ lowWatermark ≤ highWatermark ≤ maxQueuedBytes, "
                        + "positive stallTimeout, maxClients and readBufferSize")
        let loop = allocateUV(uv_loop_t.self)
        let status = uv_loop_init(loop)
        guard status == 0 else {
            loop.deallocate()
            throw .system("start", "the event loop", SystemError(uv: status))
        }
        self.configuration = configuration
        self.weakDelegate = delegate
        self.loop = loop
        readBuffer = .allocate(byteCount: configuration.readBufferSize, alignment: 16)
        flushHandle = allocateUV(uv_prepare_t.self)
        stallTimer = allocateUV(uv_timer_t.self)
        loop.pointee.data = Unmanaged.passUnretained(self).toOpaque()

        uv_prepare_init(loop, flushHandle)
        uv_prepare_start(flushHandle, onFlush)
        uv_unref(asHandle(flushHandle))
        uv_timer_init(loop, stallTimer)
        uv_unref(asHandle(stallTimer))
    }

    /// SIGPIPE's default action kills the process when a peer vanishes mid-write (libuv writes to
    /// pipes with `write(2)`, which raises it). The disposition is process-wide, so the program
    /// decides: navd's `main` calls this once before it starts a transport.
    public static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// The ids of the connections that are open (not yet reported `closed`), oldest first.
    public var openConnections: [ConnectionID] {
        let all = connections.values
        return all.filter { !$0.isClosing }.map(\.id).sorted()
    }

    func connection(for id: ConnectionID) -> Connection? {
        connections[id.raw]
    }

    /// Runs the loop until `stop()` (or until nothing is left that could wake it: no listener,
    /// connection, timer or watched signal). Then closes every handle, runs the loop until every
    /// close callback has fired, and closes the loop. Runs once; a second call returns at once.
    public func run() {
        guard phase == .ready else { return }
        phase = .running
        if !stopRequested {
            uv_run(loop, UV_RUN_DEFAULT)
        }
        phase = .tearingDown
        closeAllHandles()
        uv_run(loop, UV_RUN_DEFAULT)
        closeLoop()
        phase = .finished
    }

    /// Makes `run()` return after the current loop iteration (at once if it has not started).
    public func stop() {
        stopRequested = true
        if phase == .running {
            uv_stop(loop)
        }
    }

    deinit {
        if phase != .finished {
            // Never run, or dropped mid-run: close everything without calling anyone back
            // (callbacks find no transport in loop->data and only free memory).
            loop.pointee.data = nil
            closeAllHandles()
            uv_run(loop, UV_RUN_DEFAULT)
            closeLoop()
        }
        readBuffer.deallocate()
    }
}
