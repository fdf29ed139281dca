import Glibc
import NavTransportUV
import Testing

/// Every test that opens sockets or file descriptors is nested here and runs one at a time, so
/// that none of them sees another's descriptors. The descriptor-count tests need more (no other
/// target's test may open one meanwhile): they run in a process of their own (`Descriptors`).
@Suite(.serialized) struct TransportSuite {}

/// Who we are, as SO_PEERCRED reports a client of this very process.
let ourselves = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
