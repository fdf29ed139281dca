@testable import NavctlKit
import NavigationCore
import Testing

/// `navctl shell` with lines given up front: the same grammar as one-shot commands, a
/// prompt with the revision and the top, errors printed without leaving, `exit`.
@Suite("Shell: lines, prompts, errors")
struct ShellTests {
    let navd = InProcessNavd()

    @Test func linesRunOnOneConnectionWithPrompts() {
        let outcome = navd.run("shell", lines: [
            "route post postId=5",
            "",
            "route chat chatId=c1",
            "expect error routeNotAllowed",
            "route chat chatId=c1",
            "expect top post postId=6",
            "route 'profile' \"userId=42\"",
            "exit",
            "state",
        ])
        #expect(outcome == Outcome(
            status: 0,
            stdout: """
                r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post
                ok: error routeNotAllowed
                r3: willHide s5 post, flowStarted f6, enter s6 profile userId=42 section=posts (present), willShow s6 profile

                """,
            stderr: """
                navctl: route not allowed: post cannot open chat (allowed: profile, post)
                navctl: expected top post postId=6, got post postId=5

                """))
        #expect(navd.reader.prompts == [
            "social r1 feedList> ", "social r2 post> ", "social r2 post> ", "social r2 post> ", "social r2 post> ",
            "social r2 post> ", "social r2 post> ", "social r3 profile> ",
        ])
        #expect(navd.reader.remembered == [
            "route post postId=5", "route chat chatId=c1", "expect error routeNotAllowed", "route chat chatId=c1",
            "expect top post postId=6", "route 'profile' \"userId=42\"", "exit",
        ])
        let clients = navd.server.clientIDs
        #expect(clients.isEmpty)
    }

    @Test func usageErrorsHelpAndRefusals() {
        let outcome = navd.run("shell", lines: [
            "route post postId=x",
            "frobnicate",
            "tab --help",
            "shell",
            "route \"post",
            "state --socket /elsewhere.sock",
            "watch",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: Selects a tab by its flow name or its 0-based index.\n"))
        #expect(outcome.stderr == """
            navctl: invalid value 'x' for param 'postId' of post: expected int
            Usage: navctl route <destination> [<name=value> ...] [--transition <name>] [--from <id>] [--single-top] [--pop-to <id|name>] [--inclusive] [--expect-revision <n>] [--socket <path>] [--json]
              See 'navctl route --help' for more information.
            navctl: unknown command 'frobnicate' (see 'navctl --help')
            navctl: already in the shell
            navctl: unterminated double quote
            navctl: --socket cannot change inside the shell (give it to navctl shell)
            navctl: in the shell, watch needs --count (Ctrl-C would end the shell)
            Usage: navctl watch [--count <n>] [--tree] [--reconnect] [--socket <path>] [--json]
              See 'navctl watch --help' for more information.

            """)
    }

    /// Without `exit`, the end of input (Ctrl-D) leaves, after a newline.
    @Test func jsonForEveryLine() {
        let outcome = navd.run("shell --json", lines: ["url", "expect revision 1"])
        #expect(outcome == Outcome(status: 0, stdout: "{\"url\":\"social://feed\"}\nok: revision 1\n\n"))
    }

    @Test func theShellNeedsNavdToStart() {
        let outcome = navd.run("shell --socket /tmp/none/navd.sock", lines: ["state"])
        #expect(outcome.status == 3)
        #expect(navd.reader.prompts == [])
    }

    @Test func aScriptRunFromTheShellUsesTheShellsSocket() {
        let outcome = navd.run(["shell", "--socket", "/run/navctl-test/other.sock"], files: ["s": "expect top feedList\n"], lines: ["run s"])
        #expect(outcome == Outcome(status: 0, stdout: "1 passed, 0 failed\n\n"))
        #expect(navd.connectedPaths == ["/run/navctl-test/other.sock", "/run/navctl-test/other.sock"])
    }

    @Test func promptText() {
        #expect(Prompt.text(app: "social", state: nil) == "social (no navd)> ")
        #expect(Prompt.text(app: nil, state: nil) == "navctl (no navd)> ")
    }
}
