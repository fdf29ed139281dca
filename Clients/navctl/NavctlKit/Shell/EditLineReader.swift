internal import CLibEdit
internal import Glibc

/// Lines typed at a terminal, through libedit: emacs keys, history (Up/Down, kept in a file),
/// Tab completing with the `Completer`.
public final class EditLineReader: LineReader {
    /// libedit needs a terminal on standard input.
    public static var isAvailable: Bool { isatty(0) == 1 }

    let completer: Completer
    private let historyPath: String?
    private var editLine: OpaquePointer?
    private var history: OpaquePointer?
    /// The prompt libedit asks for, a C string that lives until the next prompt.
    private var prompt: UnsafeMutablePointer<CChar> = strdup("")

    public init(completer: Completer, historyPath: String?) {
        self.completer = completer
        self.historyPath = historyPath
        history = history_init()
        navctl_history_set_size(history, 1000)
        navctl_history_set_unique(history, 1)
        if let historyPath { navctl_history_load(history, historyPath) }
        editLine = el_init("navctl", navctl_stdin(), navctl_stdout(), navctl_stderr())
        navctl_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        navctl_el_set_editor(editLine, "emacs")
        navctl_el_set_signal(editLine, 1)
        navctl_el_set_history(editLine, history)
        navctl_el_set_prompt(editLine) { editLine in
            EditLineReader.owner(of: editLine).prompt
        }
        navctl_el_add_function(editLine, "navctl-complete", "Complete the word under the cursor") { editLine, _ in
            EditLineReader.owner(of: editLine).complete()
        }
        navctl_el_bind(editLine, "^I", "navctl-complete")
    }

    deinit {
        if let editLine { el_end(editLine) }
        if let history { history_end(history) }
        free(prompt)
    }

    public var isInteractive: Bool { true }

    /// The next line; nil at Ctrl-D on an empty line. Ctrl-C cancels the line being typed, as
    /// in bash: `^C`, a new line, and an empty line returned (the shell prompts again).
    public func readLine(prompt: String) -> String? {
        free(self.prompt)
        self.prompt = strdup(prompt)
        var count: Int32 = 0
        var previous = Self.catchInterrupt()
        let line = el_gets(editLine, &count)
        sigaction(SIGINT, &previous, nil)
        if lineInterrupted != 0 {
            fputs("^C\n", navctl_stdout())
            fflush(navctl_stdout())
            return ""
        }
        guard let line, count > 0 else { return nil }
        var text = String(cString: line)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Catches SIGINT while a line is read: the handler only sets `lineInterrupted`, and it is
    /// installed without SA_RESTART so that libedit's blocked read returns, and el_gets with it
    /// (libedit's own handler, EL_SIGNAL, restores the terminal first and passes the signal on).
    /// Returns the action it replaced, put back once the line is read: while a command runs,
    /// Ctrl-C does what it did before.
    private static func catchInterrupt() -> sigaction {
        lineInterrupted = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in lineInterrupted = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        return previous
    }

    public func remember(_ line: String) {
        navctl_history_enter(history, line)
        if let historyPath {
            if let slash = historyPath.lastIndex(of: "/") { Files.makeDirectories(String(historyPath[..<slash])) }
            navctl_history_save(history, historyPath)
        }
    }

    private static func owner(of editLine: OpaquePointer?) -> EditLineReader {
        Unmanaged<EditLineReader>.fromOpaque(navctl_el_get_clientdata(editLine)!).takeUnretainedValue()
    }

    /// Tab: one candidate is inserted whole; several insert their common prefix, or are
    /// listed under the line when there is none to add.
    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let bytes = UnsafeRawBufferPointer(start: info.buffer, count: max(0, length))
        let before = String(decoding: bytes, as: UTF8.self)
        let completion = completer.complete(before)
        switch completion.action {
        case .insert(let text):
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        case .list(let candidates):
            fputs("\n" + Completer.columns(candidates) + "\n", navctl_stdout())
            fflush(navctl_stdout())
            return UInt8(CC_REDISPLAY)
        case .nothing:
            return UInt8(CC_REFRESH_BEEP)
        }
    }
}

/// Set by the SIGINT handler of `EditLineReader.catchInterrupt` (a handler may only set a flag).
nonisolated(unsafe) private var lineInterrupted: sig_atomic_t = 0
