import NavctlKit

#if canImport(Glibc)
import Glibc
#endif

/// navctl: parse, run, exit with 0, 1, 2 or 3 (docs/README.md).
exit(NavctlMain.run(Array(CommandLine.arguments.dropFirst()), environment: .standard()))
