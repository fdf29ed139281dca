import NavigationCore

/// A client connection as the server knows it: an opaque number the transport chose
/// (`ClientID`, not `ConnectionID`, so it never clashes with the transport's own type).
public struct ClientID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var raw: UInt64
    public init(_ raw: UInt64) { self.raw = raw }
    public var description: String { "c\(raw)" }
    public static func < (a: ClientID, b: ClientID) -> Bool { a.raw < b.raw }
}

/// Encoded bytes (one or more complete lines). A notification is encoded once and the same
/// `Payload` is handed to every subscriber that is up to date.
public final class Payload: Sendable {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// What the server asks the transport to do, in order.
public enum ServerOutput: Sendable {
    case send(ClientID, Payload)
    /// Close after what was sent before is written.
    case close(ClientID, reason: String)
}
