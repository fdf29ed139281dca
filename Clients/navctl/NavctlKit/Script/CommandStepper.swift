internal import NavClient

/// Runs the commands of a script or a shell one at a time, with what ties lines together:
/// `expect error REASON` makes the next command's failure with that reason a pass (and its
/// success a failure); `expect top|stack|tab|revision` pass or fail.
public final class CommandStepper {
    public enum Outcome: Equatable {
        /// A command ran (it printed its own output).
        case ran
        /// An expectation held (`top post postId=5`, `error routeNotAllowed`).
        case passed(String)
        /// An expectation failed (`expected …, got …`), or a command failed that no `expect error`
        /// announced; `line` is where to point.
        case failed(line: Int, message: String)
        /// A command failed with nothing expecting it (the shell prints navd's error as is).
        case error(line: Int, NavctlError)

        public static func == (a: Outcome, b: Outcome) -> Bool {
            switch (a, b) {
            case (.ran, .ran): return true
            case (.passed(let x), .passed(let y)): return x == y
            case (.failed(let l1, let m1), .failed(let l2, let m2)): return l1 == l2 && m1 == m2
            case (.error(let l1, let e1), .error(let l2, let e2)): return l1 == l2 && "\(e1)" == "\(e2)"
            default: return false
            }
        }
    }

    let session: NavctlSession
    private var pendingError: (reason: String, line: Int)?

    public init(session: NavctlSession) {
        self.session = session
    }

    /// Runs one command. Throws only what ends the run: navd unreachable or gone.
    public func step(_ command: any SessionCommand, line: Int) throws(NavctlError) -> Outcome {
        if let expectError = command as? ExpectErrorCommand {
            defer { pendingError = (expectError.reason, line) }
            if let pending = pendingError {
                return .failed(line: pending.line, message: "expect error \(pending.reason) must be followed by a command")
            }
            return .ran
        }
        if let expectation = command as? any ExpectationCommand {
            if let pending = pendingError {
                pendingError = nil
                return .failed(line: pending.line, message: "expect error \(pending.reason) must be followed by a command, not an expectation")
            }
            do {
                switch try expectation.check(in: session) {
                case .passed(let what): return .passed(what)
                case .failed(let expected, let got): return .failed(line: line, message: "expected \(expected), got \(got)")
                }
            } catch {
                if Self.endsTheRun(error) { throw error }
                return .failed(line: line, message: Self.describe(error))
            }
        }
        let pending = pendingError
        pendingError = nil
        do {
            try command.run(in: session)
        } catch {
            if Self.endsTheRun(error) { throw error }
            guard let pending else { return .error(line: line, error) }
            if case .client(.rpc(let rpc)) = error, rpc.reason == pending.reason { return .passed("error \(pending.reason)") }
            return .failed(line: line, message: "expected error \(pending.reason), got \(Self.describe(error))")
        }
        if let pending { return .failed(line: line, message: "expected error \(pending.reason), got success") }
        return .ran
    }

    /// After the last line: an `expect error` still waiting is a failure.
    public func finish() -> Outcome {
        guard let pending = pendingError else { return .ran }
        pendingError = nil
        return .failed(line: pending.line, message: "expect error \(pending.reason) must be followed by a command")
    }

    /// No daemon, or it went away: nothing later can pass.
    static func endsTheRun(_ error: NavctlError) -> Bool {
        if case .client(.unreachable) = error { return true }
        if case .client(.disconnected) = error { return true }
        return false
    }

    /// An error as the `got` of a failure: `error routeNotAllowed: route not allowed: …`.
    static func describe(_ error: NavctlError) -> String {
        switch error {
        case .client(.rpc(let rpc)): return "error \(rpc.reason): \(rpc.message)"
        case .client(let client): return ErrorText.line(for: client)
        case .usage(let message, _), .failed(let message): return message
        case .reported(let code): return "exit status \(code)"
        }
    }
}
