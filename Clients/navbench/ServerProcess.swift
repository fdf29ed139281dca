import ArgumentParser
import Glibc

/// A server navbench starts itself (navd, or the C baseline) on a socket in a private temporary
/// directory, and stops with SIGTERM when done.
final class ServerProcess {
    let pid: pid_t
    let socketPath: String
    let directory: String
    let name: String
    /// From spawn until a connect() to the socket succeeded, in seconds.
    let secondsToAccepting: Double

    /// Spawns `arguments[0]` (with the rest), whose socket will appear at `socketPath`, then
    /// connects in a tight loop until the server accepts.
    private init(name: String, arguments: [String], socketPath: String, directory: String, timeout: Double = 10) throws(BenchError) {
        self.name = name
        self.socketPath = socketPath
        self.directory = directory
        let logPath = directory + "/" + name + ".log"
        let start = Clock.nanoseconds()
        pid = try Self.spawn(arguments, log: logPath)
        while true {
            if LineClient.canConnect(socketPath) { break }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw BenchError("\(name) exited before accepting (status \(status)); its output:\n\(Self.read(logPath))")
            }
            if Double(Clock.nanoseconds() - start) > timeout * 1e9 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw BenchError("\(name) did not accept on \(socketPath) within \(timeout) s")
            }
            sched_yield()
        }
        secondsToAccepting = Double(Clock.nanoseconds() - start) / 1e9
    }

    /// Where navd keeps its state: nowhere (`--ephemeral`, every scenario's navd unless it
    /// measures durability), or an SQLite database in a directory with a `--sync` mode.
    enum NavdState {
        case ephemeral
        case durable(directory: String, sync: String)

        var arguments: [String] {
            switch self {
            case .ephemeral: ["--ephemeral"]
            case .durable(let directory, let sync): ["--state-dir", directory, "--sync", sync]
            }
        }
    }

    /// navd on the built-in sample app (or the definition `app`), logging warnings only.
    static func navd(
        binary: String, app: String? = nil, state: NavdState = .ephemeral, extraArguments: [String] = [], timeout: Double = 10
    ) throws(BenchError) -> ServerProcess {
        let directory = try makeTemporaryDirectory()
        let socket = directory + "/navd.sock"
        return try ServerProcess(
            name: "navd",
            arguments: [binary, "--socket", socket, "--log-level", "warning"] + state.arguments + (app.map { ["--app", $0] } ?? [])
                + extraArguments,
            socketPath: socket, directory: directory, timeout: timeout)
    }

    /// The minimal C libuv server; with `sqlite`, committing a durable navd's row per request
    /// into a database in that directory before it answers.
    static func baseline(binary: String, sqlite: String? = nil) throws(BenchError) -> ServerProcess {
        let directory = try makeTemporaryDirectory()
        let socket = directory + "/baseline.sock"
        return try ServerProcess(
            name: "baseline", arguments: [binary] + (sqlite.map { ["--sqlite", $0] } ?? []) + [socket],
            socketPath: socket, directory: directory)
    }

    /// Resident memory (VmRSS) in bytes.
    func residentBytes() throws(BenchError) -> Int {
        let status = Self.read("/proc/\(pid)/status")
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.dropFirst(6).filter(\.isNumber)
            if let kibibytes = Int(digits) { return kibibytes * 1024 }
        }
        throw BenchError("no VmRSS in /proc/\(pid)/status")
    }

    /// SIGTERM, then waits for the exit; removes the temporary directory.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Clock.nanoseconds() + 5_000_000_000
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Clock.nanoseconds() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
        }
        unlink(socketPath)
        unlink(directory + "/" + name + ".log")
        rmdir(directory)
    }

    static func makeTemporaryDirectory() throws(BenchError) -> String {
        var template = Array("/tmp/navbench.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchError("mkdtemp: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    static func spawn(_ arguments: [String], log: String) throws(BenchError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
        guard status == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Where the programs navbench starts live: beside navbench itself unless a flag says otherwise.
struct ProgramOptions: ParsableArguments {
    @Option(help: "The navd binary to start. Default: navd beside navbench.")
    var navd: String?

    @Option(help: "The baseline server binary. Default: navbench-baseline beside navbench.")
    var baselineServer: String?

    var navdPath: String { navd ?? Self.sibling("navd") }
    var baselinePath: String { baselineServer ?? Self.sibling("navbench-baseline") }

    static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}

/// Monotonic time.
enum Clock {
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Sleeps until the monotonic clock reads `deadline` (nanoseconds).
    static func sleep(until deadline: UInt64) {
        var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }
}
