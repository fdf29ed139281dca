/// The JSON of a tree, event or change does not have the shape of docs/tree.md / the OpenRPC
/// document: where (`$.root.tabs[0].screens[1].id`) and what.
public struct TreeDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
