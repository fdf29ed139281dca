internal import NavSpelling

/// A first word that names no subcommand, with the nearest ones, as git answers `git stauts`:
/// `unknown command 'rout' — did you mean 'route'?`.
public struct UnknownCommand: Error, Sendable, Hashable, CustomStringConvertible {
    public var program: String
    public var word: String
    public var suggestions: [String]

    /// The line after `PROGRAM: `.
    public var description: String {
        guard let question = NearestNames.question(suggestions) else {
            return "unknown command '\(word)' (see '\(program) --help')"
        }
        return "unknown command '\(word)' — \(question)"
    }

    /// The unknown command of `arguments` (a program's arguments, or a shell line's words), if
    /// their first word is not an option and names none of `commands` (or, after `help`, their
    /// second word). `allowsOthers` leaves a
    /// word alone that is near no command (a program whose default subcommand takes
    /// arguments would read it).
    public static func find(
        in arguments: [String], commands: [String], program: String, allowsOthers: Bool = false
    ) -> UnknownCommand? {
        if arguments.first == "help", arguments.count > 1 {
            // `help chek`: argument-parser would print the general help and exit 0.
            let word = arguments[1]
            guard !word.hasPrefix("-"), !commands.contains(word) else { return nil }
            return UnknownCommand(program: program, word: word, suggestions: NearestNames.nearest(to: word, among: commands.filter { $0 != "help" }))
        }
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word) else { return nil }
        let suggestions = NearestNames.nearest(to: word, among: commands)
        if allowsOthers && suggestions.isEmpty { return nil }
        return UnknownCommand(program: program, word: word, suggestions: suggestions)
    }
}
