import FuzzSupport
import NavHistory
import NavJSON
import NavProtocol
import NavServer
import NavStore
import NavigationCore

/// One run: the input's first byte picks the history's limit (1 to 8, so that a burst is
/// often longer than the history), then each byte an operation (`Operation`). Requests are
/// kept until a byte ends the loop iteration: they reach the server in one read, as a
/// client's pipelined burst does, and the flush point commits them. A restart closes the
/// database, opens it again and checks what it restores against what was acknowledged, then
/// goes on from the restored state, as navd does.
struct StoreSession {
    /// The sample app booted once; a run starts from a copy.
    static let booted = Navigator(definition: .sample, instance: "5703e000")
    static let client = ClientID(1)
    /// Operations read from one input at most, and restarts: a run stays short.
    static let maxOperations = 160
    static let maxRestarts = 2

    private var bytes: ArraySlice<UInt8>
    private let historyLimit: Int
    private var database: StateDatabase
    private var server: NavServer
    private var burst: [UInt8] = []
    private var serial = 0
    private var restarts = 0

    init(input: [UInt8]) {
        historyLimit = 1 + Int(input.first ?? 0) % 8
        bytes = input.dropFirst().prefix(Self.maxOperations)
        ScratchDirectory.empty()
        database = Self.open(historyLimit: historyLimit)
        expect((try? database.load()) ?? nil == nil, "a new database holds nothing")
        var configuration = ServerConfiguration()
        configuration.historyLimit = historyLimit
        server = NavServer(navigator: Self.booted, configuration: configuration)
        server.persist(to: DatabaseStore(database), committedThrough: 0)
        server.connect(Self.client)
        flush()
    }

    static func open(historyLimit: Int) -> StateDatabase {
        do {
            return try StateDatabase(path: ScratchDirectory.database, app: "sample", historyLimit: historyLimit)
        } catch {
            broken("the database opens", "\(error)")
        }
    }

    mutating func run() {
        while let byte = bytes.popFirst() {
            switch byte % 16 {
            case 0...4: request("nav.route", #"{"to":"post","params":{"postId":\#(next())}}"#)
            case 5: request("nav.route", #"{"to":"profile","params":{"userId":\#(next())}}"#)
            case 6: request("nav.close", "{}")
            case 7: request("nav.popToRoot", "{}")
            case 8: request("nav.dismissAll", "{}")
            case 9: request("session.set", #"{"flags":{"signedIn":\#(next() % 2 == 0)}}"#)
            case 10: request("nav.goto", #"{"revision":\#(max(1, server.navigator.revision - Int(next() % 12)))}"#)
            case 11: request("nav.reset", "{}")
            case 12: request("event.emit", #"{"name":"postTapped","payload":{"postId":\#(next())}}"#)
            case 13:
                do { try database.checkpoint() } catch { broken("a checkpoint succeeds", "\(error)") }
            case 14 where restarts < Self.maxRestarts: restart()
            default: flush()
            }
        }
        restart()
    }

    private mutating func next() -> UInt8 { bytes.popFirst() ?? 0 }

    private mutating func request(_ method: String, _ params: String) {
        serial += 1
        burst += Array(#"{"jsonrpc":"2.0","id":\#(serial),"method":"\#(method)","params":\#(params)}"#.utf8)
        burst.append(UInt8(ascii: "\n"))
    }

    /// The end of a loop iteration: the burst in one read, then the flush point.
    private mutating func flush() {
        if !burst.isEmpty {
            let outputs = burst.withUnsafeBytes { server.receive($0, from: Self.client) }
            burst.removeAll(keepingCapacity: true)
            for case .close(let id, let reason) in outputs where id == Self.client {
                broken("a well-formed request does not close the connection", reason)
            }
        }
        do { try server.flushCommits() } catch { broken("a commit succeeds", "\(error)") }
        expect(!server.hasUncommittedRevisions, "the flush point leaves nothing uncommitted")
    }

    /// Everything acknowledged, the database closed and opened again: it restores the state
    /// the clients were told of, and the newest revisions of the history as the server had
    /// them; the run goes on from what it restored.
    private mutating func restart() {
        flush()
        restarts += 1
        let acknowledged = server.navigator
        let history = server.revisions
        database.close()
        database = Self.open(historyLimit: historyLimit)
        let stored: StoredState
        do {
            guard let loaded = try database.load() else { broken("a database committed to restores a state") }
            stored = loaded
        } catch {
            broken("the database restores what was committed", "\(error)")
        }
        expect(stored.snapshot == acknowledged.snapshot, "the restored state is the last acknowledged one",
               "restored revision \(stored.snapshot.revision), acknowledged \(acknowledged.revision)")
        let expected = (max(1, acknowledged.revision - historyLimit + 1)...acknowledged.revision).filter { history.entry(revision: $0) != nil }
        expect(stored.entries.map(\.revision) == expected, "the restored history is the newest revisions",
               "restored \(stored.entries.map(\.revision)), expected \(expected)")
        for entry in stored.entries {
            guard let kept = history.entry(revision: entry.revision) else { continue }
            expect(entry.cause == kept.cause, "a restored entry keeps its cause", "revision \(entry.revision)")
            do {
                let tree = try history.tree(of: entry.revision, current: acknowledged.tree)
                expect(try entry.tree == tree, "a restored entry keeps its tree", "revision \(entry.revision)")
            } catch {
                broken("every restored tree decodes", "\(error)")
            }
        }
        var restoredHistory = History(limit: historyLimit)
        for entry in stored.entries { restoredHistory.append(entry) }
        let navigator: Navigator
        do {
            navigator = try Navigator(restoring: stored.snapshot, definition: .sample, requests: .jsonRPC)
        } catch {
            broken("the restored state fits the app it was made with", "\(error)")
        }
        var configuration = ServerConfiguration()
        configuration.historyLimit = historyLimit
        server = NavServer(navigator: navigator, configuration: configuration, history: restoredHistory)
        server.persist(to: DatabaseStore(database), committedThrough: stored.snapshot.revision)
        server.connect(Self.client)
    }
}

/// The database as the server's store (as navd's daemon wires it).
final class DatabaseStore: StateStore {
    let database: StateDatabase

    init(_ database: StateDatabase) {
        self.database = database
    }

    func commit(_ rows: RevisionRows, state: borrowing Navigator) throws {
        try database.commit(rows, state: state)
    }
}
