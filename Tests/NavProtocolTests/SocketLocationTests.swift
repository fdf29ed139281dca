import Glibc
import NavProtocol
import Testing

/// docs/protocol.md: which socket every program uses.
@Suite struct SocketLocationTests {
    @Test func theFlagWinsThenNAVDSOCKETThenXDGRuntimeDirThenTmp() {
        let everything = ["NAVD_SOCKET": "/env/navd.sock", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(SocketLocation.resolve(override: "/flag/navd.sock", environment: everything) == "/flag/navd.sock")
        #expect(SocketLocation.resolve(environment: everything) == "/env/navd.sock")
        #expect(SocketLocation.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"])
            == "/run/user/1000/navd/navd.sock")
        #expect(SocketLocation.resolve(environment: [:], uid: 1000) == "/tmp/navd-1000/navd.sock")
        #expect(SocketLocation.resolve(override: "", environment: ["NAVD_SOCKET": "", "XDG_RUNTIME_DIR": "relative"],
                                   uid: 7) == "/tmp/navd-7/navd.sock")
        #expect(SocketLocation.resolve(environment: [:]) == "/tmp/navd-\(getuid())/navd.sock")
    }
}
