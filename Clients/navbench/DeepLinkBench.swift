import ArgumentParser
import NavigationCore

/// `navbench deeplink`: deep-link matching cost against route tables of growing size. With a
/// trie the figure should stay flat from 100 to 10,000 patterns (DESIGN.md §6: matching costs
/// O(length of the path), not O(patterns)).
///
/// Every size is timed on the same links: generated tables grow by appending, and the links
/// target the first screens, which the smallest table has too. One link is parsed
/// (`DeepLinkURL.parse`) and fully matched (`DeepLinkMatcher.match`, candidates included).
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
            print("patterns  ns/url(median)  build ms")
            for figure in figures {
                let nanoseconds = Int(figure.nsPerURL.rounded())
                print(pad(figure.patterns, 8) + pad(nanoseconds, 16) + pad(rounded(figure.buildMilliseconds), 10))
            }
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
        return Figure(
            patterns: count, routes: matcher.routes.count, nsPerURL: nanoseconds / Double(urls),
            buildMilliseconds: buildNanoseconds / 1e6)
    }

    private func json(_ figures: [Figure]) -> JSONValue {
        let results: [JSONValue] = figures.map {
            ["patterns": .int($0.patterns), "routes": .int($0.routes), "nsPerURL": .int(Int($0.nsPerURL.rounded())),
             "buildMs": .double(rounded($0.buildMilliseconds))]
        }
        return ["scenario": "deeplink", "urls": .int(urls), "runs": .int(runs), "seed": .int(seed),
                "results": .array(results)]
    }

    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    private func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
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
