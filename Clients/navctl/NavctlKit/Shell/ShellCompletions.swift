internal import NavClient
internal import NavProtocol
internal import NavigationCore

/// Completions for the shell scripts argument-parser writes (`navctl
/// --generate-completion-script bash`): names come from the navd that is running, at the
/// socket the command line names (or the default one); nothing when none answers.
enum ShellCompletions {
    static let reasons = [
        "unknownDestination", "routeNotAllowed", "invalidParams", "nothingToClose", "conflict", "noRouteForURL",
        "unknownInstance", "guarded", "limitExceeded", "shuttingDown", "methodNotFound", "invalidRequest", "parseError",
        "internalError",
    ]

    @Sendable static func destinations(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let definition = definition(words) else { return [] }
        return (definition.screens.map(\.name) + definition.flows.map(\.name)).filter { $0.hasPrefix(prefix) }
    }

    @Sendable static func screens(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        (definition(words)?.screens.map(\.name) ?? []).filter { $0.hasPrefix(prefix) }
    }

    @Sendable static func tabs(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let definition = definition(words) else { return [] }
        return definition.flows.flatMap { flow -> [String] in
            if case .tabs(let tabs, _) = flow.kind { return tabs }
            return []
        }.filter { $0.hasPrefix(prefix) }
    }

    /// The definition served by the navd that `--socket` in `words` (or the default) names.
    private static func definition(_ words: [String]) -> AppDefinition? {
        var socket: String?
        if let index = words.firstIndex(of: "--socket"), index + 1 < words.count { socket = words[index + 1] }
        guard let client = try? NavClient(socketPath: SocketLocation.resolve(override: socket), name: "navctl-completion"),
            let routes = try? client.call("routes.list", [:], timeout: 2), let source = routes["definition"]
        else { return nil }
        return AppDefinition.decode(source).definition
    }
}
