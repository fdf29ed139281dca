internal import Glibc

/// Graphviz's `dot`, which lays out and draws the graphs of `navd graph` and `navctl graph`
/// (`--svg FILE`, `--png FILE`): navd's programs write DOT and hand it to `dot` on its standard
/// input; they never lay out a graph themselves. Found on PATH; Debian's package is `graphviz`.
public enum GraphvizDot {
    public enum Failure: Error, CustomStringConvertible {
        /// No `dot` on PATH.
        case missing
        case spawn(Int32)
        /// `dot` ended with this status (nil: a signal); it printed why on standard error.
        case failed(status: Int32?)

        public var description: String {
            switch self {
            case .missing:
                return "Graphviz's dot is not installed (it draws --svg and --png): install Debian's graphviz package (apt-get install graphviz)"
            case .spawn(let code): return "cannot start dot: \(String(cString: strerror(code)))"
            case .failed(let status?): return "dot exited with status \(status)"
            case .failed(nil): return "dot was killed by a signal"
            }
        }
    }

    /// Runs `dot -TFORMAT -o OUTPUT` with `source` on its standard input (format: `svg`, `png`).
    public static func render(_ source: String, format: String, to output: String) throws(Failure) {
        guard onPath("dot") else { throw .missing }
        // A dot that exits without reading all of its input must not kill the caller.
        signal(SIGPIPE, SIG_IGN)
        var toChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw .spawn(errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_addclose(&actions, toChild[0])
        posix_spawn_file_actions_addclose(&actions, toChild[1])
        let arguments = ["dot", "-T" + format, "-o", output]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "dot", &actions, nil, &cArguments, environ)
        close(toChild[0])
        guard spawned == 0 else {
            close(toChild[1])
            throw spawned == ENOENT ? .missing : .spawn(spawned)
        }
        // A failed write (dot gave up early) shows in dot's status below.
        try? writeAll(toChild[1], source)
        close(toChild[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else { throw .failed(status: exited ? code : nil) }
    }

    /// Whether an executable of that name is in one of PATH's directories (an empty entry is
    /// the current directory, as the shell reads it).
    static func onPath(_ name: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":", omittingEmptySubsequences: false).contains { directory in
            access((directory.isEmpty ? "." : String(directory)) + "/" + name, X_OK) == 0
        }
    }
}
