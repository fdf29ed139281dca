internal import CNcurses
internal import Glibc

/// The signals navview acts on, delivered as a readable descriptor (signalfd) so that the
/// one poll loop handles them with everything else, and no handler runs at a random point:
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT end the viewer (restoring the terminal first),
/// SIGWINCH resizes.
final class SignalWatch {
    enum Signal: Equatable {
        case stop(Int32)
        case resize
    }

    let fileDescriptor: Int32

    init() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] { sigaddset(&set, signal) }
        sigprocmask(SIG_BLOCK, &set, nil)
        fileDescriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        // Without the descriptor, blocked signals would never arrive: let them act as before.
        if fileDescriptor < 0 { sigprocmask(SIG_UNBLOCK, &set, nil) }
    }

    deinit { if fileDescriptor >= 0 { close(fileDescriptor) } }

    /// The signals that arrived since the last read.
    func read() -> [Signal] {
        var signals: [Signal] = []
        var info = signalfd_siginfo()
        while Glibc.read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            let number = Int32(info.ssi_signo)
            signals.append(number == SIGWINCH ? .resize : .stop(number))
        }
        return signals
    }
}
