/// A flow instance id, written `f<n>`. Generational: never reused while a state lives.
public struct FlowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var number: Int
    public init(_ number: Int) { self.number = number }
    public var description: String { "f\(number)" }
    public static func < (a: FlowID, b: FlowID) -> Bool { a.number < b.number }

    /// Parses `f<n>`; `nil` for anything else.
    public init?(_ text: String) {
        guard let n = parseID(text, prefix: "f") else { return nil }
        self.number = n
    }
}

/// A screen instance id, written `s<n>`. Generational: never reused while a state lives.
public struct ScreenID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var number: Int
    public init(_ number: Int) { self.number = number }
    public var description: String { "s\(number)" }
    public static func < (a: ScreenID, b: ScreenID) -> Bool { a.number < b.number }

    /// Parses `s<n>`; `nil` for anything else.
    public init?(_ text: String) {
        guard let n = parseID(text, prefix: "s") else { return nil }
        self.number = n
    }
}

private func parseID(_ text: String, prefix: Character) -> Int? {
    guard text.first == prefix else { return nil }
    let digits = text.dropFirst()
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.first != "0" || digits.count == 1,
        let n = Int(digits), n >= 0
    else { return nil }
    return n
}

/// Where new instance ids come from. A value type, so that a failed operation consumes no id:
/// its transaction keeps a copy of the source as it began and puts it back on rollback. Injected in tests to make ids
/// predictable.
public protocol IDSource: Sendable {
    mutating func nextFlowID() -> FlowID
    mutating func nextScreenID() -> ScreenID
    /// This source as the counters a store keeps, when it counts up as `SequentialIDs` does;
    /// `nil` for any other (a store then starts past the tree's ids). A requirement, not a cast:
    /// a durable navd reads it at every commit.
    var asSequential: SequentialIDs? { get }
}

extension IDSource {
    public var asSequential: SequentialIDs? { nil }
}

/// The default id source: `f1, f2, …` and `s1, s2, …`, counting up forever. The counters are
/// the state's to persist (stage E), so ids stay unique across restarts.
public struct SequentialIDs: IDSource, Hashable {
    public var nextFlow: Int
    public var nextScreen: Int

    public init(nextFlow: Int = 1, nextScreen: Int = 1) {
        self.nextFlow = nextFlow
        self.nextScreen = nextScreen
    }

    public mutating func nextFlowID() -> FlowID {
        defer { nextFlow += 1 }
        return FlowID(nextFlow)
    }

    public mutating func nextScreenID() -> ScreenID {
        defer { nextScreen += 1 }
        return ScreenID(nextScreen)
    }

    public var asSequential: SequentialIDs? { self }
}
