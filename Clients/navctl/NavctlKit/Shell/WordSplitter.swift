/// Splits a shell or script line into words the way a POSIX shell would, without
/// expansions: blanks separate words; '…' keeps everything literally; "…" keeps everything
/// but lets \" and \\ through; a backslash outside quotes keeps the next character; an
/// unquoted `#` at the start of a word comments out the rest of the line.
public enum WordSplitter {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The words of a complete line.
    public static func split(_ line: String) -> Result<[String], Failure> {
        let scan = scan(line)
        if let quote = scan.openQuote { return .failure(Failure(message: "unterminated \(quote) quote")) }
        return .success(scan.words + (scan.current.map { [$0] } ?? []))
    }

    /// A line being typed (for completion): the finished words, and the word under the
    /// cursor ("" after a blank). An open quote is taken as running to the end.
    public static func partial(_ line: String) -> (words: [String], current: String) {
        let scan = scan(line)
        return (scan.words, scan.current ?? "")
    }

    private struct Scan {
        var words: [String] = []
        /// The word still open at the end of the line (nil after a blank).
        var current: String?
        var openQuote: String?
    }

    private static func scan(_ line: String) -> Scan {
        var result = Scan()
        var word: String?
        var iterator = Array(line).makeIterator()
        func finish() {
            if let finished = word { result.words.append(finished) }
            word = nil
        }
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n", "\r":
                finish()
            case "#" where word == nil:
                result.current = nil
                return result
            case "\\":
                word = (word ?? "") + (iterator.next().map(String.init) ?? "")
            case "'":
                word = word ?? ""
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    word! += String(next)
                }
                if !closed { result.openQuote = "single" }
            case "\"":
                word = word ?? ""
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        word! += escaped == "\"" || escaped == "\\" ? String(escaped) : "\\" + String(escaped)
                        continue
                    }
                    word! += String(next)
                }
                if !closed { result.openQuote = "double" }
            default:
                word = (word ?? "") + String(character)
            }
        }
        result.current = word
        return result
    }
}
