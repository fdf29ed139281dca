@testable import NavctlKit
import NavigationCore
import Testing

/// `navctl run`: parsing every line first, running commands and expectations, stopping at
/// the first failure with FILE:LINE, or going on with --keep-going; the summary line.
@Suite("Scripts: parse, run, expect, report")
struct ScriptTests {
    let navd = InProcessNavd()

    @Test func aTourPasses() {
        let script = """
            # a friends → profile → chat tour
            tab friends
            expect tab friends
            route profile userId=42 --transition modalWithNavigation   # a modal with its own stack
            expect top profile userId=42 section=posts
            route chat chatId=c42
            expect stack profile > chat chatId=c42
            expect error routeNotAllowed
            route compose
            close
            expect top profile
            expect revision 5
            """
        #expect(navd.run("run tour.navctl --quiet", files: ["tour.navctl": script]) == Outcome(status: 0, stdout: "6 passed, 0 failed\n"))
    }

    @Test func commandsPrintTheirOutputUnlessQuiet() {
        #expect(navd.run("run s", files: ["s": "route post postId=5\nexpect top post\nurl\n"]) == Outcome(
            status: 0,
            stdout: "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post\nsocial://posts/5\n1 passed, 0 failed\n"))
    }

    @Test func stopsAtTheFirstFailure() {
        let script = """
            route post postId=5
            expect top post postId=6
            expect top feedList
            """
        #expect(navd.run("run check.navctl -q", files: ["check.navctl": script]) == Outcome(
            status: 1, stdout: "0 passed, 1 failed\n",
            stderr: "check.navctl:2: expected top post postId=6, got post postId=5\n"))
    }

    @Test func keepGoingReportsEveryFailure() {
        let script = """
            route post postId=5
            expect top post postId=6
            expect stack feedList > post
            expect tab chats
            route chat chatId=c1
            expect error nothingToClose
            route post postId=7
            expect error routeNotAllowed
            close
            expect revision 3
            expect top post postId=5
            """
        #expect(navd.run("run s --keep-going --quiet", files: ["s": script]) == Outcome(
            status: 1, stdout: "2 passed, 6 failed\n",
            stderr: """
                s:2: expected top post postId=6, got post postId=5
                s:4: expected tab chats, got feed
                s:5: expected success, got error routeNotAllowed: route not allowed: post cannot open chat (allowed: profile, post)
                s:7: expected error nothingToClose, got success
                s:9: expected error routeNotAllowed, got success
                s:10: expected revision 3, got revision 4

                """))
    }

    @Test func expectErrorNeedsACommandAfterIt() {
        #expect(navd.run("run s -q", files: ["s": "expect error conflict\n"]) == Outcome(
            status: 1, stdout: "0 passed, 1 failed\n", stderr: "s:1: expect error conflict must be followed by a command\n"))
        #expect(navd.run("run s -q", files: ["s": "expect error conflict\nexpect top feedList\n"]) == Outcome(
            status: 1, stdout: "0 passed, 1 failed\n",
            stderr: "s:1: expect error conflict must be followed by a command, not an expectation\n"))
    }

    @Test func everyLineIsParsedBeforeAnythingRuns() {
        let script = """
            route post postId=5
            route
            expect stack
            frobnicate
            watch --count 1
            route compose "draft=unterminated
            expect
            state --socket /elsewhere.sock
            """
        #expect(navd.run("run bad.navctl", files: ["bad.navctl": script]) == Outcome(
            status: 2,
            stderr: """
                bad.navctl:2: missing expected argument '<destination>'
                bad.navctl:3: expect stack needs the screens, bottom first: A > B > C
                bad.navctl:4: unknown command 'frobnicate' (see 'navctl --help')
                bad.navctl:5: watch cannot run in a script
                bad.navctl:6: unterminated double quote
                bad.navctl:7: 'expect' is not a command (expect needs top, stack, tab, error or revision)
                bad.navctl:8: --socket cannot change inside a script (give it to navctl run)

                """))
        #expect(navd.server.navigator.revision == 1)
    }

    @Test func typedValuesAndUnknownNamesFailTheirLine() {
        #expect(navd.run("run s -q --keep-going", files: ["s": "expect top feedList userId=x\nexpect top nowhere\nexpect stack nowhere feedList\nroute post postId=x\n"]) == Outcome(
            status: 1, stdout: "0 passed, 4 failed\n",
            stderr: """
                s:1: feedList takes no params (got 'userId')
                s:2: no screen named 'nowhere'
                s:3: no flow named 'nowhere'
                s:4: expected success, got invalid value 'x' for param 'postId' of post: expected int

                """))
    }

    @Test func aMissingDaemonEndsTheRunWithExitThree() {
        let outcome = navd.run("run s --socket /tmp/none/navd.sock", files: ["s": "expect top feedList\n"])
        #expect(outcome.status == 3)
        #expect(outcome.stdout == "0 passed, 0 failed\n")
        #expect(outcome.stderr.hasPrefix("navctl: no navd at /tmp/none/navd.sock (No such file or directory)"))
    }

    @Test func oneShotExpectations() {
        #expect(navd.run("expect top feedList") == Outcome(status: 0, stdout: "ok: top feedList\n"))
        #expect(navd.run("expect tab chats") == Outcome(status: 1, stderr: "navctl: expected tab chats, got feed\n"))
        #expect(navd.run("expect error conflict") == Outcome(status: 2, stderr: """
            navctl: expect error applies to the next command: use it in a script (navctl run) or the shell
            Usage: navctl expect error <reason> [--socket <path>] [--json]
              See 'navctl expect error --help' for more information.

            """))
    }

    @Test func stepperOutcomes() throws {
        let session = NavctlSession(environment: navd.environment(), mode: .script, socket: nil, clientName: "t")
        let stepper = CommandStepper(session: session)
        func step(_ line: String, _ number: Int) throws -> CommandStepper.Outcome {
            guard case .command(let command) = Script.parseCommand(line.split(separator: " ").map(String.init), socket: nil) else {
                Issue.record("\(line) does not parse")
                return .ran
            }
            return try stepper.step(command, line: number)
        }
        #expect(try step("expect error routeNotAllowed", 1) == .ran)
        #expect(try step("route chat chatId=1", 2) == .passed("error routeNotAllowed"))
        #expect(try step("route post postId=1", 3) == .ran)
        #expect(try step("expect top post", 4) == .passed("top post"))
        #expect(try step("expect error conflict", 5) == .ran)
        #expect(try step("expect error conflict", 6) == .failed(line: 5, message: "expect error conflict must be followed by a command"))
        #expect(stepper.finish() == .failed(line: 6, message: "expect error conflict must be followed by a command"))
        #expect(stepper.finish() == .ran)
    }
}
