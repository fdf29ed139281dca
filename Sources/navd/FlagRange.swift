import ArgumentParser

/// The values a numeric flag of `navd serve` allows. Every one has a range, so that no value a
/// command line gives reaches arithmetic that traps (`--history 9223372036854775807` did, in
/// the store's ring size) or a limit that means nothing; a value outside it is a usage error
/// (exit 2) that names the range (`validate()`). A value that is no integer, or past Int, is
/// argument-parser's own usage error (exit 2 too): a `transform:` could name the range there
/// as well, but would hide the defaults the help shows.
struct FlagRange: Sendable {
    var flag: String
    var range: ClosedRange<Int>
    /// What the value counts, after the range in the message (`milliseconds`); may be empty.
    var unit: String

    static let maxClients = FlagRange(flag: "--max-clients", range: 1...100_000, unit: "connections")
    static let maxMessageBytes = FlagRange(flag: "--max-message-bytes", range: 1_024...(256 << 20), unit: "bytes")
    static let history = FlagRange(flag: "--history", range: 1...1_000_000, unit: "revisions")
    static let listenerTimeout = FlagRange(flag: "--listener-timeout", range: 1...600_000, unit: "milliseconds")

    /// `--history must be from 1 to 1000000 revisions, not 0`.
    func message(for value: Int) -> String {
        "\(flag) must be from \(range.lowerBound) to \(range.upperBound) \(unit), not \(value)"
    }

    /// A usage error unless `value` is in the range (`validate()`).
    func check(_ value: Int) throws {
        guard range.contains(value) else { throw ValidationError(message(for: value)) }
    }
}
