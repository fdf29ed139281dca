import Glibc
@testable import NavTransportUV
import Testing

/// The lock beside the socket decides which of two navds owns the path, whatever moment each
/// one probed it (before: the loser of a start race exited "already in use", or replaced the
/// winner's socket as stale).
@Suite struct SocketLockTests {
    @Test func aSecondLockOnTheSamePathIsAlreadyRunningUntilTheFirstIsReleased() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socket = SocketPath(temporary.socket)
        let first = try socket.lock()
        #expect(first.path == temporary.socket + ".lock")
        #expect(mode(of: first.path) == 0o600)
        // A second navd takes the path only after the first let go, never beside it.
        #expect(refusal { try socket.lock() }?.kind == .alreadyRunning)
        first.release()
        #expect(!exists(first.path))
        let second = try socket.lock()
        #expect(exists(second.path))
        second.release()
    }

    @Test func aLockLeftByADeadHolderIsTakenAgain() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socket = SocketPath(temporary.socket)
        // A crash leaves the file but no lock: the kernel dropped it with the descriptor.
        let leftover = open(socket.lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(leftover >= 0)
        close(leftover)
        let lock = try socket.lock()
        #expect(refusal { try socket.lock() }?.kind == .alreadyRunning)
        lock.release()
    }
}
