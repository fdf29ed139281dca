@testable import NavigationCore
@testable import NavJSON

/// Test helpers for the deep-link tests: the sample app (optionally with extra screens), small
/// route tables, and the brute-force reference matcher.
enum DeepLinkFixtures {
    static let sectionValues = ["posts", "photos", "friends"]

    /// The sample app of docs/app-definition.md, with `extraScreens` appended after its own.
    static func sampleApp(extraScreens: [ScreenDefinition] = []) -> AppDefinition {
        let sample = AppDefinition.sample
        return AppDefinition(
            app: sample.app, schemes: sample.schemes, hosts: sample.hosts, root: sample.root,
            flows: sample.flows, screens: sample.screens + extraScreens, transitions: sample.transitions,
            notFound: sample.notFound, guards: sample.guards)
    }

    static let sampleMatcher = try! DeepLinkMatcher(definition: sampleApp())

    /// A route table of `(screen, path)` pairs in definition order; captures undeclared
    /// unless `params` names them.
    static func matcher(_ routes: [(String, String)], params: [String: [ParamDefinition]] = [:]) throws -> DeepLinkMatcher {
        let screens = routes.map { ScreenDefinition(name: $0.0, path: $0.1, params: params[$0.0] ?? []) }
        return try DeepLinkMatcher(definition: AppDefinition(app: "t", root: "", flows: [], screens: screens))
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}

/// The reference for the matcher: scans every expansion of every screen, checks its shape and
/// types segment by segment, and sorts by the docs/deep-links.md rules written out directly.
struct BruteForceMatcher {
    struct Entry {
        var screen: ScreenDefinition
        var pattern: PathPattern
        var order: Int
    }

    var entries: [Entry] = []
    /// Per entry: segment count and whether it ends in a wildcard, to skip quickly.
    private var lengths: [Int] = []
    private var wildcards: [Bool] = []

    init(_ definition: AppDefinition) throws {
        for screen in definition.screens {
            guard let path = screen.path else { continue }
            for pattern in try PathPattern.expand(path) {
                entries.append(Entry(screen: screen, pattern: pattern, order: entries.count))
                lengths.append(pattern.segments.count)
                if case .wildcard = pattern.segments.last { wildcards.append(true) } else { wildcards.append(false) }
            }
        }
    }

    func match(_ path: [String]) -> DeepLinkMatchResult {
        var found: [(entry: Entry, params: JSONObject?, reason: String?)] = []
        for index in entries.indices {
            guard wildcards[index] ? lengths[index] <= path.count : lengths[index] == path.count,
                let texts = captures(entries[index].pattern, path)
            else { continue }
            let entry = entries[index]
            var params: JSONObject? = JSONObject()
            var reason: String?
            for (name, text) in texts {
                let type = entry.screen.param(named: name)?.type ?? .string
                if let value = type.parse(text) {
                    params?[name] = value
                } else if reason == nil {
                    params = nil
                    reason = DeepLinkMatcher.describeRejection(name: name, text: text, type: type)
                }
            }
            found.append((entry, params, reason))
        }
        found.sort { a, b in Self.ranksBefore(a.entry, b.entry) }
        let best = found.first { $0.params != nil }.map {
            DeepLinkMatch(screen: $0.entry.screen.name, pattern: $0.entry.pattern, params: $0.params!)
        }
        let candidates = found.map {
            DeepLinkCandidate(screen: $0.entry.screen.name, pattern: $0.entry.pattern, rejected: $0.reason)
        }
        return DeepLinkMatchResult(best: best, candidates: candidates)
    }

    /// The captured texts in path order if the shape matches.
    private func captures(_ pattern: PathPattern, _ path: [String]) -> [(String, String)]? {
        var texts: [(String, String)] = []
        for (i, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let word):
                guard i < path.count, path[i] == word else { return nil }
            case .capture(let name):
                guard i < path.count else { return nil }
                texts.append((name, path[i]))
            case .wildcard(let name):
                guard i < path.count else { return nil }
                texts.append((name, path[i...].joined(separator: "/")))
                return texts
            }
        }
        return pattern.segments.count == path.count ? texts : nil
    }

    /// Most literals, then fewest captures (a wildcard is one), then no wildcard, then order.
    private static func ranksBefore(_ a: Entry, _ b: Entry) -> Bool {
        func key(_ entry: Entry) -> (Int, Int, Int, Int) {
            var literals = 0, captures = 0, wildcard = 0
            for segment in entry.pattern.segments {
                switch segment {
                case .literal: literals += 1
                case .capture: captures += 1
                case .wildcard: captures += 1; wildcard = 1
                }
            }
            return (-literals, captures, wildcard, entry.order)
        }
        return key(a) < key(b)
    }
}
