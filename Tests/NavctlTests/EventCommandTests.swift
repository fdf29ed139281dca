@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// `navctl emit` (payload typed by the event's params, as route's are), `emit` in scripts,
/// and how `navctl listen --exec` turns a command's output into an answer.
@Suite("Routing events: emit and listen")
struct EventCommandTests {
    let navd = InProcessNavd()

    @Test func emitIsHandledByTheDefinition() {
        #expect(navd.run("emit postTapped postId=7") == Outcome(
            status: 0,
            stdout: "handled by definition: r2: willHide s1 feedList, enter s5 post postId=7 (push via zoom), willShow s5 post\n"))
        #expect(navd.run("emit pushReceived chatId=c9") == Outcome(
            status: 0, stdout: "r2: not handled (no listener and no steps in the definition): no change\n"))
        #expect(navd.server.revisions.entry(revision: 2)?.cause.event == "postTapped")
    }

    @Test func emitTypesThePayloadAndReportsNavdsErrors() {
        #expect(navd.run("emit postTapped postId=x") == Outcome(
            status: 2,
            stderr: "navctl: invalid value 'x' for param 'postId' of event postTapped: expected int\n"
                + "Usage: navctl emit <event> [<name=value> ...] [--expect-revision <n>] [--socket <path>] [--json]\n"
                + "  See 'navctl emit --help' for more information.\n"))
        #expect(navd.run("emit postTaped") == Outcome(
            status: 1,
            stderr: "navctl: unknown event 'postTaped' (declared: postTapped, userTapped, messageReceived, loggedOut, pushReceived); did you mean 'postTapped'?\n"))
        #expect(navd.run("emit postTapped") == Outcome(
            status: 1, stderr: "navctl: invalid payload param 'postId' of event postTapped: missing\n"))
    }

    @Test func emitJSONIsTheRawResult() throws {
        let result = try JSONParser.parse(navd.run("emit userTapped userId=3 --json").stdout)
        #expect(result["by"] == "definition" && result["handled"] == true && result["revision"] == 2)
        #expect(result["steps"] == [["method": "nav.route", "params": ["to": "profile", "params": ["userId": 3]]]])
    }

    @Test func scriptsEmitAndExpect() {
        let script = """
            emit userTapped userId=42
            expect top profile userId=42
            emit messageReceived chatId=c9 messageId=4
            expect top message chatId=c9 messageId=4
            expect error unknownEvent
            emit nope
            listen userTapped --exec true
            """
        #expect(navd.run("run s --quiet", files: ["s": script]).stderr == "s:7: listen cannot run in a script\n")
        #expect(navd.run("run s --quiet", files: ["s": String(script.split(separator: "\n").dropLast().joined(separator: "\n"))]) == Outcome(
            status: 0, stdout: "3 passed, 0 failed\n"))
    }

    @Test func aCommandsOutputIsItsAnswer() {
        let params: JSONValue = ["event": "userTapped", "payload": ["userId": 9], "revision": 1,
                                 "top": ["id": "s1", "screen": "feedList", "params": [:]]]
        let route = #"{"steps":[{"method":"nav.route","params":{"to":"profile","params":{"userId":9}}}]}"#
        let handled = ListenCommand.decide("cat >/dev/null; echo '\(route)'", params)
        #expect(handled.steps == [["method": "nav.route", "params": ["to": "profile", "params": ["userId": 9]]]])
        #expect(handled.note == "1 step: nav.route")
        // The params reach the command as one JSON line.
        let echoed = ListenCommand.decide(#"read line; printf '{"steps":[{"method":"nav.url","params":%s}]}' "$line""#, params)
        #expect(echoed.steps[0]["params"] == params)
        #expect(ListenCommand.decide(#"echo '{"steps":[]}'"#, params) == ([], "not mine"))
        #expect(ListenCommand.decide("echo '\(route)'; exit 3", params) == ([], "declined: the command exited with status 3"))
        #expect(ListenCommand.decide("echo hello", params) == ([], #"declined: the command printed 'hello', not {"steps": [...]}"#))
        #expect(ListenCommand.decide("true", params) == ([], #"declined: the command printed nothing, not {"steps": [...]}"#))
        #expect(ListenCommand.decide("kill -9 $$", params) == ([], "declined: the command was killed by a signal"))
    }
}
