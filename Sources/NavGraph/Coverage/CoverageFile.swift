public import NavJSON

/// What scripts exercised of an app definition (docs/graph.md, Protocol/coverage.schema.json):
/// counts of screens entered, route edges taken, deep-link patterns matched, guards held and
/// resumed, events emitted and handled, tabs selected, with the definition they were recorded
/// against (so that a report needs no navd). `navctl run --coverage` writes it, `navctl
/// coverage combine` merges several.
public struct CoverageFile: Sendable, Hashable {
    /// The `format` field: what the file is.
    public static let format = "navd-coverage"
    /// The `version` field. A reader refuses a version it does not know.
    public static let version = 1

    /// A route taken: from the top screen to the destination named (a screen or flow), with
    /// the transition applied (a custom transition's name, else its kind) and whether push fell
    /// back to modal.
    public struct Edge: Sendable, Hashable, Comparable {
        public var from: String
        public var to: String
        public var transition: String
        public var fallback: Bool

        public init(from: String, to: String, transition: String, fallback: Bool = false) {
            self.from = from
            self.to = to
            self.transition = transition
            self.fallback = fallback
        }

        public static func < (a: Edge, b: Edge) -> Bool {
            (a.from, a.to, a.transition, a.fallback ? 1 : 0) < (b.from, b.to, b.transition, b.fallback ? 1 : 0)
        }
    }

    public struct GuardCount: Sendable, Hashable {
        public var held = 0
        public var resumed = 0
        public init(held: Int = 0, resumed: Int = 0) {
            self.held = held
            self.resumed = resumed
        }
    }

    public struct EventCount: Sendable, Hashable {
        public var emitted = 0
        public var handled = 0
        public init(emitted: Int = 0, handled: Int = 0) {
            self.emitted = emitted
            self.handled = handled
        }
    }

    public var app: String
    /// The app definition as navd served it (`routes.list`'s `definition`).
    public var definition: JSONValue
    /// How many scripts were recorded into this file.
    public var runs: Int
    public var screens: [String: Int] = [:]
    public var edges: [Edge: Int] = [:]
    /// Keyed by the pattern's expansion (`/users/:userId/:section`).
    public var patterns: [String: Int] = [:]
    public var guards: [String: GuardCount] = [:]
    public var events: [String: EventCount] = [:]
    /// Keyed by the tab (a stack flow's name).
    public var tabs: [String: Int] = [:]

    public init(app: String, definition: JSONValue, runs: Int = 0) {
        self.app = app
        self.definition = definition
        self.runs = runs
    }

    /// Adds another file's counts to these: both must have been recorded against the same
    /// definition.
    public mutating func merge(_ other: CoverageFile) throws(CoverageFileError) {
        guard other.definition == definition else {
            throw CoverageFileError("recorded against a different app definition (\(other.app) and \(app) differ)")
        }
        runs += other.runs
        screens.merge(other.screens, uniquingKeysWith: +)
        edges.merge(other.edges, uniquingKeysWith: +)
        patterns.merge(other.patterns, uniquingKeysWith: +)
        guards.merge(other.guards) { GuardCount(held: $0.held + $1.held, resumed: $0.resumed + $1.resumed) }
        events.merge(other.events) { EventCount(emitted: $0.emitted + $1.emitted, handled: $0.handled + $1.handled) }
        tabs.merge(other.tabs, uniquingKeysWith: +)
    }
}

/// A coverage file that cannot be read or merged: what is wrong with it, as a person reads it.
public struct CoverageFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
