@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// What a user of git, tmux or ripgrep expects of a command line: the common options before
/// the subcommand as well as after it, "did you mean" for a mistyped command, destination or
/// tab, `--version`, and exit status 2 for every usage error. Exact text throughout.
@Suite("Command line manners")
struct CommandLineMannersTests {
    let navd = InProcessNavd()

    @Test func commonOptionsComeBeforeOrAfterTheSubcommand() throws {
        let after = navd.run("state --socket /run/navctl-test/navd.sock")
        #expect(after.status == 0)
        #expect(navd.run("--socket /run/navctl-test/navd.sock state") == after)
        #expect(navd.run("--socket=/run/navctl-test/navd.sock state") == after)
        let json = navd.run("--json state")
        #expect(json.status == 0 && json.stderr == "")
        #expect(try JSONParser.parse(json.stdout) == navd.server.navigator.stateJSON)
        let routed = navd.run("--json --socket /run/navctl-test/navd.sock route post postId=5")
        #expect(routed.status == 0 && routed.stderr == "")
        #expect(try JSONParser.parse(routed.stdout)["screen"] == "s5")
    }

    @Test func leadingCommonOptionsMoveAfterTheCommandsWords() {
        func moved(_ line: String) -> String {
            CommonOptions.movingLeadingOptions(line.split(separator: " ").map(String.init)).joined(separator: " ")
        }
        #expect(moved("--socket S state") == "state --socket S")
        #expect(moved("--json --socket=S route post postId=5") == "route post postId=5 --json --socket=S")
        #expect(moved("--socket S expect top post") == "expect top post --socket S")
        #expect(moved("--json call nav.route -- {}") == "call nav.route --json -- {}")
        #expect(moved("state --json") == "state --json")
        #expect(moved("--socket") == "--socket")
        #expect(moved("--json") == "--json")
        #expect(moved("--version") == "--version")
        #expect(moved("--transition modal route post") == "--transition modal route post")
    }

    /// `goto -1` was called an unknown option: it is a revision that cannot be, and the message
    /// says how to go back; `goto` alone asks for a revision.
    @Test func aNegativeRevisionSaysHowToGoBack() {
        let negative = navd.run("goto -1")
        #expect(negative.status == 2)
        #expect(negative.stderr.hasPrefix(
            "navctl: a revision is 1 or more, not -1 (to go back: navctl goto --back 1)\nUsage: navctl goto [<revision>] [--back <n>]"))
        #expect(navd.run("goto -- -3").stderr.hasPrefix("navctl: a revision is 1 or more"), "after -- too")
        #expect(navd.run("goto --back -2").stderr.hasPrefix("navctl: a revision is 1 or more") == false)
        let bare = navd.run("goto")
        #expect(bare.status == 2)
        #expect(bare.stderr.hasPrefix("navctl: give a revision (navctl goto 12) or how far back (navctl goto --back 1)\nUsage: navctl goto"))
        #expect(navd.server.navigator.revision == 1)
    }

    /// argument-parser reads `-5` after `--since` as an option of its own: the message says how
    /// to pass it, on the command line and in the shell. A missing value with no negative
    /// number after it gets no such hint.
    @Test func aNegativeValueAfterAnOptionIsShownItsForm() {
        let negative = navd.run("history --since -5")
        #expect(negative.status == 2)
        #expect(negative.stderr.hasPrefix(
            "navctl: missing value for '--since <n>' (a value that starts with '-' reads as an option: write --since=-5)\n"))
        let attached = navd.run("history --since=-5")
        #expect(attached.status == 2)
        #expect(attached.stderr.hasPrefix("navctl: --since must be 0 or more\n"))
        let missing = navd.run("history --since")
        #expect(missing.stderr.hasPrefix("navctl: missing value for '--since <n>'\n"))
        let shell = navd.run("shell", lines: ["history --since -5", "exit"])
        #expect(shell.stderr.contains("missing value for '--since <n>' (a value that starts with '-' reads as an option: write --since=-5)"))
    }

    @Test func aMistypedCommandIsAnsweredWithTheNearestOne() {
        #expect(navd.run("rout profile userId=42") == Outcome(
            status: 2, stderr: "navctl: unknown command 'rout' — did you mean 'route'?\n"))
        #expect(navd.run("--json stat") == Outcome(status: 2, stderr: "navctl: unknown command 'stat' — did you mean 'state'?\n"))
        #expect(navd.run("rou") == Outcome(status: 2, stderr: "navctl: unknown command 'rou' — did you mean 'route' or 'routes'?\n"))
        #expect(navd.run("frobnicate") == Outcome(status: 2, stderr: "navctl: unknown command 'frobnicate' (see 'navctl --help')\n"))
    }

    @Test func theShellAnswersAMistypedCommandTheSameWayAndGoesOn() {
        let outcome = navd.run("shell", lines: ["rout post postId=5", "route post postId=5", "exti", "exit"])
        #expect(outcome == Outcome(
            status: 0,
            stdout: "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post\n",
            stderr: "navctl: unknown command 'rout' — did you mean 'route'?\n"
                + "navctl: unknown command 'exti' — did you mean 'exit'?\n"))
    }

    @Test func aMistypedDestinationOrTabIsAnsweredWithTheNearestNames() {
        #expect(navd.run("route prfile userId=42") == Outcome(
            status: 1, stderr: "navctl: unknown destination 'prfile': no screen or flow has that name; did you mean 'profile'?\n"))
        #expect(navd.run("tab chatz") == Outcome(
            status: 1,
            stderr: "navctl: invalid params: 'chatz' is not a tab of main (tabs: feed, friends, chats, settings); "
                + "did you mean 'chats'?\n"))
    }

    @Test func versionAndUsageStatus() {
        #expect(navd.run("--version") == Outcome(status: 0, stdout: "navctl 0.1.0\n"))
        let unknown = navd.run("state --bogus")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("navctl: unknown option '--bogus'\n"))
    }
}
