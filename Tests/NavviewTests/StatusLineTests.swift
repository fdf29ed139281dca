import NavviewKit
import Testing

/// The status line: connection, app, revision, clients, instance, socket; the prompt.
@Suite("Status line")
struct StatusLineTests {
    static let full = Status(
        socket: "/run/user/1000/navd/navd.sock", connection: .connected, app: "social", revision: 7,
        instance: "9f2c41d0", clients: 3)

    @Test func connectedWide() {
        let line = Self.full.line(columns: 120)
        let text = " ● connected · social · revision 7 · 3 clients · instance 9f2c41d0 · /run/user/1000/navd/navd.sock · ? help"
        #expect(line.text == text + String(repeating: " ", count: 120 - text.count))
        #expect(line.width == 120)
        #expect(line.spans.allSatisfy { $0.style.reverse })
        #expect(line.spans[1] == Span(start: 1, count: 11, style: Style(bold: true, reverse: true, colour: .green)))
    }

    @Test func narrowCutsTheLeastImportantEnd() {
        #expect(Self.full.line(columns: 40).text == " ● connected · social · revision 7 · 3 …")
        var one = Self.full
        one.clients = 1
        #expect(one.line(columns: 60).text == " ● connected · social · revision 7 · 1 client · instance 9f…")
    }

    @Test func disconnectedSaysItRetries() {
        var status = Self.full
        status.connection = .retrying(attempt: 1)
        #expect(status.line(columns: 80).text
            == " ○ disconnected — retrying · social · revision 7 · instance 9f2c41d0 · /run/use…")
        status.connection = .retrying(attempt: 4)
        #expect(status.line(columns: 40).text == " ○ disconnected — retrying (attempt 4) …")
        #expect(Status(socket: "/s").line(columns: 40).text.hasPrefix(" ○ connecting · /s · ? help"))
    }

    @Test func thePromptTakesTheLineAndShowsItsEnd() {
        var status = Self.full
        status.prompt = "nav.close"
        #expect(status.line(columns: 30).text == ":nav.close" + String(repeating: " ", count: 20))
        #expect(status.promptCursor(columns: 30) == 10)
        status.prompt = #"nav.route {"to":"post","params":{"postId":5}}"#
        let line = status.line(columns: 30)
        #expect(line.text == #":…ost","params":{"postId":5}}"# + " ")
        #expect(line.width == 30)
        #expect(status.promptCursor(columns: 30) == 29)
        #expect(Self.full.promptCursor(columns: 30) == nil)
    }
}
