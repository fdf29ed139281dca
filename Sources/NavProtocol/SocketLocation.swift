internal import Glibc

/// Where every navd program finds the socket (docs/protocol.md): `--socket` if given, else
/// `NAVD_SOCKET`, else `$XDG_RUNTIME_DIR/navd/navd.sock` (an absolute one), else
/// `/tmp/navd-$UID/navd.sock`. Empty values count as unset. Shared by navd and its clients so
/// they can never disagree.
public enum SocketLocation {
    public static func resolve(
        override: String? = nil, environment: [String: String] = processEnvironment(), uid: UInt32? = nil
    ) -> String {
        if let override, !override.isEmpty { return override }
        if let explicit = environment["NAVD_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let base = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
            return "\(base)/navd/navd.sock"
        }
        return "/tmp/navd-\(uid ?? getuid())/navd.sock"
    }

    /// The variables `resolve` reads, from this process's environment.
    public static func processEnvironment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["NAVD_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}
