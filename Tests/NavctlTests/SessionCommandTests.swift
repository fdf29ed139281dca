@testable import NavctlKit
import NavClient
import NavigationCore
import Testing
import NavJSON

/// `navctl session`, `session set`, `expect pending`, `expect flag` (docs/guards.md), run in
/// process against the real server and engine: exact output and exit status.
@Suite("Commands: session")
struct SessionCommandTests {
    let navd = InProcessNavd()

    @Test func showHoldResumeInText() {
        #expect(navd.run("session") == Outcome(status: 0, stdout: "flags: signedIn=false\npending: none\n"))
        _ = navd.run("tab settings")
        #expect(navd.run("route account") == Outcome(
            status: 0,
            stdout: "r3: willHide s4 settingsHome, flowStarted f6 login, enter s5 loginForm (present), willShow s5 loginForm, "
                + "pendingHeld nav.route: account waits for signedIn\n"))
        #expect(navd.run("session show") == Outcome(
            status: 0,
            stdout: "flags: signedIn=false\npending: nav.route to=account — account waits for signedIn (redirected to login s5, flow f6)\n"))
        #expect(navd.run("expect pending nav.route") == Outcome(status: 0, stdout: "ok: pending nav.route\n"))
        #expect(navd.run("expect pending none") == Outcome(
            status: 1, stderr: "navctl: expected pending none, got pending nav.route (account waits for signedIn)\n"))
        #expect(navd.run("session set signedIn=true") == Outcome(
            status: 0,
            stdout: "r4: willHide s5 loginForm, exit s5 loginForm (dismiss), flowFinished f6 login result=satisfied, "
                + "enter s6 account (push), willShow s6 account\nresumed nav.route\nflags: signedIn=true\npending: none\n"))
        #expect(navd.run("expect flag signedIn=true") == Outcome(status: 0, stdout: "ok: flag signedIn=true\n"))
        #expect(navd.run("expect flag signedIn=false") == Outcome(
            status: 1, stderr: "navctl: expected flag signedIn=false, got flag signedIn=true\n"))
        #expect(navd.run("expect flag admin=true") == Outcome(
            status: 1, stderr: "navctl: expected flag admin=true, got no flag named admin (flags: signedIn)\n"))
        #expect(navd.run("session set signedIn=true") == Outcome(
            status: 0, stdout: "r4: no change\nflags: signedIn=true\npending: none\n"))
    }

    @Test func jsonAndRefusals() throws {
        let shown = navd.run("session --json")
        #expect(shown.status == 0 && shown.stdout == #"{"flags":{"signedIn":false},"pending":null}"# + "\n")
        let set = navd.run("session set signedIn=true --json")
        #expect(set.status == 0)
        let json = try JSONParser.parse(Array(set.stdout.utf8))
        #expect(json["revision"] == 2 && json["flags"] == ["signedIn": true])
        #expect(navd.run("session set sigendIn=true") == Outcome(
            status: 1, stderr: "navctl: invalid params: no guard or requires names the flag 'sigendIn' (known: signedIn); did you mean 'signedIn'?\n"))
        let notBool = navd.run("session set signedIn=yes")
        #expect(notBool.status == 2 && notBool.stderr.hasPrefix("navctl: flag 'signedIn' must be true or false, not 'yes'\n"))
        #expect(navd.run("session set").status == 2)
        #expect(navd.run("expect flag signedIn").status == 2)
    }

    @Test func stateShowsFlagsThatAreSetAndThePendingRequest() {
        _ = navd.run("deeplink social://settings/account")
        let state = navd.run("state")
        #expect(state.stdout.hasPrefix("revision 2, instance 9f2c41d0\npending: nav.deeplink — account waits for signedIn\n"))
    }
}
