@testable import NavviewKit
import Testing

/// At 60 columns navview cut every line of its `?` help and every `:` error with `…`, so the
/// one thing a person asked to read could not be read. Help and errors wrap; the tree and
/// the events stay one row each, cut at the edge.
@Suite("navview wraps help and errors")
struct WrappingTests {
    @Test func aLineWrapsAtSpacesAndKeepsItsStyles() {
        var line = Line("— ", .dim)
        line.append("nav.route: route not allowed: post cannot open chat", .bold)
        let rows = line.wrapped(to: 20, indent: 2)
        #expect(rows.map(\.text) == ["— nav.route: route", "  not allowed: post", "  cannot open chat"])
        #expect(rows.allSatisfy { $0.width <= 20 })
        #expect(rows[1].spans == [Span(start: 2, count: 17, style: .bold)], "the indent is plain, the words keep their style")
        // A word wider than a row is broken where the row ends; a short line is one row.
        #expect(Line("abcdefghij").wrapped(to: 4, indent: 1).map(\.text) == ["abcd", " efg", " hij"])
        #expect(Line("fits").wrapped(to: 10, indent: 2).map(\.text) == ["fits"])
    }

    @Test func theHelpWrapsUnderItsDescriptions() throws {
        let rows = Help.lines(columns: 60)
        #expect(rows.allSatisfy { $0.width <= 60 }, "\(rows.map(\.text))")
        #expect(!rows.contains { $0.text.contains("…") })
        let text = rows.map(\.text)
        let tab = try #require(text.firstIndex(where: { $0.hasPrefix("  t ") }))
        #expect(text[tab] == "  t           select the next tab of the nearest tabs flow")
        #expect(text[tab + 1] == "              (nav.selectTab)")
        // Wide, nothing wraps: one row per key.
        #expect(Help.lines(columns: 200).count == Help.lines().count)
    }

    @Test func anErrorInTheEventPaneWrapsAndATreeLineIsCut() {
        let error = EventLine.warning("nav.route: route not allowed: post cannot open chat (allowed: profile, post) (routeNotAllowed)")
        #expect(error.rows(columns: 60).map(\.text) == [
            "— nav.route: route not allowed: post cannot open chat",
            "  (allowed: profile, post) (routeNotAllowed)",
        ])
        let note = EventLine.note("subscribed at revision 1 (instance 9f2c41d0) on a long socket path")
        #expect(note.rows(columns: 40).map(\.text) == ["— subscribed at revision 1 (instance 9f…"])
    }

    @Test func theScreenAt60ColumnsShowsTheWholeError() throws {
        var session = ViewerSession(socket: "/tmp/navd-1000/navd.sock")
        session.model = try Scenario().model
        session.model.warn("nav.route: route not allowed: feedList cannot open chat (allowed: post, profile, compose) (routeNotAllowed)")
        let screen = session.screen(size: Size(rows: 24, columns: 60)).map(\.text)
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 60 })
        let pane = screen.joined(separator: "\n")
        #expect(pane.contains("— nav.route: route not allowed: feedList cannot open chat\n  (allowed: post, profile, compose) (routeNotAllowed)"))
    }
}
