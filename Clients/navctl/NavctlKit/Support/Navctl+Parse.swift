public import ArgumentParser
internal import NavCommandLine

extension Navctl {
    /// Parses a command line, a shell line or a script line (one grammar for every way in):
    /// the common options may come before the subcommand as well as after it (`navctl --socket
    /// S state`, as `git -C DIR status`), and a first word that names no subcommand is an
    /// `UnknownCommand` with the nearest names (`unknown command 'rout' — did you mean 'route'?`);
    /// `alsoKnown` are words the caller handles itself (the shell's `exit`), suggested too.
    public static func parse(_ words: [String], alsoKnown: [String] = []) throws -> any ParsableCommand {
        if let option = CommonOptions.leadingOptionWithoutValue(words) {
            // `navctl --socket` alone: the subcommand that would read it never comes, and
            // argument-parser would call the option unknown.
            throw NavctlError.usage("missing value for '\(option) <path>'", command: Navctl.self)
        }
        let arguments = CommonOptions.movingLeadingOptions(words)
        let commands = subcommandNames + ["help"] + alsoKnown
        if let unknown = UnknownCommand.find(in: arguments, commands: commands, program: "navctl") {
            throw unknown
        }
        if arguments.first == GotoCommand.configuration.commandName,
            let negative = zip(arguments.dropFirst(), arguments).first(where: { word, before in
                before != "--back" && word.count > 1 && word.hasPrefix("-") && Int(word) != nil
            })?.0
        {
            // argument-parser reads `-1` as an option; what the user meant is a step back.
            throw NavctlError.usage(
                "a revision is 1 or more, not \(negative) (to go back: navctl goto --back \(negative.dropFirst()))", command: GotoCommand.self)
        }
        return try parseAsRoot(arguments)
    }

    /// The message of a usage error from `parse`, without the usage (a script's line).
    static func parseErrorMessage(_ error: any Error, arguments: [String]) -> String {
        if case .usage(let message, _)? = error as? NavctlError { return message }
        return usageMessage(for: error, arguments: arguments)
    }
}

extension CommonOptions {
    /// The options of `CommonOptions` and whether each takes a value: what may come before the subcommand.
    static let leadingOptions: [String: Bool] = ["--socket": true, "--json": false]

    /// `--socket S --json route x` → `route x --socket S --json`: the common options given
    /// before the subcommand moved after its words (before a `--`, if any), where the
    /// subcommand's own `CommonOptions` reads them. Anything else is left as it is.
    static func movingLeadingOptions(_ words: [String]) -> [String] {
        let end = leadingOptionsEnd(words)
        guard end > 0, end < words.count else { return words }
        var rest = Array(words[end...])
        rest.insert(contentsOf: words[..<end], at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return rest
    }

    /// The common option that takes a value and ends `words` without one (`navctl --socket`).
    static func leadingOptionWithoutValue(_ words: [String]) -> String? {
        let end = leadingOptionsEnd(words)
        guard end < words.count, leadingOptions[words[end]] == true, end + 1 == words.count else { return nil }
        return words[end]
    }

    /// Where the common options that open `words` end (0 when it opens with none).
    static func leadingOptionsEnd(_ words: [String]) -> Int {
        var index = 0
        while index < words.count {
            let word = words[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let takesValue = leadingOptions[name] else { break }
            if takesValue && !word.contains("=") {
                guard index + 1 < words.count else { break }
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }
}
