/// Where a byte offset of a text is for a person: line and column (1-based; the column counts
/// Unicode scalars, as editors do) and the line itself, to show with a caret under the column
/// as rustc and jq do:
///
///     my-app.json:3:17: invalid JSON: expected ',' or '}' in an object
///       "screens": { "a" "b": {} }
///                        ^
public struct DiagnosticLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    /// The line, without its line break.
    public var lineText: String

    /// The longest part of a line shown: a minified definition is one line of megabytes.
    static let window = 100

    public init(offset: Int, in text: String) {
        let bytes = Array(text.utf8)
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let before = String(decoding: bytes[lineStart..<min(offset, lineEnd)], as: UTF8.self)
        self.line = line
        self.column = before.unicodeScalars.count + 1
        self.lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    }

    /// The line (or the window of it around the column) and a caret under the column. Tabs
    /// before the column are kept in the caret line so that it lines up.
    public var snippet: String {
        var scalars = Array(lineText.unicodeScalars)
        var caretAt = column - 1
        var prefix = "", suffix = ""
        if scalars.count > Self.window {
            let start = max(0, min(caretAt - Self.window / 2, scalars.count - Self.window))
            let end = min(scalars.count, start + Self.window)
            if start > 0 { prefix = "…" }
            if end < scalars.count { suffix = "…" }
            scalars = Array(scalars[start..<end])
            caretAt = caretAt - start + (prefix.isEmpty ? 0 : 1)
        }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars)
        let text = prefix + String(shown) + suffix
        let lead = Array((prefix + String(shown)).unicodeScalars.prefix(caretAt)).map { $0 == "\t" ? "\t" : " " }.joined()
        return text + "\n" + lead + "^"
    }
}
