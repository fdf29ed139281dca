import Glibc
import NavJSON
import NavigationCore
import NavHistory
import NavProtocol
@testable import NavStore

/// A fresh directory under /tmp for one test, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/navstore-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var database: String { path + "/sample.sqlite" }

    func remove() {
        for name in ["sample.sqlite", "sample.sqlite-wal", "sample.sqlite-shm", "sample.sqlite.lock", "other.sqlite"] {
            unlink(path + "/" + name)
        }
        rmdir(path)
    }

    func write(_ bytes: [UInt8], to file: String) {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    func read(_ file: String) -> [UInt8] {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return result }
            result += buffer[0..<count]
        }
    }
}

/// A navigator on the sample app and the history entries of its revisions, as a server
/// records them.
struct Recorder {
    var navigator = Navigator(definition: .sample, instance: "0000abcd")
    var entries: [HistoryEntry] = []
    var clock = 1_700_000_000_000

    init() {
        entries.append(HistoryEntry(revision: 1, at: clock, cause: .daemonStart, events: navigator.bootEvents, tree: navigator.tree))
    }

    /// Routes to a profile: one revision.
    mutating func route(userId: Int) throws {
        let params: JSONObject = ["userId": .int(userId)]
        let result = try navigator.perform(.route(RouteRequest(to: "profile", params: JSONObjectText(params))))
        record(result, cause: HistoryCause(method: "nav.route", params: ["to": "profile", "params": .object(params)], client: "test", clientID: "c1"))
    }

    /// Routes to each of `users` in turn, committing each revision to `database` by itself.
    mutating func route(users: ClosedRange<Int>, committingEachTo database: StateDatabase) throws {
        for user in users {
            try route(userId: user)
            try database.commit([entries.last!], state: navigator)
        }
    }

    /// Closes the top screen: one revision.
    mutating func close() throws {
        let result = try navigator.perform(.close(screen: nil))
        record(result, cause: HistoryCause(method: "nav.close", client: "test", clientID: "c1"))
    }

    /// Turns `signedIn` over: a revision that changes only the session, not the tree.
    mutating func toggleSignedIn() throws {
        let signedIn = navigator.session.jsonValue["flags"]?["signedIn"] != .bool(true)
        let result = try navigator.setFlags([("signedIn", signedIn)]).revisionResult
        record(result, cause: HistoryCause(method: "session.set", params: ["flags": ["signedIn": .bool(signedIn)]], client: "test", clientID: "c1"))
    }

    private mutating func record(_ result: OperationResult, cause: HistoryCause) {
        clock += 7
        entries.append(HistoryEntry(revision: result.revision, at: clock, cause: cause, events: result.events, tree: navigator.tree))
    }
}

extension StateDatabase {
    /// Commits `entries` (revisions one after another, the last one of `state`'s revision) as
    /// the server does: from a history that holds them, each row's tree written by it
    /// (`History.rowsEncodingTrees`).
    func commit(_ entries: [HistoryEntry], state: Navigator) throws {
        var history = History(limit: entries.count)
        for entry in entries { history.append(entry) }
        var text: TreeText?
        try commit(history.rowsEncodingTrees(since: entries[0].revision - 1, current: entries[entries.count - 1].tree!, text: &text), state: state)
    }
}

extension TreeChain {
    /// `write(revision:tree:)` of an array, as the row it stores: what the tests of older
    /// schemas bind, and the keyframes the tests count.
    mutating func write(revision: Int, tree: [UInt8]) -> Row {
        switch tree.withUnsafeBytes({ write(revision: revision, tree: $0) }) {
        case .whole: return .full(tree)
        case .delta(let prefix, let suffix):
            return .delta(TreeDelta(prefix: prefix, suffix: suffix, middle: Array(tree[prefix..<(tree.count - suffix)])))
        }
    }
}
