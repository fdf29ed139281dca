import Testing
@testable import NavigationCore
@testable import NavJSON
import NavRandom

/// Random app definitions, valid ones and subtly broken mutations of them, against the one
/// promise `navd check` makes: what it accepts, navd starts and runs (the navigator boots,
/// its invariants hold, random operations keep them), and what it refuses, it refuses with
/// diagnostics that each name a JSON path that exists in the document. A definition check
/// accepted once trapped navd at boot (a root screen with a required param).
///
/// Seeded: the seed is printed; `NAVD_TEST_SEED=N swift test --filter RandomDefinitionTests`
/// replays a run. Counters make sure both verdicts and every mutation happen.
@Suite struct RandomDefinitionTests {
    static let definitions = 400
    static let operations = 12

    @Test func checkAcceptsOnlyWhatBootsAndRefusesWithPathsThatExist() throws {
        var rng = SplitMix64(seed: testSeed("RandomDefinitionTests"))
        var accepted = 0, refused = 0
        var mutations: [String: Int] = [:]
        for index in 0..<Self.definitions {
            var generator = DefinitionGenerator(rng: rng)
            var document = generator.valid()
            var mutation = "none"
            var text: String
            if index % 3 != 0 {
                mutation = generator.mutate(&document)
            }
            text = JSONWriter.string(document)
            if mutation == "duplicate key" {
                // A key repeated in the text: the document (last value wins) keeps every path.
                text = "{\"app\": \"dup\", " + text.dropFirst()
            }
            rng = generator.rng
            mutations[mutation, default: 0] += 1
            do {
                let loaded = try AppDefinition.load(json: text)
                accepted += 1
                for warning in loaded.warnings {
                    #expect(exists(warning.path, in: document), "\(mutation): warning at a path that does not exist: \(warning)\n\(text)")
                }
                try run(loaded.definition, text: text, rng: &rng)
            } catch let error as DefinitionError {
                refused += 1
                #expect(!error.errors.isEmpty)
                for diagnostic in error.diagnostics {
                    #expect(exists(diagnostic.path, in: document), "\(mutation): \(diagnostic)\n\(text)")
                }
            }
        }
        #expect(accepted > Self.definitions / 5, "too few definitions accepted: \(accepted)")
        #expect(refused > Self.definitions / 5, "too few definitions refused: \(refused)")
        for name in DefinitionGenerator.mutationNames {
            #expect(mutations[name, default: 0] > 0, "mutation never tried: \(name)")
        }
    }

    /// Boots the definition and runs random operations, checking the tree after each.
    private func run(_ definition: AppDefinition, text: String, rng: inout SplitMix64) throws {
        var navigator: Navigator
        do {
            navigator = try Navigator(booting: definition)
        } catch {
            Issue.record("check accepted a definition that cannot boot: \(error)\n\(text)")
            return
        }
        #expect(navigator.tree.invariantViolation() == nil)
        let names = definition.screens.map(\.name) + definition.flows.map(\.name)
        let matcher = try DeepLinkMatcher(definition: definition)
        for _ in 0..<Self.operations {
            let operation: NavOperation
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:
                let to = names.randomElement(using: &rng)!
                operation = .route(RouteRequest(to: to, params: JSONObjectText(params(for: to, in: definition, rng: &rng))))
            case 2: operation = .close(screen: nil)
            case 3:
                let route = matcher.routes.randomElement(using: &rng)
                let path = route.map { url(for: $0.pattern, in: definition, screen: $0.screen, rng: &rng) } ?? "/nowhere"
                operation = .deeplink(url: path)
            case 4: operation = .selectTab(.index(Int.random(in: 0..<3, using: &rng)), flow: nil)
            default: operation = Bool.random(using: &rng) ? .dismissAll() : .popToRoot(flow: nil)
            }
            _ = try? navigator.perform(operation)
            #expect(navigator.tree.invariantViolation() == nil, "after \(operation)\n\(text)")
        }
    }

    private func params(for destination: String, in definition: AppDefinition, rng: inout SplitMix64) -> JSONObject {
        let screen = definition.screen(named: destination) ?? definition.flow(named: destination)?.rootScreen.flatMap { definition.screen(named: $0) }
        var params = JSONObject()
        for param in screen?.params ?? [] where param.isRequired || Bool.random(using: &rng) {
            params[param.name] = DefinitionGenerator.value(of: param.type, rng: &rng)
        }
        return params
    }

    private func url(for pattern: PathPattern, in definition: AppDefinition, screen: String, rng: inout SplitMix64) -> String {
        var url = "app:/"
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): url += "/" + PercentEncoding.encodePatternLiteral(text)
            case .capture(let name), .wildcard(let name):
                let type = definition.screen(named: screen)?.param(named: name)?.type ?? .string
                let value = DefinitionGenerator.value(of: type, rng: &rng)
                url += "/" + (type.format(value) ?? "x")
            }
        }
        return url
    }

    /// Whether a diagnostic's path (`$.screens["a b"].params[0]`) names a value of the document.
    private func exists(_ path: String, in document: JSONValue) -> Bool {
        var bytes = Array(path.utf8)[...]
        guard bytes.first == UInt8(ascii: "$") else { return false }
        bytes = bytes.dropFirst()
        var value = document
        while let first = bytes.first {
            if first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                let name = bytes.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "[") }
                bytes = bytes.dropFirst(name.count)
                guard let next = value[String(decoding: name, as: UTF8.self)] else { return false }
                value = next
            } else if first == UInt8(ascii: "["), bytes.dropFirst().first == UInt8(ascii: "\"") {
                // A JSON string up to the closing quote that `]` follows.
                var end = bytes.startIndex + 2
                while end < bytes.endIndex {
                    if bytes[end] == UInt8(ascii: "\\") { end += 2; continue }
                    if bytes[end] == UInt8(ascii: "\"") { break }
                    end += 1
                }
                guard end < bytes.endIndex, case .string(let key)? = try? JSONParser.parse(Array(bytes[(bytes.startIndex + 1)...end])),
                    let next = value[key]
                else { return false }
                value = next
                bytes = bytes[(end + 2)...]
            } else if first == UInt8(ascii: "[") {
                let digits = bytes.dropFirst().prefix { $0 != UInt8(ascii: "]") }
                guard let index = Int(String(decoding: digits, as: UTF8.self)), case .array(let elements) = value,
                    elements.indices.contains(index)
                else { return false }
                value = elements[index]
                bytes = bytes.dropFirst(digits.count + 2)
            } else {
                return false
            }
        }
        return true
    }
}

