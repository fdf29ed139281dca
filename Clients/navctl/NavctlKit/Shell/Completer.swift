public import NavigationCore
internal import NavProtocol

/// Tab completion for the shell and for bash, zsh and fish (`ShellCompletions`): subcommand
/// names first, then what each command takes — destinations (those the top screen may open
/// first) and their params for `route`, `--transition` values, tabs for `tab`, screens for
/// `pop-to`, `expect`'s checks, error reasons, method names for `call` — from the app
/// definition navd serves.
public final class Completer {
    public enum Action: Sendable, Hashable {
        /// Text to insert at the cursor.
        case insert(String)
        /// Several candidates and nothing common to add: show them.
        case list([String])
        case nothing
    }

    public struct Candidate: Sendable, Hashable {
        public var text: String
        /// A blank follows a finished word; not `name=`, whose value comes next.
        public var addsSpace: Bool

        public init(_ text: String, addsSpace: Bool = true) {
            self.text = text
            self.addsSpace = addsSpace
        }
    }

    public struct Completion: Sendable, Hashable {
        /// The word being completed (what was typed of it).
        public var word: String
        public var candidates: [Candidate]
        public var action: Action
    }

    public var commands: [String]
    public var definition: AppDefinition?
    /// The top screen's name: the destinations its routes allow are offered first.
    public var top: String?

    public init(
        commands: [String] = Navctl.subcommandNames + ["exit", "help"], definition: AppDefinition? = nil,
        top: String? = nil
    ) {
        self.commands = commands
        self.definition = definition
        self.top = top
    }

    /// Completes the word that ends `line` (the text before the cursor).
    public func complete(_ line: String) -> Completion {
        let (words, word) = WordSplitter.partial(line)
        var seen: Set<String> = []
        let candidates = candidates(after: words).filter { $0.text.hasPrefix(word) && seen.insert($0.text).inserted }
        return Completion(word: word, candidates: candidates, action: Self.action(word: word, candidates))
    }

    static func action(word: String, _ candidates: [Candidate]) -> Action {
        guard let first = candidates.first else { return .nothing }
        if candidates.count == 1 { return .insert(String(first.text.dropFirst(word.count)) + (first.addsSpace ? " " : "")) }
        var prefix = first.text
        for candidate in candidates.dropFirst() {
            while !candidate.text.hasPrefix(prefix) { prefix.removeLast() }
        }
        if prefix.count > word.count { return .insert(String(prefix.dropFirst(word.count))) }
        return .list(candidates.map(\.text))
    }

    /// Candidates listed in rows of up to 100 columns.
    public static func columns(_ candidates: [String]) -> String {
        var lines: [String] = []
        var line = ""
        for candidate in candidates {
            if !line.isEmpty && line.count + 2 + candidate.count > 100 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + candidate
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// Options whose next word is their value.
    static let optionsWithValues: Set<String> = [
        "--transition", "--from", "--pop-to", "--expect-revision", "--socket", "--flow", "--result", "--count", "--exec",
    ]

    private func candidates(after words: [String]) -> [Candidate] {
        guard let command = words.first else { return commands.map { Candidate($0) } }
        let arguments = Array(words.dropFirst())
        let previous = arguments.last
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            if Self.optionsWithValues.contains(arguments[index]) {
                index += 2
                continue
            }
            if !arguments[index].hasPrefix("--") { positional.append(arguments[index]) }
            index += 1
        }
        if previous == "--transition" { return transitions }
        if previous == "--pop-to" { return screens }
        if let previous, Self.optionsWithValues.contains(previous) { return [] }
        switch command {
        case "route":
            guard let destination = positional.first else { return destinations }
            return params(of: destination, given: positional.dropFirst())
        case "emit":
            guard let event = positional.first else { return events }
            return payloadParams(of: event, given: positional.dropFirst())
        case "listen":
            return events.filter { !positional.contains($0.text) }
        case "tab":
            return positional.isEmpty ? tabs : []
        case "pop-to":
            return positional.isEmpty ? screens : []
        case "help":
            return positional.isEmpty ? commands.filter { $0 != "exit" && $0 != "help" }.map { Candidate($0) } : []
        case "call":
            return positional.isEmpty ? RPCMethod.allCases.map { Candidate($0.rawValue) } : []
        case "expect":
            return expectCandidates(positional)
        default:
            return []
        }
    }

    private func expectCandidates(_ positional: [String]) -> [Candidate] {
        guard let check = positional.first else {
            return ["top", "stack", "tab", "error", "revision"].map { Candidate($0) }
        }
        let rest = positional.dropFirst()
        switch check {
        case "top": return rest.isEmpty ? screens : params(of: rest.first!, given: rest.dropFirst())
        case "tab": return rest.isEmpty ? tabs : []
        case "error": return rest.isEmpty ? ShellCompletions.reasons.map { Candidate($0) } : []
        case "stack": return (rest.isEmpty ? flowNames : []) + screens + [Candidate(">")]
        default: return []
        }
    }

    /// Every screen and flow; those the top screen may open first (in its routes' order).
    private var destinations: [Candidate] {
        guard let definition else { return [] }
        let names = definition.destinationNames
        guard let top, let rules = definition.screen(named: top)?.routes, !rules.allowsAny else {
            return names.map { Candidate($0) }
        }
        let allowed = rules.edges.map(\.to).filter { definition.screen(named: $0) != nil || definition.flow(named: $0) != nil }
        return (allowed + names.filter { !allowed.contains($0) }).map { Candidate($0) }
    }

    private var screens: [Candidate] {
        (definition?.screens.map(\.name) ?? []).map { Candidate($0) }
    }

    private var flowNames: [Candidate] {
        (definition?.flows.map(\.name) ?? []).map { Candidate($0) }
    }

    private var tabs: [Candidate] {
        guard let definition else { return [] }
        return definition.flows.flatMap { flow -> [String] in
            if case .tabs(let tabs, _) = flow.kind { return tabs }
            return []
        }.map { Candidate($0) }
    }

    /// The declared routing events.
    private var events: [Candidate] {
        (definition?.events.map(\.name) ?? []).map { Candidate($0) }
    }

    private func payloadParams(of event: String, given: ArraySlice<String>) -> [Candidate] {
        guard let declared = definition?.event(named: event)?.params else { return [] }
        let named = Set(given.compactMap { Assignment($0)?.name })
        return declared.filter { !named.contains($0.name) }.map { Candidate("\($0.name)=", addsSpace: false) }
    }

    private var transitions: [Candidate] {
        (["push", "modal", "modalWithNavigation"] + (definition?.transitions.map(\.name) ?? [])).map { Candidate($0) }
    }

    private func params(of destination: String, given: ArraySlice<String>) -> [Candidate] {
        guard let definition, let declared = ParamTyper(definition: definition).declaredParams(of: destination) else { return [] }
        let named = Set(given.compactMap { Assignment($0)?.name })
        return declared.filter { !named.contains($0.name) }.map { Candidate("\($0.name)=", addsSpace: false) }
    }
}
