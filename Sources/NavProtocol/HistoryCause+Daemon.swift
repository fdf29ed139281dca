public import NavHistory
internal import NavJSON

// navd's own revisions' causes, spelled by `DaemonCause` (Methods.swift).
extension HistoryCause {
    /// Revision 1 of a fresh state: `daemon.start {}`.
    public static let daemonStart = HistoryCause(method: DaemonCause.start.name)

    /// `daemon.migrate {problems}`: what of the restored tree did not fit, one sentence each.
    public static func daemonMigrate(problems: [String]) -> HistoryCause {
        HistoryCause(method: DaemonCause.migrate.name, params: ["problems": .array(problems.map(JSONValue.string))])
    }
}
