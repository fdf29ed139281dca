import Logging
import NavStore
import NavTransportUV

/// Checkpoints a durable navd's log when no client waits for it. A checkpoint copies the log
/// into the database and syncs both files: some milliseconds in which the loop does nothing
/// else. SQLite would make it inside the commit that brings the log to 1,000 pages, stalling
/// every client that waits on that loop iteration; navd instead waits until no revision has
/// been committed for `quietTime` once the log is past `StateDatabase.Checkpoints.quiet`
/// pages, and only a load that never pauses lets the log reach `forced`, where the commit
/// checkpoints by itself.
final class QuietCheckpoint {
    let database: StateDatabase
    let logger: Logger
    /// How long navd goes without a commit before it checkpoints.
    static let quietTime: Duration = .milliseconds(100)
    /// Commits made, so that the timer can tell whether navd was quiet since it was set.
    private var commits = 0
    /// Set while the log waits for a quiet moment.
    private var timer: TimerID?

    init(database: StateDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// After each commit: the first one past the quiet limit sets the timer.
    func committed(on transport: UVTransport) {
        commits &+= 1
        if timer == nil && database.wantsCheckpoint { wait(on: transport) }
    }

    /// Checkpoints after `quietTime` without a commit; a commit meanwhile starts the wait again.
    private func wait(on transport: UVTransport) {
        let seen = commits
        timer = transport.addTimer(after: Self.quietTime) { [weak self, unowned transport] in
            guard let self else { return }
            timer = nil
            guard database.wantsCheckpoint else { return }
            guard commits == seen else { return wait(on: transport) }
            let pages = database.logPages
            let started = ContinuousClock.now
            do {
                try database.checkpoint()
                logger.debug("checkpointed the log", metadata: [
                    "pages": "\(pages)", "ms": "\(ServeCommand.oneDecimal((ContinuousClock.now - started).seconds * 1000))",
                ])
            } catch {
                // The commits are in the log either way; the next quiet moment, or the forced
                // limit, tries again.
                logger.warning("cannot checkpoint the log", metadata: ["error": "\(error)"])
            }
        }
    }
}
