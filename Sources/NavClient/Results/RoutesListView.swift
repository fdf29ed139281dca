public import NavJSON

/// `routes.list`: the app definition navd serves, as JSON for `AppDefinition.decode`. `json`
/// is the result as navd sent it.
public struct RoutesListView: Sendable, Hashable {
    public var definition: JSONValue
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        definition = try JSONFields(json, at: "$").value("definition")
        self.json = json
    }
}
