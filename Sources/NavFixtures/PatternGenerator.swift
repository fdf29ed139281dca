public import NavJSON
public import NavigationCore
internal import NavRandom
/// Random route tables and links that match them, repeatable from a seed: a utility for the
/// deep-link tests and `navbench deeplink`.
///
/// Patterns start with a literal, then mix literals and typed captures (int, string, double,
/// bool, enum), some with optional groups (nested too), some ending in `/filesN/*rest`. The
/// link made for a route is matched best by exactly that route, because:
/// - no two expansions have the same shape (checked as they are made);
/// - captured values never equal a literal word (words are `lN`, `filesN`; values are numbers,
///   `true`/`false`, `eN`, or start with `v`), so a rival route can only have literals where
///   the intended one has them, hence fewer literals or the same shape;
/// - a `filesN` word appears only just before `*rest`, so no rival wildcard route can have the
///   intended route's literals with fewer captures.
///
/// Tables grow by appending: the first n screens are the same for every count ≥ n, and links
/// draw from a stream of their own, so one seed gives the same links against every size.
public struct PatternGenerator {
    /// A link and what matching it must give.
    public struct Link: Sendable, Hashable {
        /// The bare path, percent-encoded: `/l3/42/v%20x`.
        public var path: String
        /// The decoded segments.
        public var segments: [String]
        public var screen: String
        public var pattern: PathPattern
        public var params: JSONObject
    }

    /// A route table: screens `s0`, `s1`, … with paths and declared params (no flows).
    public private(set) var definition: AppDefinition
    private var expansions: [[PathPattern]] = []
    /// Draws the patterns; `linkRNG` draws the links.
    private var rng: SplitMix64
    private var linkRNG: SplitMix64

    /// Screens per first word: screen `i` starts with one of `l(i/40 - 3)` … `l(i/40)`, so every
    /// first word leads to about 40 routes however large the table — as an app grows by new
    /// sections — and the first screens' neighbourhood is the same in every table.
    private static let screensPerFirstWord = 40

    public init(patterns count: Int, seed: UInt64) {
        rng = SplitMix64(seed: seed)
        linkRNG = SplitMix64(seed: ~seed)
        definition = AppDefinition(app: "generated", root: "", flows: [], screens: [])
        var shapes = Set<String>()
        var screens: [ScreenDefinition] = []
        for index in 0..<count {
            let screen = makeScreen(index: index, shapes: &shapes)
            screens.append(screen)
            expansions.append((try? PathPattern.expand(screen.path ?? "")) ?? [])
        }
        definition = AppDefinition(
            app: "generated", schemes: ["gen"], hosts: ["gen.example.com"], root: "", flows: [], screens: screens)
    }

    /// A link for a random one of the first `count` screens (all of them by default).
    public mutating func link(amongFirst count: Int? = nil) -> Link {
        link(forScreen: Int.random(in: 0..<min(count ?? expansions.count, expansions.count), using: &linkRNG))
    }

    /// A link for a random expansion of screen `s<index>`, with random values.
    public mutating func link(forScreen index: Int) -> Link {
        let screen = definition.screens[index]
        let pattern = expansions[index].randomElement(using: &linkRNG)!
        var segments: [String] = []
        var params = JSONObject()
        for segment in pattern.segments {
            switch segment {
            case .literal(let word):
                segments.append(word)
            case .capture(let name):
                let type = screen.param(named: name)?.type ?? .string
                let text = value(of: type)
                segments.append(text)
                params[name] = type.parse(text)
            case .wildcard(let name):
                let rest = (0..<Int.random(in: 1...3, using: &linkRNG)).map { _ in value(of: .string) }
                segments += rest
                params[name] = .string(rest.joined(separator: "/"))
            }
        }
        let path = "/" + segments.map(PercentEncoding.encodePathSegment).joined(separator: "/")
        return Link(path: path, segments: segments, screen: screen.name, pattern: pattern, params: params)
    }

    // MARK: - Patterns

    private static let enumValues = ["e0", "e1", "e2", "e3"]
    private static let types: [ParamType] = [.int, .string, .double, .bool, .enumeration(enumValues)]

    private mutating func makeScreen(index: Int, shapes: inout Set<String>) -> ScreenDefinition {
        for attempt in 0..<100 {
            // After many clashes, a word no other screen uses makes the shape unique.
            let newest = index / Self.screensPerFirstWord
            let first = attempt < 99 ? "l\(Int.random(in: max(0, newest - 3)...newest, using: &rng))" : "u\(index)"
            let (path, params) = makePattern(first: first)
            guard let patterns = try? PathPattern.expand(path) else { continue }
            let keys = patterns.map(\.shapeKey)
            guard Set(keys).count == keys.count, shapes.isDisjoint(with: keys) else { continue }
            shapes.formUnion(keys)
            return ScreenDefinition(name: "s\(index)", path: path, params: params)
        }
        preconditionFailure("the last attempt's unique first word cannot clash")
    }

    private mutating func makePattern(first: String) -> (String, [ParamDefinition]) {
        var params: [ParamDefinition] = []
        var parts = ["/" + first]
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            if Bool.random(using: &rng) {
                parts.append("/l\(Int.random(in: 0..<16, using: &rng))")
            } else {
                let name = "p\(params.count)"
                params.append(ParamDefinition(name: name, type: Self.types.randomElement(using: &rng)!))
                parts.append("/:" + name)
            }
        }
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < 8 {
            params.append(ParamDefinition(name: "rest", type: .string))
            return (parts.joined() + "/files\(Int.random(in: 0..<4, using: &rng))/*rest", params)
        }
        if roll < 38, parts.count >= 2 {
            // The last one or two segments become optional; with two, sometimes nested.
            let count = parts.count >= 3 && Bool.random(using: &rng) ? 2 : 1
            let tail = parts.suffix(count)
            let nested = count == 2 && roll < 20
            let group = nested ? "(" + tail.first! + "(" + tail.last! + "))" : "(" + tail.joined() + ")"
            parts = parts.dropLast(count) + [group]
            let optional = Set(tail.compactMap { $0.hasPrefix("/:") ? String($0.dropFirst(2)) : nil })
            for i in params.indices where optional.contains(params[i].name) { params[i].optional = true }
        }
        return (parts.joined(), params)
    }

    // MARK: - Values

    /// A URL text of the type that is never a literal word.
    private mutating func value(of type: ParamType) -> String {
        switch type {
        case .int: return String(Int.random(in: -99_999...99_999, using: &linkRNG))
        case .double: return String(Double(Int.random(in: -9_999...9_999, using: &linkRNG)) / 8)
        case .bool: return Bool.random(using: &linkRNG) ? "true" : "false"
        case .enumeration(let values): return values.randomElement(using: &linkRNG)!
        default:
            let alphabet = Array("abcxyz019 -%/?é+")
            let length = Int.random(in: 0...6, using: &linkRNG)
            return "v" + String((0..<length).map { _ in alphabet.randomElement(using: &linkRNG)! })
        }
    }
}
