public import Hummingbird
public import NavJSON

/// The responses navweb's routes make: text, JSON, a resource of the page.
public enum WebResponse {
    public static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    public static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        text(JSONWriter.string(value), status: status, contentType: "application/json")
    }

    public static func json(string: String, status: HTTPResponse.Status = .ok) -> Response {
        text(string, status: status, contentType: "application/json")
    }

    /// `{"error": message}` with `status`, and navd's error (code, message, reason) when there is one.
    public static func error(_ message: String, status: HTTPResponse.Status, navd: JSONValue = .null) -> Response {
        json(["error": .string(message), "navd": navd], status: status)
    }
}
