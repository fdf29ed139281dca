internal import CLibUV
internal import Glibc

/// Who is at the other end of a Unix socket, as the kernel recorded it at `connect` (`SO_PEERCRED`).
public struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }

    /// The credentials of the peer of a connected Unix socket, or the errno that kept them back.
    static func of(socket fd: Int32) -> Result<PeerCredentials, SystemError> {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
        let status = navd_peer_credentials(fd, &pid, &uid, &gid)
        guard status == 0 else { return .failure(SystemError(errno: -status)) }
        return .success(PeerCredentials(pid: pid, uid: uid, gid: gid))
    }
}
