public import NavigationCore
public import NavJSON

/// One response object, for `RPCEncoder.batch`.
public enum RPCResponse: Sendable, Hashable {
    case success(id: JSONValue, result: JSONValue)
    /// A result already encoded as compact JSON, spliced in as it is.
    case successRaw(id: JSONValue, result: [UInt8])
    case failure(id: JSONValue, error: NavError)
}
