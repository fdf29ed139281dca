import NavJSON
@testable import NavctlKit
import Testing

/// `navctl graph`: the running navd's definition, and `--live` marks of its state.
@Suite("navctl graph")
struct GraphCommandTests {
    let navd = InProcessNavd()

    @Test func printsTheServedDefinitionAsNavdGraphDoes() {
        let outcome = navd.run("graph --format mermaid")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("flowchart LR\n  subgraph n0 [\"main (tabs) · root\"]\n"))
        #expect(navd.run("graph --format json --svg x.svg") == Outcome(
            status: 2,
            stderr: "navctl: --format and --json print the graph; --svg and --png draw it instead\nUsage: navctl graph [--format <format>] [--live] [--coverage <file>] [--svg <file>] [--png <file>] [--socket <path>] [--json]\n  See 'navctl graph --help' for more information.\n"))
    }

    @Test func liveMarksTheVisiblePathStacksTabsAndThePendingRequest() throws {
        #expect(navd.run("route post postId=5").status == 0)
        #expect(navd.run("tab settings").status == 0)
        #expect(navd.run("route account").status == 0)  // held: login opens, account waits
        let outcome = navd.run("graph --live --json")
        #expect(outcome.status == 0)
        let marks = try JSONParser.parse(outcome.stdout)["marks"]
        #expect(marks == [
            "nodes": [
                "settings": ["selected"],
                "feedList": ["stacked"], "post": ["stacked"], "friendsList": ["stacked"], "chatList": ["stacked"],
                "settingsHome": ["visible"],
                "account": ["pending"],
                "loginForm": ["visible", "top"],
            ],
            "edges": [:],
        ])
    }
}
