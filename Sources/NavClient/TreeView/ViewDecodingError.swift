/// The JSON navd sent (a tree, an event, a change, a result) does not have the shape of
/// docs/tree.md / the OpenRPC document: where (`$.root.tabs[0].screens[1].id`) and what.
public struct ViewDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