/// Builds random definitions as JSON documents (so that mutations can break them anywhere).
struct DefinitionGenerator {
    var rng: SplitMix64

    static let mutationNames = [
        "none", "required param on a root", "invalid name", "unknown type", "unknown destination", "bad scheme",
        "bad host", "unknown root", "bad pattern", "wrong default", "unknown field", "duplicate key", "tabs in tabs",
        "same shape", "missing kind",
    ]

    private mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }
    private mutating func chance(_ percent: Int) -> Bool { int(0..<100) < percent }

    static func value(of type: ParamType, rng: inout SplitMix64) -> JSONValue {
        switch type {
        case .string: return .string(["a", "b c", "ü", "42"].randomElement(using: &rng)!)
        case .int: return .int(Int.random(in: -5..<100, using: &rng))
        case .double: return .double(Double(Int.random(in: 0..<100, using: &rng)) / 4)
        case .bool: return .bool(Bool.random(using: &rng))
        case .enumeration(let values): return .string(values.randomElement(using: &rng)!)
        case .unknown: return .null
        }
    }

    private mutating func param(required: Bool) -> JSONValue {
        let types: [ParamType] = [.string, .int, .double, .bool, .enumeration(["x", "y"])]
        let type = types[int(0..<types.count)]
        var object: JSONObject = ["type": .string(type.name)]
        if case .enumeration(let values) = type { object["values"] = .array(values.map { .string($0) }) }
        if !required {
            object["optional"] = true
            if chance(50) { object["default"] = Self.value(of: type, rng: &rng) }
        }
        return .object(object)
    }

    /// A definition that is usually valid: screens with params, paths and routes; a root flow
    /// (a stack, or tabs) whose roots need no params; other flows; custom transitions.
    mutating func valid() -> JSONValue {
        let screenCount = int(2..<10)
        let names = (0..<screenCount).map { "s\($0)" }
        var screens = JSONObject()
        var rootScreens: Set<String> = []
        let tabs = chance(40)
        let tabCount = tabs ? int(1..<4) : 0
        for i in 0..<max(1, tabCount) { rootScreens.insert(names[i % names.count]) }
        var flows = JSONObject()
        if tabs {
            let tabNames = (0..<tabCount).map { "tab\($0)" }
            flows["main"] = ["kind": "tabs", "tabs": .array(tabNames.map { .string($0) }), "initialTab": .string(tabNames[0])]
            for (i, tab) in tabNames.enumerated() { flows[tab] = ["kind": "stack", "root": .string(names[i % names.count])] }
        } else {
            flows["main"] = ["kind": "stack", "root": .string(names[0])]
        }
        if chance(50) { flows["extra"] = ["kind": "stack", "root": .string(names.randomElement(using: &rng)!), "transition": "modal"] }
        let literals = ["a", "b", "items", "x y", "ü"]
        for (i, name) in names.enumerated() {
            var screen = JSONObject()
            var params = JSONObject()
            let root = rootScreens.contains(name)
            for p in 0..<int(0..<3) { params["p\(p)"] = param(required: !root && chance(50)) }
            if chance(70) {
                var path = "/" + literals[int(0..<literals.count)] + "\(i)"
                for (paramName, _) in params.pairs where chance(50) {
                    if case .object(var declared)? = params[paramName] {
                        if chance(20) { path += "(/:\(paramName))"; declared["optional"] = true } else { path += "/:\(paramName)" }
                        params[paramName] = .object(declared)
                    }
                }
                screen["path"] = .string(path)
            }
            if !params.isEmpty { screen["params"] = .object(params) }
            var routes: [JSONValue] = []
            for target in names + ["extra"] where chance(30) && (target != "extra" || flows["extra"] != nil) {
                routes.append(chance(20) ? ["to": .string(target), "transition": "modal"] : .string(target))
            }
            if chance(10) { routes.append("*") }
            if !routes.isEmpty { screen["routes"] = .array(routes) }
            if chance(20) { screen["transition"] = .string(["push", "modal", "modalWithNavigation", "zoom"][int(0..<4)]) }
            screens[name] = .object(screen)
        }
        var document: JSONObject = ["app": "app", "schemes": ["app"], "root": "main", "flows": .object(flows), "screens": .object(screens)]
        if chance(50) { document["hosts"] = ["app.example.com"] }
        document["transitions"] = ["zoom": ["base": "push", "animator": "zoom"]]
        return .object(document)
    }

    /// Breaks the document in one way (`mutationNames`); returns the way.
    mutating func mutate(_ document: inout JSONValue) -> String {
        guard case .object(var root) = document, case .object(var screens)? = root["screens"],
            case .object(var flows)? = root["flows"]
        else { return "none" }
        let screenNames = screens.keys
        let target = screenNames[int(0..<screenNames.count)]
        guard case .object(var screen)? = screens[target] else { return "none" }
        let name = Self.mutationNames[int(1..<Self.mutationNames.count)]
        switch name {
        case "required param on a root":
            let rootName: String
            if case .string(let r)? = flows["main"]?["root"] { rootName = r } else if case .string(let tab)? = flows["main"]?["initialTab"],
                case .string(let r)? = flows[tab]?["root"] { rootName = r } else { return "none" }
            guard case .object(var rootScreen)? = screens[rootName] else { return "none" }
            var params = rootScreen["params"]?.objectValue ?? [:]
            params["needed"] = ["type": "int"]
            rootScreen["params"] = .object(params)
            screens[rootName] = .object(rootScreen)
        case "invalid name":
            let bad = ["a b", "../x", "new\nline", "nul\u{0}", String(repeating: "n", count: 200), "", "9lives"][int(0..<7)]
            screens[bad] = screens[target]
        case "unknown type":
            screen["params"] = ["q": ["type": .string(["integer", "uuid", "String"][int(0..<3)]), "optional": true]]
            screen["path"] = nil
            screens[target] = .object(screen)
        case "unknown destination":
            screen["routes"] = ["nowhere"]
            screens[target] = .object(screen)
        case "bad scheme":
            root["schemes"] = .array([.string(["", "a b", "https", "HTTP", "1x"][int(0..<5)])])
        case "bad host":
            root["hosts"] = .array([.string(["https://x.com", "a..b", "x.com:80", "-a"][int(0..<4)])])
        case "unknown root":
            root["root"] = "mian"
        case "bad pattern":
            screen["path"] = .string(["no-slash", "/a(", "/a)", "/:1x", "/*rest/more", "/a" + String(repeating: "/s", count: 300)][int(0..<6)])
            screens[target] = .object(screen)
        case "wrong default":
            screen["params"] = ["d": ["type": "int", "optional": true, "default": "five"]]
            screen["path"] = nil
            screens[target] = .object(screen)
        case "unknown field":
            screen["rout"] = ["s0"]
            screens[target] = .object(screen)
        case "duplicate key":
            break  // applied to the text by the caller
        case "tabs in tabs":
            flows["inner"] = ["kind": "tabs", "tabs": ["main"], "initialTab": "main"]
        case "same shape":
            screens["twin"] = ["path": "/dup/:a", "params": ["a": ["type": "string"]]]
            screens["twin2"] = ["path": "/dup/:b", "params": ["b": ["type": "int"]]]
        case "missing kind":
            if case .object(var main)? = flows["main"] {
                main["kind"] = nil
                flows["main"] = .object(main)
            }
        default:
            return "none"
        }
        root["screens"] = .object(screens)
        root["flows"] = .object(flows)
        document = .object(root)
        return name
    }
}
