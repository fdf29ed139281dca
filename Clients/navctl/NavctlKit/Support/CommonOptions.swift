public import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// The options every command takes.
public struct CommonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "navd's socket (default: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock).",
            valueName: "path"))
    public var socket: String?

    @Flag(help: "Print navd's result as one JSON line instead of text.")
    public var json = false

    public init() {}
}

/// `--expect-revision`, which every command that changes the state takes.
public struct RevisionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse (conflict) unless the state is still at this revision.", valueName: "n"))
    public var expectRevision: Int?

    public init() {}

    /// Adds `expectRevision` to a request's params when given.
    func adding(to params: inout JSONObject) {
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
    }
}
