public import NavJSON

/// `nav.url`: the canonical URL of a screen, nil when it has none (no path, or params that do
/// not fill one). `json` is the result as navd sent it.
public struct URLResultView: Sendable, Hashable {
    public var url: String?
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        url = try JSONFields(json, at: "$").optionalString("url")
        self.json = json
    }
}
