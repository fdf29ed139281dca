import ArgumentParser
import Foundation
import NavigationCore
import RoutingKit
import NavJSON
import NavFixtures

/// `navbench deeplink`: deep-link matching cost against route tables of growing size. With a
/// trie the figure should stay flat from 100 to 10,000 patterns (docs/deep-links.md: matching costs
/// O(length of the path), not O(patterns)).
///
/// Every size is timed on the same links: generated tables grow by appending, and the links
/// target the first screens, which the smallest table has too. One link is parsed
/// (`DeepLinkURL.parse`) and fully matched (`DeepLinkMatcher.match`, candidates included).
///
/// Beside it, the same routes in Vapor's `TrieRouter` (routing-kit) and the same links, routed
/// as Vapor does: the path split on `/` into strings, then `route(path:parameters:)` (one
/// `Parameters` reused, the cheapest way to call it). routing-kit does less: no percent
/// decoding, no typed values, no ranking of rival routes, no backtracking (a link whose best
/// route needs a capture where another route has a literal is not found), so the comparison
/// flatters it.
struct DeepLinkBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deeplink",
        abstract: "Times parsing and matching deep links against generated route tables of several sizes.")

    @Option(help: "Route table sizes, comma-separated (default: 100,1000,10000).", transform: DeepLinkBench.sizes)
    var patterns: [Int] = [100, 1_000, 10_000]

    @Option(help: "Links matched per run.")
    var urls = 1_000

    @Option(help: "Timed runs per size; the median is reported.")
    var runs = 9

    @Option(help: "Seed of the generated tables and links.")
    var seed = 1

    @OptionGroup var output: OutputOptions

    struct Figure {
        var patterns: Int
        var routes: Int
        var nsPerURL: Double
        var buildMilliseconds: Double
        var routingKitNsPerURL: Double
        /// Links routing-kit found a route for, of those timed.
        var routingKitMatched: Double

        /// navd's cost over routing-kit's: below 1, navd is faster.
        var ratio: Double { routingKitNsPerURL == 0 ? 0 : nsPerURL / routingKitNsPerURL }
    }

    func validate() throws {
        guard urls > 0, runs > 0 else { throw ValidationError("--urls and --runs must be positive.") }
    }

    func run() throws {
        let common = patterns.min() ?? 0
        let figures = try patterns.map { try measure($0, linksAmongFirst: common) }
        if output.json {
            print(JSONWriter.string(json(figures)))
        } else {
            Self.printTable(figures)
        }
    }

    /// Runs the scenario with its defaults (for `navbench all`).
    static func measureDefaults() throws -> [Figure] {
        let bench = try DeepLinkBench.parse([])
        let common = bench.patterns.min() ?? 0
        return try bench.patterns.map { try bench.measure($0, linksAmongFirst: common) }
    }

    static func printTable(_ figures: [Figure]) {
        print("patterns  navd ns/url  routing-kit ns/url  navd/routing-kit  routing-kit found  navd build ms")
        for figure in figures {
            print(pad(figure.patterns, 8) + pad(Int(figure.nsPerURL.rounded()), 13)
                + pad(Int(figure.routingKitNsPerURL.rounded()), 20) + pad(String(format: "%.2f", figure.ratio), 18)
                + pad(String(format: "%.1f%%", figure.routingKitMatched * 100), 19) + pad(rounded(figure.buildMilliseconds), 15))
        }
        if let first = figures.first, let last = figures.last, first.patterns != last.patterns {
            print(String(format: "navd at %d patterns costs %.2f× its cost at %d (flat: no growth with the table)",
                         last.patterns, last.nsPerURL / first.nsPerURL, first.patterns))
        }
    }

    private func measure(_ count: Int, linksAmongFirst common: Int) throws -> Figure {
        var generator = PatternGenerator(patterns: count, seed: UInt64(truncatingIfNeeded: seed))
        let definition = generator.definition
        let buildNanoseconds = try Stopwatch.median(runs: 3) { _ = try DeepLinkMatcher(definition: definition) }
        let matcher = try DeepLinkMatcher(definition: definition)
        let paths = (0..<urls).map { _ in generator.link(amongFirst: common).path }
        var matched = 0
        let matchAll = {
            for path in paths {
                let url = try DeepLinkURL.parse(path, schemes: definition.schemes, hosts: definition.hosts)
                if matcher.match(url.segments).best != nil { matched += 1 }
            }
        }
        try matchAll()  // warm-up
        let nanoseconds = try Stopwatch.median(runs: runs, matchAll)
        guard matched == urls * (runs + 1) else {
            throw ValidationError("\(urls * (runs + 1) - matched) links matched no route")
        }

        let router = Self.routingKitRouter(matcher.routes)
        var parameters = Parameters()
        var found = 0
        let routeAll = {
            for path in paths {
                let segments = path.split(separator: "/").map(String.init)
                if router.route(path: segments, parameters: &parameters) != nil { found += 1 }
            }
        }
        routeAll()  // warm-up
        let routingKitNanoseconds = Stopwatch.median(runs: runs, routeAll)
        return Figure(
            patterns: count, routes: matcher.routes.count, nsPerURL: nanoseconds / Double(urls),
            buildMilliseconds: buildNanoseconds / 1e6, routingKitNsPerURL: routingKitNanoseconds / Double(urls),
            routingKitMatched: Double(found) / Double(urls * (runs + 1)))
    }

    /// The same routes in routing-kit: literals as constants, captures as parameters named by
    /// position (routing-kit refuses two names at one place in its trie), `*rest` as a catch-all.
    static func routingKitRouter(_ routes: [DeepLinkRoute]) -> TrieRouter<Int> {
        let router = TrieRouter(Int.self)
        for (index, route) in routes.enumerated() {
            var captures = 0
            let components: [PathComponent] = route.pattern.segments.map { segment in
                switch segment {
                case .literal(let word): return .constant(word)
                case .capture:
                    captures += 1
                    return .parameter("c\(captures)")
                case .wildcard: return .catchall
                }
            }
            router.register(index, at: components)
        }
        return router
    }

    private func json(_ figures: [Figure]) -> JSONValue {
        let results: [JSONValue] = figures.map {
            ["patterns": .int($0.patterns), "routes": .int($0.routes), "nsPerURL": .int(Int($0.nsPerURL.rounded())),
             "buildMs": .double(Self.rounded($0.buildMilliseconds)),
             "routingKitNsPerURL": .int(Int($0.routingKitNsPerURL.rounded())), "ratio": .double(Self.rounded($0.ratio)),
             "routingKitFound": .double(Self.rounded($0.routingKitMatched))]
        }
        return ["scenario": "deeplink", "urls": .int(urls), "runs": .int(runs), "seed": .int(seed),
                "results": .array(results)]
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(width - text.count, 0)) + text
    }

    static func sizes(_ text: String) throws -> [Int] {
        let sizes = text.split(separator: ",").map { Int(String($0.filter { $0 != " " })) }
        guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw ValidationError("expected positive sizes separated by commas, like 100,1000,10000.")
        }
        return sizes.map { $0! }
    }
}
