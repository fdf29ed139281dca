public import NavJSON
public import NavProtocol

/// A message navd sent on its own, as it came: its method name and params.
public struct ServerNotification: Sendable, Hashable {
    public var method: String
    public var params: JSONValue

    public init(method: String, params: JSONValue) {
        self.method = method
        self.params = params
    }

    /// The documented notification of that name; nil for one this client does not know.
    public var kind: RPCNotification? { RPCNotification(rawValue: method) }
}
