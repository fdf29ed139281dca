public import NavHistory
internal import NavJSON

/// The revisions navd makes by itself, not for a request, as their cause names them on the
/// wire (`nav.history`, the store): the engine and the history know them only as what the
/// server asks for.
public enum DaemonCause: String, Sendable, CaseIterable {
    /// Revision 1 of a fresh state.
    case start = "daemon.start"
    /// A restored tree that did not fit the definition, replaced by the boot tree.
    case migrate = "daemon.migrate"
}

extension HistoryCause {
    /// Revision 1 of a fresh state: `daemon.start {}`.
    public static let daemonStart = HistoryCause(method: DaemonCause.start.rawValue)

    /// `daemon.migrate {problems}`: what of the restored tree did not fit, one sentence each.
    public static func daemonMigrate(problems: [String]) -> HistoryCause {
        HistoryCause(method: DaemonCause.migrate.rawValue, params: ["problems": .array(problems.map(JSONValue.string))])
    }
}
