import Foundation
import NavviewKit
import Testing

/// Compares rendered lines with `Golden/NAME.txt` (trailing spaces trimmed; every line's
/// width is checked apart). `NAVVIEW_UPDATE_GOLDEN=1` rewrites the file and fails the test,
/// so that an update is always looked at before it is committed.
func expectGolden(_ name: String, _ lines: [Line], sourceLocation: SourceLocation = #_sourceLocation) {
    let text = lines.map { String($0.text.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["NAVVIEW_UPDATE_GOLDEN"] == "1" {
        try? text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("rewrote \(url.path); check it and run again without NAVVIEW_UPDATE_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(url.path) (NAVVIEW_UPDATE_GOLDEN=1 writes it)\n\(text)", sourceLocation: sourceLocation)
        return
    }
    #expect(text == golden, "\(name) differs from its golden:\n\(text)", sourceLocation: sourceLocation)
}
