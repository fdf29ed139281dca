internal import Glibc
internal import NavClient
internal import NavJSON
internal import NavigationCore
internal import NavProtocol
internal import NavviewKit

/// The full-screen viewer: one `poll` loop over the terminal, the signal descriptor and the
/// connection to navd. Everything it shows comes from `ViewerSession`; this type only moves
/// bytes, keys and signals in and paints lines out.
final class TerminalViewer {
    private let terminal = Terminal()
    /// Made once the terminal is ours: if ncurses refuses it, navview prints text instead,
    /// and Ctrl-C must still end that.
    private var signals: SignalWatch?
    private let link: NavdLink
    private var session: ViewerSession
    private var running = true
    private var dirty = true
    private var infoDue = 0.0
    /// Keys come from a terminal only (a file or /dev/null on stdin would always poll readable).
    private var stdinOpen = isatty(STDIN_FILENO) == 1
    /// `daemon.info` is asked again after changes, and at least this often.
    private let infoInterval = 3.0

    private let colours: Bool

    init(socketPath: String?, glyphs: Glyphs, colours: Bool) {
        link = NavdLink(socketPath: socketPath)
        session = ViewerSession(socket: link.socketPath, glyphs: glyphs)
        self.colours = colours
    }

    /// Runs until `q`, Ctrl-C or a stopping signal; the terminal is restored on every way out.
    func run() throws(TerminalError) {
        try terminal.start(colours: colours)
        defer { terminal.restore() }
        signals = SignalWatch()
        while running {
            pump()
            if dirty { paint() }
            guard running else { break }
            wait()
        }
    }

    // MARK: navd

    /// Handles everything the connection has now; while disconnected, one attempt when due.
    private func pump() {
        while running {
            let event: NavdLink.Event?
            do {
                event = try link.nextEvent(timeout: 0)
            } catch {
                failed(error, doing: link.isConnected ? "reading from navd" : RPCMethod.navSubscribe.rawValue)
                return
            }
            guard let event else { break }
            handle(event)
        }
        if link.isConnected, NavdLink.now() >= infoDue { refreshInfo() }
    }

    private func handle(_ event: NavdLink.Event) {
        dirty = true
        switch event {
        case .connected(let state):
            session.travel.reconnected()
            session.model.subscribed(state)
            session.status.connection = .connected
            infoDue = 0
            follow()
        case .notification(let notification):
            switch session.model.received(notification) {
            case .changed(.applied):
                infoDue = 0
                follow()
            case .changed(.stale), .ignored: break
            case .changed(.refetch): refetch()
            case .shutdown(let reason): session.model.note("navd is shutting down (\(reason))")
            }
        case .disconnected(let reason):
            session.model.disconnected(reason)
            session.status.connection = .retrying(attempt: 1)
            session.status.clients = nil
            follow()
        }
    }

    /// A call (or a connection attempt) failed: a lost connection is retried; navd's
    /// answer is reported; anything else unusable ends the connection, to start over.
    private func failed(_ error: NavClientError, doing what: String) {
        dirty = true
        switch error {
        case .unreachable, .disconnected:
            if link.isConnected { link.drop() }
            session.status.connection = .retrying(attempt: link.failures + 1)
        case .rpc:
            session.model.warn("\(what) failed: \(error)")
            if !link.isConnected { session.status.connection = .retrying(attempt: link.failures + 1) }
        case .timedOut, .protocolViolation:
            session.model.warn("\(error); reconnecting")
            link.drop()
            session.status.connection = .retrying(attempt: link.failures + 1)
        }
    }

    private func refetch() {
        guard link.isConnected else { return }
        do {
            session.model.refetched(try link.client.state(timeout: 10))
            follow()
        } catch {
            failed(error, doing: RPCMethod.navState.rawValue)
        }
    }

    /// `daemon.info`: the app's name and how many clients navd has.
    private func refreshInfo() {
        infoDue = NavdLink.now() + infoInterval
        do {
            let info = try link.client.info(timeout: 5)
            let (app, clients) = (info.app, info.clients.count)
            if app != session.status.app || clients != session.status.clients { dirty = true }
            session.status.app = app
            session.status.clients = clients
        } catch {
            failed(error, doing: RPCMethod.daemonInfo.rawValue)
        }
    }

    private func perform(_ effect: Effect) {
        dirty = true
        switch effect {
        case .quit:
            running = false
        case .refetch:
            guard link.isConnected else { return session.model.warn("not connected to navd") }
            refetch()
        case .fetchHistory(let since, let limit):
            guard link.isConnected else {
                return session.historyFetched(.failure(.disconnected("not connected to navd")), size: terminal.size)
            }
            do {
                session.historyFetched(.success(try link.client.history(since: since, limit: limit, tree: true, timeout: 10)), size: terminal.size)
            } catch {
                session.historyFetched(.failure(error), size: terminal.size)
                if case .disconnected = error { session.status.connection = .retrying(attempt: 1) }
            }
        case .call(let call):
            guard link.isConnected else { return session.model.warn("\(call.method): not connected to navd") }
            do {
                let result: JSONValue
                if let operation = call.operation {
                    result = try link.client.perform(operation, timeout: 10).json
                } else {
                    result = try link.client.call(call.method, call.params, timeout: 10)
                }
                session.called(call, result: .success(result))
            } catch {
                session.called(call, result: .failure(error))
                if case .disconnected = error { session.status.connection = .retrying(attempt: 1) }
            }
        }
    }

    private func follow() {
        session.follow(size: terminal.size)
    }

    // MARK: the terminal

    private func paint() {
        dirty = false
        let size = terminal.size
        let cursor = session.currentStatus.promptCursor(columns: size.columns, glyphs: session.glyphs)
        terminal.paint(session.screen(size: size), cursor: cursor.map { (size.rows - 1, $0) })
    }

    /// Sleeps in `poll` until a key, a signal, bytes from navd, or the next timer.
    private func wait() {
        var timeout = max(0, infoDue - NavdLink.now())
        if let untilAttempt = link.secondsUntilAttempt { timeout = untilAttempt }
        var fds = [
            pollfd(fd: stdinOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, nfds_t(fds.count), Int32(min(timeout, 60) * 1000 + 1))
        guard ready > 0 else { return }
        if fds[1].revents != 0 { handleSignals() }
        if fds[0].revents & Int16(POLLIN) != 0 {
            handleKeys()
        } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            stdinOpen = false
        }
    }

    private func handleSignals() {
        for signal in signals?.read() ?? [] {
            switch signal {
            case .resize:
                terminal.resize()
                follow()
                dirty = true
            case .stop:
                running = false
            }
        }
    }

    private func handleKeys() {
        for key in terminal.readKeys() {
            if key.isInterrupt { running = false }
            if key.isResize {
                terminal.resize()
                follow()
                dirty = true
            }
            guard running, let decoded = key.key else { continue }
            dirty = true
            if let effect = session.key(decoded, size: terminal.size) { perform(effect) }
        }
    }
}
