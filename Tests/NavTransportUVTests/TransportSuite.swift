import Glibc
import NavTransportUV
import Testing

/// Every test that opens sockets or file descriptors is nested here and runs one at a time:
/// the descriptor-count test needs a process where nothing else opens sockets meanwhile.
@Suite(.serialized) struct TransportSuite {}

/// Who we are, as SO_PEERCRED reports a client of this very process.
let ourselves = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
