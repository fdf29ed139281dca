internal import Synchronization

/// One accepted connection. Ids come from one process-wide counter, so an id is never reused in
/// a process, not even by another transport: a stale id can only name nothing.
public struct ConnectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let raw: UInt64

    public init(raw: UInt64) {
        self.raw = raw
    }

    public var description: String { "c\(raw)" }

    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.raw < rhs.raw }

    static func next() -> ConnectionID {
        ConnectionID(raw: connectionCounter.add(1, ordering: .relaxed).newValue)
    }
}

/// A timer made by `UVTransport.addTimer`; ids are never reused in a process either.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    public let raw: UInt64

    public var description: String { "t\(raw)" }

    static func next() -> TimerID {
        TimerID(raw: timerCounter.add(1, ordering: .relaxed).newValue)
    }
}

private let connectionCounter = Atomic<UInt64>(0)
private let timerCounter = Atomic<UInt64>(0)
