import Glibc
@testable import NavTransportUV
import NavSystem
import Testing

/// A socket file nobody listens on, as a crashed server leaves behind.
func makeStaleSocket(at path: String) throws {
    let fd = UnixSocket.open()
    defer { close(fd) }
    let status = UnixSocket.bind(fd, to: path)
    guard status == 0 else { throw TestClient.Failure(description: "bind \(path): \(errnoText(status))") }
}

func mode(of path: String) -> UInt32 {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// The TransportError `body` throws, or nil if it throws nothing (or something else).
func refusal<Result>(_ body: () throws -> Result) -> TransportError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? TransportError
    }
}

/// docs/protocol.md socket-path policy.
@Suite struct SocketPathResolution {
    @Test func theDirectoryIsWhatPrecedesTheLastSlash() {
        #expect(SocketPath("/run/user/1/navd/navd.sock").directory == "/run/user/1/navd")
        #expect(SocketPath("/navd.sock").directory == "/")
        #expect(SocketPath("navd.sock").directory == ".")
        #expect(SocketPath("run/navd.sock").directory == "run")
    }

    @Test func aPathLongerThanSunPathIsAClearError() {
        let path = "/tmp/" + String(repeating: "d", count: 110) + "/navd.sock"
        let error = refusal { try SocketPath.checkLength(path) }
        #expect(error?.kind == .pathTooLong)
        #expect(error?.message == "socket path is 125 bytes long, but a Unix socket address holds at most 107: "
            + "\(path) (choose a shorter --socket or NAVD_SOCKET path)")
        #expect(SocketPath.maxLength == 107)
    }
}

extension TransportSuite {
    @Suite struct SocketPathPolicy {
        @Test func theDirectoryIsMade0700AndTheSocket0600() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let socket = SocketPath(temporary.path + "/run/navd.sock")
            #expect(try socket.claim() == .absent)
            #expect(mode(of: socket.directory) == 0o700)
            let transport = try UVTransport(delegate: Recorder())
            try transport.listen(at: socket.path)
            #expect(mode(of: socket.path) == 0o600)
            #expect(socket.probe() == .live)
        }

        @Test(arguments: [0o770, 0o720, 0o702, 0o1777])
        func aDirectoryOthersCanWriteIsRefused(permissions: Int) throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let directory = temporary.path + "/shared"
            mkdir(directory, 0o700)
            chmod(directory, mode_t(permissions))
            let error = refusal { try SocketPath(directory + "/navd.sock").claim() }
            #expect(error?.kind == .directoryWritableByOthers)
            #expect(error?.message == "refusing socket directory \(directory): others can write to it "
                + "(mode \(String(permissions, radix: 8))); put the socket in a directory only you can write, e.g. mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock")
            #expect(!exists(directory + "/navd.sock"))
        }

        @Test func aSymlinkedDirectoryIsRefused() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let real = temporary.path + "/real"
            let link = temporary.path + "/link"
            mkdir(real, 0o700)
            symlink(real, link)
            let error = refusal { try SocketPath(link + "/navd.sock").claim() }
            #expect(error?.kind == .directoryIsSymlink)
            #expect(error?.message == "refusing socket directory \(link): it is a symbolic link; "
                + "put the socket in a directory only you can write, e.g. mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock")
        }

        @Test(.enabled(if: geteuid() == 0, "only root can give a directory away"))
        func aDirectoryOwnedByAnotherUserIsRefused() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let directory = temporary.path + "/theirs"
            mkdir(directory, 0o700)
            chown(directory, 65534, 65534)
            let error = refusal { try SocketPath(directory + "/navd.sock").claim() }
            #expect(error?.kind == .directoryNotOwned)
            #expect(error?.message == "refusing socket directory \(directory): it belongs to uid 65534, "
                + "not to uid 0 that runs navd; put the socket in a directory only you can write, e.g. mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock")
        }

        @Test func aFileWhereTheDirectoryShouldBeIsRefused() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let file = temporary.path + "/file"
            close(creat(file, 0o600))
            let error = refusal { try SocketPath(file + "/navd.sock").claim() }
            #expect(error?.kind == .notADirectory)
            #expect(error?.message == "socket directory \(file) exists but is not a directory; "
                + "put the socket in a directory only you can write, e.g. mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock")
        }

        @Test func tooLongAPathIsRefusedByClaimAndListenAlike() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let longest = temporary.path + "/" + String(repeating: "s", count: 106 - temporary.path.utf8.count)
            let tooLong = longest + "x"
            #expect(longest.utf8.count == 107)
            #expect(refusal { try SocketPath(tooLong).claim() }?.kind == .pathTooLong)
            let transport = try UVTransport(delegate: Recorder())
            #expect(refusal { try transport.listen(at: tooLong) }?.kind == .pathTooLong)
            #expect(!exists(tooLong))
            try SocketPath(longest).claim()
            try transport.listen(at: longest)
            #expect(SocketPath(longest).probe() == .live)
        }

        @Test func aStaleSocketIsReplaced() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            try makeStaleSocket(at: temporary.socket)
            let socket = SocketPath(temporary.socket)
            #expect(socket.probe() == .stale)
            #expect(try socket.claim() == .stale)
            #expect(socket.probe() == .absent)
            let transport = try UVTransport(delegate: Recorder())
            try transport.listen(at: socket.path)
            #expect(socket.probe() == .live)
        }

        @Test func aLiveSocketIsReportedAndLeftAlone() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let socket = SocketPath(fixture.path)
            #expect(socket.probe() == .live)
            let error = refusal { try socket.claim() }
            #expect(error?.kind == .alreadyRunning)
            #expect(error?.message == "already running at \(fixture.path)")
            #expect(fixture.transport.listeningSocket?.isStillOurs == true)
        }

        @Test func somethingThatIsNotASocketIsNeverTouched() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            close(creat(temporary.socket, 0o600))
            let socket = SocketPath(temporary.socket)
            #expect(socket.probe() == .notASocket)
            let error = refusal { try socket.claim() }
            #expect(error?.kind == .notASocket)
            #expect(error?.message == "\(temporary.socket) exists and is not a socket; remove it or choose another socket path")
            #expect(exists(temporary.socket))
        }

        @Test func listeningWhereASocketAlreadyIsFails() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            try makeStaleSocket(at: temporary.socket)
            let transport = try UVTransport(delegate: Recorder())
            let error = refusal { try transport.listen(at: temporary.socket) }
            #expect(error?.kind == .addressInUse)
            #expect(error?.message == "\(temporary.socket) is already in use (another server may have just started there)")
        }

        @Test func removeIfOwnRemovesOursAndSparesAReplacement() throws {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let transport = try UVTransport(delegate: Recorder())
            let ours = try transport.listen(at: temporary.socket)
            #expect(ours.isStillOurs)
            transport.stopListening()
            #expect(ours.removeIfOwn())
            #expect(!exists(temporary.socket))

            let again = try UVTransport(delegate: Recorder())
            let replaced = try again.listen(at: temporary.socket)
            unlink(temporary.socket)
            try makeStaleSocket(at: temporary.socket)
            #expect(!replaced.isStillOurs)
            #expect(!replaced.removeIfOwn())
            #expect(exists(temporary.socket))
        }
    }
}
