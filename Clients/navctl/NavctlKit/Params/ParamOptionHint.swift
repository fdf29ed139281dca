internal import ArgumentParser

/// `--param name=value`, as other tools write params: navctl's are bare `name=value` words after
/// the destination. Hidden, and refused with the command line that says it navctl's way, where
/// argument-parser alone would suggest the nearest real option (`--from`).
struct ParamOptionHint: ParsableArguments {
    @Option(name: [.customLong("param"), .customLong("params")], help: .hidden)
    var words: [String] = []

    /// Throws when `--param` was used: `command` is the words before the params (`["route",
    /// "post"]`), `params` the `name=value` words given without it.
    func check(command: [String], params: [String]) throws {
        guard !words.isEmpty else { return }
        let line = (["navctl"] + command + params + words).joined(separator: " ")
        throw ValidationError("params are name=value words after the name, without --param: \(line)")
    }
}
