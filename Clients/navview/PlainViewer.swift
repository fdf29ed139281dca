internal import Glibc
internal import NavClient
internal import NavigationCore
internal import NavviewKit
internal import NavSystem

/// `navview --plain` (and navview whose stdout is not a terminal): after each change, a line
/// naming the revision and the tree as text. Reconnects like the full-screen viewer; messages
/// about the connection go to stderr, so stdout holds only renderings.
final class PlainViewer {
    private let link: NavdLink
    private let glyphs: Glyphs
    private var model = ViewerModel()
    private var reportedOutage = false

    init(socketPath: String?, glyphs: Glyphs) {
        link = NavdLink(socketPath: socketPath)
        self.glyphs = glyphs
    }

    /// `--once`: the current state, then exit; navd must be there. Returns the exit code.
    func once() -> Int32 {
        do {
            let client = try NavClient(socketPath: link.socketPath, name: "navview")
            defer { client.close() }
            let state = try client.state(timeout: 10)
            print(Plain.block(state, summary: "current state, instance \(state.instance)", glyphs: glyphs))
            return 0
        } catch {
            printError("navview: \(error)")
            if case .unreachable = error { return 3 }
            return 1
        }
    }

    /// Follows navd until a signal ends the process.
    func run() -> Never {
        while true {
            if let wait = link.secondsUntilAttempt, wait > 0 { Backoff.sleep(wait) }
            do {
                guard let event = try link.nextEvent(timeout: nil) else { continue }
                handle(event)
            } catch {
                if !link.isConnected {
                    if !reportedOutage { printError("navview: \(error); retrying") }
                    reportedOutage = true
                } else {
                    printError("navview: \(error); reconnecting")
                    link.drop()
                }
            }
        }
    }

    private func handle(_ event: NavdLink.Event) {
        switch event {
        case .connected(let state):
            reportedOutage = false
            let summary =
                switch model.subscribed(state) {
                case .newInstance: "connected to a new navd instance \(state.instance)"
                case .reconnected: "reconnected to instance \(state.instance)"
                case .first: "subscribed to instance \(state.instance)"
                }
            print(Plain.block(state, summary: summary, glyphs: glyphs))
        case .notification(let notification):
            switch model.received(notification) {
            case .changed(.applied(let summary)):
                if let state = model.state { print(Plain.block(state, summary: summary, glyphs: glyphs)) }
            case .changed(.stale), .ignored: break
            case .changed(.refetch(let reason)): refetch(reason)
            case .shutdown(let reason): printError("navview: navd is shutting down (\(reason)); will reconnect")
            }
        case .disconnected(let reason):
            model.disconnected(reason)
            printError("navview: disconnected (\(reason)); retrying")
            reportedOutage = true
        }
    }

    private func refetch(_ reason: String) {
        printError("navview: \(reason); re-fetching the state")
        do {
            let state = try link.client.state(timeout: 10)
            model.refetched(state)
            print(Plain.block(state, summary: "re-fetched: \(reason)", glyphs: glyphs))
        } catch {
            printError("navview: \(error); reconnecting")
            link.drop()
        }
    }

    /// One rendering, written at once (unbuffered: a reader sees it as soon as it is complete).
    private func print(_ lines: [String]) {
        try? writeAll(STDOUT_FILENO, lines.map { $0 + "\n" }.joined())
    }
}

func printError(_ message: String) {
    try? writeAll(STDERR_FILENO, message + "\n")
}
