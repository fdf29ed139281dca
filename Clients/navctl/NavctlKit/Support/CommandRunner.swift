internal import Glibc

/// Runs `/bin/sh -c COMMAND` with `input` on its standard input and returns what it wrote to
/// standard output and how it ended (`navctl listen --exec`). Its standard error is navctl's.
struct CommandRunner {
    struct Outcome {
        var output: [UInt8]
        /// The exit status, or nil when a signal ended it.
        var status: Int32?
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        var description: String {
            switch self {
            case .spawn(let code): return "cannot start /bin/sh: \(String(cString: strerror(code)))"
            }
        }
    }

    static func run(_ command: String, input: [UInt8]) throws(Failure) -> Outcome {
        // A command that exits without reading its input must not kill navctl with SIGPIPE:
        // the write then fails with EPIPE, which is ignored.
        signal(SIGPIPE, SIG_IGN)
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw .spawn(errno) }
        guard pipe(&fromChild) == 0 else {
            let code = errno
            close(toChild[0]); close(toChild[1])
            throw .spawn(code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        // The child keeps only its ends, as 0 and 1 (navctl's socket and pipes stay ours).
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let arguments = ["/bin/sh", "-c", command]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw .spawn(spawned)
        }
        // The input is small (one event): written whole before reading.
        var offset = 0
        while offset < input.count {
            let n = input[offset...].withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        close(toChild[1])
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += chunk[..<n]
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Outcome(output: output, status: exited ? (status >> 8) & 0xff : nil)
    }
}
