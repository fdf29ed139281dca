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
            let state = try NavStateView(json: try client.call("nav.state", [:], timeout: 10))
            print(Plain.block(state, summary: "current state, instance \(state.instance)", glyphs: glyphs))
            return 0
        } catch let error as NavClientError {
            printError("navview: \(error)")
            if case .unreachable = error { return 3 }
            return 1
        } catch {
            printError("navview: nav.state answered something that is not a state (\(error))")
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

    private func handle(_ event: ReconnectingClient.Event) {
        switch event {
        case .connected(let setup):
            reportedOutage = false
            let previous = model.state
            do {
                let state = try NavStateView(json: setup)
                model.subscribed(state)
                let summary: String
                if let previous, previous.instance != state.instance {
                    summary = "connected to a new navd instance \(state.instance)"
                } else if previous != nil {
                    summary = "reconnected to instance \(state.instance)"
                } else {
                    summary = "subscribed to instance \(state.instance)"
                }
                print(Plain.block(state, summary: summary, glyphs: glyphs))
            } catch {
                printError("navview: nav.subscribe answered something that is not a state (\(error)); reconnecting")
                link.drop()
            }
        case .notification(let notification):
            switch notification.method {
            case "nav.changed":
                let outcome: ViewerModel.Outcome
                do {
                    outcome = model.changed(try NavChangedView(json: notification.params))
                } catch {
                    outcome = model.unreadable(error)
                }
                switch outcome {
                case .applied(let summary):
                    if let state = model.state { print(Plain.block(state, summary: summary, glyphs: glyphs)) }
                case .stale: break
                case .refetch(let reason): refetch(reason)
                }
            case "daemon.shutdown":
                printError("navview: navd is shutting down (\(notification.params["reason"]?.stringValue ?? "no reason given")); will reconnect")
            default:
                break
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
            let state = try NavStateView(json: try link.client.call("nav.state", [:], timeout: 10))
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
