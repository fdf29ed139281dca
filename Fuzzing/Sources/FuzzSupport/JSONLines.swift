import NavigationCore
import NavJSON

/// The lines of what navd wrote, each of which must be one complete JSON value: navd's output is
/// NDJSON, so every write ends with a newline and no line is anything but JSON.
public enum JSONLines {
    /// Deep enough for anything navd echoes (a `flow.finish` result nested to the request limit
    /// inside an event inside a notification).
    public static let maxDepth = 1024

    public static func parse(_ bytes: [UInt8], what: String) -> [JSONValue] {
        guard !bytes.isEmpty else { return [] }
        expect(bytes.last == UInt8(ascii: "\n"), "\(what) ends with a newline", preview(bytes))
        var values: [JSONValue] = []
        for line in lines(bytes.dropLast()) {
            do {
                values.append(try JSONParser.parse(Array(line), maxDepth: maxDepth))
            } catch {
                broken("every line of \(what) is valid JSON", "\(error): \(preview(Array(line)))")
            }
        }
        return values
    }

    /// `bytes` cut at each newline (the last line needs none); empty lines included.
    public static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            result.append(bytes[start..<newline])
            start = newline + 1
        }
        result.append(bytes[start...])
        return result
    }

    /// The first 2,000 bytes of a line, for a failure message.
    public static func preview(_ bytes: [UInt8]) -> String {
        let shown = String(decoding: bytes.prefix(2000), as: UTF8.self)
        return bytes.count > 2000 ? shown + "… (\(bytes.count) bytes)" : shown
    }
}
