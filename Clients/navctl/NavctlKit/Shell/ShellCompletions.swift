internal import NavClient
internal import NavProtocol
internal import NavigationCore

/// Completions for the scripts argument-parser writes (`navctl --generate-completion-script
/// bash|zsh|fish`): the script calls navctl back with the words typed so far, and the answer
/// is the interactive shell's — the same `Completer`, given the definition and the top screen
/// of the navd that the words' `--socket` (or the default socket) names. With no navd there,
/// the answer is what needs no definition (transitions, methods, reasons), quietly.
enum ShellCompletions {
    static let reasons = [
        "unknownDestination", "routeNotAllowed", "invalidParams", "nothingToClose", "conflict", "noRouteForURL",
        "unknownInstance", "guarded", "limitExceeded", "shuttingDown", "methodNotFound", "invalidRequest", "parseError",
        "internalError",
    ]

    /// What navd serves, as far as completion needs it.
    struct Served {
        var definition: AppDefinition?
        var top: String?
    }

    /// argument-parser's callback (`.custom(ShellCompletions.complete)`): `words` are the shell
    /// words (`navctl` first), `index` the word being completed, `prefix` what was typed of it.
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        candidates(words, index, prefix, served: served(socket: socketOption(in: words)))
    }

    /// The candidates, given what navd serves (the pure part, tested without a daemon).
    static func candidates(_ words: [String], _ index: Int, _ prefix: String, served: Served) -> [String] {
        let typed = Array(words.dropFirst().prefix(max(0, index - 1)))
        let before = Array(typed[CommonOptions.leadingOptionsEnd(typed)...])
        let completer = Completer(commands: Navctl.subcommandNames + ["help"], definition: served.definition, top: served.top)
        let line = (before + [prefix]).joined(separator: " ")
        return completer.complete(line).candidates.map(\.text)
    }

    /// `--socket PATH` or `--socket=PATH` among the words, if given.
    static func socketOption(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == "--socket", index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix("--socket=") { return String(word.dropFirst("--socket=".count)) }
        }
        return nil
    }

    /// The definition and top screen of the navd at `socket` (or the default socket); nothing
    /// when none answers within 2 seconds.
    private static func served(socket: String?) -> Served {
        guard let client = try? NavClient(socketPath: SocketLocation.resolve(override: socket), name: "navctl-completion"),
            let routes = try? client.routes(timeout: 2)
        else { return Served() }
        let definition = AppDefinition.decode(routes.definition).definition
        let state = try? client.state(timeout: 2)
        return Served(definition: definition, top: state?.topScreen?.screen)
    }
}
