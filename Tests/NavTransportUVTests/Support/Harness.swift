import Foundation
import Synchronization
import Testing
@testable import NavTransportUV

/// A value shared between the loop thread and a client thread.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }

    func update(_ change: (inout Value) -> Void) {
        mutex.withLock { change(&$0) }
    }
}

/// A client scenario on its own thread; `finished` becomes true when it returns or throws.
final class ClientThread: Sendable {
    private let state = Shared<(finished: Bool, failure: String?)>((false, nil))
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> Void) {
        let thread = Thread { [state, done] in
            do {
                try body()
            } catch {
                state.update { $0.failure = "\(error)" }
            }
            state.update { $0.finished = true }
            done.signal()
        }
        thread.start()
    }

    var finished: Bool { state.value.finished }
    var failure: String? { state.value.failure }

    /// Waits for the thread to end; false after `seconds`.
    func join(seconds: Double = 10) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}

/// A private directory for one test's sockets, removed by `remove()`. Short (sun_path is small).
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/navd-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestClient.Failure(description: "mkdtemp: \(errnoText())")
        }
        path = String(cString: made)
    }

    var socket: String { path + "/navd.sock" }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs the loop on this thread until something calls `stop()`, or `timeout` passes. Returns
/// false on timeout.
@discardableResult
func runLoop(_ transport: UVTransport, timeout: Duration = .seconds(10)) -> Bool {
    var timedOut = false
    let guardTimer = transport.addTimer(after: timeout) { [unowned transport] in
        timedOut = true
        transport.stop()
    }
    transport.run()
    _ = guardTimer
    return !timedOut
}

/// Stops the loop as soon as `condition` holds (checked every 2 ms on the loop thread).
func stopWhen(_ transport: UVTransport, _ condition: @escaping () -> Bool) {
    transport.addTimer(after: .milliseconds(2), repeat: .milliseconds(2)) { [unowned transport] in
        if condition() { transport.stop() }
    }
}

/// Open file descriptors of this process, from /proc/self/fd (minus the one that lists them).
func openFileDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { count += 1 }
    }
    return count - 1
}

/// A transport with a recorder, listening in a fresh temporary directory.
struct Fixture {
    let directory: TemporaryDirectory
    let recorder: Recorder
    let transport: UVTransport

    init(_ configuration: UVTransport.Configuration = .init()) throws {
        UVTransport.ignoreSIGPIPE()
        directory = try TemporaryDirectory()
        recorder = Recorder()
        transport = try UVTransport(configuration: configuration, delegate: recorder)
        try transport.listen(at: directory.socket)
    }

    var path: String { directory.socket }
}

extension Fixture {
    /// Runs `client` on its own thread and the loop on this one until something stops it;
    /// expects the loop to stop before its timeout and the client to end without an error.
    func run(client body: @escaping @Sendable () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        let client = ClientThread(body)
        #expect(runLoop(transport), sourceLocation: sourceLocation)
        #expect(client.join(), sourceLocation: sourceLocation)
        #expect(client.failure == nil, sourceLocation: sourceLocation)
    }
}

/// A client's whole part in a test of the server's side: connects, and holds the connection
/// open without reading until `done`.
func connectAndHold(_ path: String, until done: Shared<Bool>) throws {
    let connection = try TestClient.connect(to: path)
    while !done.value { usleep(1000) }
    connection.close()
}
