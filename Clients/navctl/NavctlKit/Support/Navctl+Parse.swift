public import ArgumentParser
internal import NavCommandLine

extension Navctl {
    /// Parses a command line, a shell line or a script line (one grammar for every way in):
    /// the common options may come before the subcommand as well as after it (`navctl --socket
    /// S state`, as `git -C DIR status`), and a first word that names no subcommand is an
    /// `UnknownCommand` with the nearest names (`unknown command 'rout' — did you mean 'route'?`);
    /// `alsoKnown` are words the caller handles itself (the shell's `exit`), suggested too.
    public static func parse(_ words: [String], alsoKnown: [String] = []) throws -> any ParsableCommand {
        let arguments = CommonOptions.movingLeadingOptions(words)
        let commands = subcommandNames + ["help"] + alsoKnown
        if let unknown = UnknownCommand.find(in: arguments, commands: commands, program: "navctl") {
            throw unknown
        }
        return try parseAsRoot(arguments)
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
