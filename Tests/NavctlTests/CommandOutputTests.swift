@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// Every navigation command run in process against the real server and engine: its exact
/// stdout, stderr and exit status, in text and with --json.
@Suite("Commands: output and exit status")
struct CommandOutputTests {
    let navd = InProcessNavd()

    @Test func routeAndClose() {
        #expect(navd.run("route post postId=5") == Outcome(
            status: 0, stdout: "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post\n"))
        #expect(navd.run("route profile userId=42 --transition modal") == Outcome(
            status: 0,
            stdout: "r3: willHide s5 post, flowStarted f6, enter s6 profile userId=42 section=posts (present), willShow s6 profile\n"))
        #expect(navd.run("close") == Outcome(
            status: 0,
            stdout: "r4: willHide s6 profile, exit s6 profile userId=42 section=posts (dismiss), flowFinished f6, willShow s5 post\n"))
        #expect(navd.run("close s5 --expect-revision 4") == Outcome(
            status: 0, stdout: "r5: willHide s5 post, exit s5 post postId=5 (pop via zoom), willShow s1 feedList\n"))
    }

    @Test func routeOptionsReachNavd() {
        _ = navd.run("route post postId=5")
        _ = navd.run("route post postId=6")
        #expect(navd.run("route post postId=6 --single-top") == Outcome(status: 0, stdout: "r3: no change\n"))
        #expect(navd.run("route profile userId=1 --pop-to post --inclusive --from s6") == Outcome(
            status: 0,
            stdout: "r4: willHide s6 post, exit s6 post postId=6 (pop via zoom), flowStarted f6, "
                + "enter s7 profile userId=1 section=posts (present), willShow s7 profile\n"))
        #expect(navd.run("route chat chatId=c1 --expect-revision 3") == Outcome(
            status: 1, stderr: "navctl: conflict: revision is 4, expected 3\n"))
    }

    @Test func jsonIsTheRawResult() throws {
        let outcome = navd.run("route post postId=5 --json")
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
        let result = try JSONParser.parse(outcome.stdout)
        #expect(result["screen"] == "s5")
        #expect(result["revision"] == 2)
        #expect(result["via"] == ["kind": "push", "name": "zoom", "animator": "zoom"])
        #expect(outcome.stdout.filter { $0 == "\n" }.count == 1)
        #expect(try JSONParser.parse(navd.run("state --json").stdout) == navd.server.navigator.stateJSON)
        #expect(navd.run("url --json").stdout == #"{"url":"social://posts/5"}"# + "\n")
    }

    @Test func daemonErrorsExitOneWithNavdsMessage() {
        #expect(navd.run("route chat chatId=c1") == Outcome(
            status: 1, stderr: "navctl: route not allowed: feedList cannot open chat (allowed: post, profile, compose)\n"))
        #expect(navd.run("route nowhere") == Outcome(
            status: 1, stderr: "navctl: unknown destination 'nowhere': no screen or flow has that name\n"))
        #expect(navd.run("close") == Outcome(
            status: 1, stderr: "navctl: screen s1 is a root: it was not opened by a transition\n"))
        #expect(navd.run("dismiss-all") == Outcome(status: 1, stderr: "navctl: nothing is presented\n"))
        #expect(navd.run("finish f2") == Outcome(status: 1, stderr: "navctl: flow f2 is a tab of the root flow f1: tabs and the root flow cannot finish\n"))
        #expect(navd.run("pop-to s99") == Outcome(status: 1, stderr: "navctl: no screen or flow instance 's99'\n"))
        #expect(navd.run("call nav.nope") == Outcome(status: 1, stderr: "navctl: method not found: 'nav.nope'\n"))
    }

    @Test func aBadParamValueIsAUsageError() {
        let usage = """
            Usage: navctl route <destination> [<name=value> ...] [--transition <name>] [--from <id>] [--single-top] [--pop-to <id|name>] [--inclusive] [--expect-revision <n>] [--socket <path>] [--json]
              See 'navctl route --help' for more information.

            """
        #expect(navd.run("route profile userId=abc") == Outcome(
            status: 2, stderr: "navctl: invalid value 'abc' for param 'userId' of profile: expected int\n" + usage))
        #expect(navd.run("route profile user=1") == Outcome(
            status: 2, stderr: "navctl: profile has no param 'user' (params: userId, section)\n" + usage))
        #expect(navd.run("route profile userId") == Outcome(
            status: 2, stderr: "navctl: expected name=value, got 'userId'\n" + usage))
        #expect(navd.run("route post --inclusive") == Outcome(status: 2, stderr: "navctl: --inclusive needs --pop-to\n" + usage))
        // `--param`, as other tools write params, is answered with the line navctl reads.
        #expect(navd.run("route profile --param userId=3 section=posts") == Outcome(
            status: 2,
            stderr: "navctl: params are name=value words after the name, without --param: navctl route profile section=posts userId=3\n" + usage))
        #expect(navd.run("emit postTapped --params postId=7").stderr.hasPrefix(
            "navctl: params are name=value words after the name, without --param: navctl emit postTapped postId=7\n"))
        #expect(navd.server.navigator.revision == 1)
    }

    @Test func argumentParserUsageErrorsExitTwo() {
        #expect(navd.run("bogus") == Outcome(status: 2, stderr: "navctl: unknown command 'bogus' (see 'navctl --help')\n"))
        #expect(navd.run("url --frobnicate") == Outcome(status: 2, stderr: """
            navctl: unknown option '--frobnicate'
            Usage: navctl url [<id>] [--socket <path>] [--json]
              See 'navctl url --help' for more information.

            """))
        #expect(navd.run(["call", "nav.state", "{nope"]).stderr.hasPrefix("navctl: the params is not JSON: "))
        #expect(navd.run(["call", "nav.state", "[1]"]).stderr.hasPrefix("navctl: the params must be a JSON object\n"))
        #expect(navd.run(["finish", "f6", "--result", "{"]).status == 2)
        #expect(navd.run("watch --count 0").stderr.hasPrefix("navctl: --count must be at least 1\n"))
    }

    @Test func noDaemonExitsThreeWithAHint() {
        #expect(navd.run("state --socket /tmp/nowhere/navd.sock") == Outcome(
            status: 3,
            stderr: "navctl: no navd at /tmp/nowhere/navd.sock (No such file or directory); start it with "
                + "`navd --socket /tmp/nowhere/navd.sock` (or `make run`), or point --socket or NAVD_SOCKET at a running one\n"))
    }

    @Test func tabsPopsAndFinish() {
        #expect(navd.run("tab chats") == Outcome(status: 0, stdout: "r2: willHide s1 feedList, tabSelected f1 chats, willShow s3 chatList\n"))
        #expect(navd.run("tab 0") == Outcome(status: 0, stdout: "r3: willHide s3 chatList, tabSelected f1 feed, willShow s1 feedList\n"))
        #expect(navd.run("tab nope") == Outcome(
            status: 1, stderr: "navctl: invalid params: 'nope' is not a tab of main (tabs: feed, friends, chats, settings)\n"))
        _ = navd.run("route post postId=1")
        _ = navd.run("route post postId=2")
        #expect(navd.run("pop-to post") == Outcome(status: 0, stdout: "r5: no change\n"))
        #expect(navd.run("pop-to s5") == Outcome(
            status: 0, stdout: "r6: willHide s6 post, exit s6 post postId=2 (pop via zoom), willShow s5 post\n"))
        #expect(navd.run("pop-to-root f2") == Outcome(
            status: 0, stdout: "r7: willHide s5 post, exit s5 post postId=1 (pop via zoom), willShow s1 feedList\n"))
        _ = navd.run("route compose")
        #expect(navd.run(["finish", "f6", "--result", #"{"sent":true}"#]) == Outcome(
            status: 0,
            stdout: #"r9: willHide s7 composePost, exit s7 composePost (dismiss), flowFinished f6 compose result={"sent":true}, willShow s1 feedList"#
                + "\n"))
        _ = navd.run("route profile userId=3")
        #expect(navd.run("dismiss-all") == Outcome(
            status: 0,
            stdout: "r11: willHide s8 profile, exit s8 profile userId=3 section=posts (dismiss), flowFinished f7, willShow s1 feedList\n"))
    }

    @Test func applyReadsOpsFromAFile() {
        let ops = #"[{"method": "nav.route", "params": {"to": "post", "params": {"postId": 1}}}, {"method": "nav.selectTab", "params": {"tab": "chats"}}]"#
        #expect(navd.run("apply ops.json", files: ["ops.json": ops]) == Outcome(
            status: 0,
            stdout: "r2: willHide s1 feedList, tabSelected f1 chats, enter s5 post postId=1 (push via zoom), willShow s3 chatList\n"))
        #expect(navd.run("apply wrapped.json --expect-revision 2", files: ["wrapped.json": #"{"ops": [{"method": "nav.close"}]}"#])
            == Outcome(status: 1, stderr: "navctl: step 0 (nav.close): screen s3 is a root: it was not opened by a transition\n"))
        #expect(navd.run("apply missing.json") == Outcome(status: 2, stderr: "navctl: cannot read missing.json: No such file or directory\n"))
        let shape = navd.run("apply bad.json", files: ["bad.json": "42"])
        #expect(shape.status == 2)
        #expect(shape.stderr.hasPrefix(#"navctl: bad.json: expected a JSON array of {"method", "params"} objects, or {"ops": [...]}"#))
    }

    @Test func deepLinks() {
        #expect(navd.run("deeplink social://chats/c9/messages/4 --dry-run") == Outcome(status: 0, stdout: """
            dry run at r1, mode reset: chatList > chat chatId=c9 > message chatId=c9 messageId=4
              selectTab chats
              open chat chatId=c9 via push
              open message chatId=c9 messageId=4 via push

            """))
        #expect(navd.run("deeplink social://chats/c9/messages/4?x=1") == Outcome(status: 0, stdout: """
            r2: willHide s1 feedList, tabSelected f1 chats, enter s5 chat chatId=c9 (push), enter s6 message chatId=c9 messageId=4 (push), willShow s6 message
            mode reset: chatList > chat chatId=c9 > message chatId=c9 messageId=4
            ignored query items: x

            """))
        #expect(navd.run("url") == Outcome(status: 0, stdout: "social://chats/c9/messages/4\n"))
        #expect(navd.run("url s1") == Outcome(status: 0, stdout: "social://feed\n"))
        #expect(navd.run("deeplink social://nowhere") == Outcome(status: 0, stdout: """
            r3: willHide s6 message, enter s7 notFound url=social://nowhere (push), willShow s7 notFound
            mode top: notFound url=social://nowhere
            no pattern matched: opens the notFound screen

            """))
        #expect(navd.run("deeplink http://elsewhere/x") == Outcome(
            status: 1, stderr: "navctl: no route for URL 'http://elsewhere/x': unknown scheme or host 'elsewhere'\n"))
    }

    @Test func resolve() {
        #expect(navd.run("resolve social://users/42/photos?x=1") == Outcome(status: 0, stdout: """
            url      social://users/42/photos?x=1
            path     /users/42/photos
            match    profile userId=42 section=photos (pattern /users/:userId/:section of /users/:userId(/:section))
            chain    profile userId=42 section=photos
            mode     top
            ignored  x
            candidates:
              profile /users/:userId/:section

            """))
        #expect(navd.run("resolve /posts/abc") == Outcome(status: 0, stdout: """
            url    /posts/abc
            path   /posts/abc
            match  none: opens the notFound screen
            chain  notFound url=/posts/abc
            mode   top
            candidates:
              post /posts/:postId (rejected: postId: 'abc' is not an int)

            """))
    }

    @Test func routes() {
        #expect(navd.run("routes") == Outcome(status: 0, stdout: """
            app social, root flow main
            deep links: social://, https://social.example.com/; unmatched open notFound
            flows:
              main      tabs feed, friends, chats, settings (initial feed)
              feed      stack of feedList
              friends   stack of friendsList
              chats     stack of chatList
              settings  stack of settingsHome
              compose   stack of composePost  via modal
              login     stack of loginForm  via modal
            transitions:
              sheet  modal, animator sheet
              zoom   push, animator zoom
            screens:
              feedList      /feed                               -> post, profile, compose
              post          /posts/:postId                      postId:int  via zoom  -> profile, post
              composePost   -                                   draft:string?  -> photoPicker
              photoPicker   -                                   via sheet
              friendsList   /friends                            -> profile
              profile       /users/:userId(/:section)           userId:int section:enum(posts|photos|friends)=posts  via modal  -> chat, friendsList, post, profile
              chatList      /chats                              -> chat
              chat          /chats/:chatId                      chatId:string  -> message, profile
              message       /chats/:chatId/messages/:messageId  chatId:string messageId:int  -> profile
              settingsHome  /settings                           -> account, login
              account       /settings/account                   requires signedIn
              loginForm     /login                              -> twoFactor
              twoFactor     -                                   code:string?
              notFound      -                                   url:string
            guards:
              signedIn  redirect login
            events:
              postTapped       postId:int                   -> nav.route post
              userTapped       userId:int                   -> nav.route profile
              messageReceived  chatId:string messageId:int  -> nav.deeplink social://chats/{chatId}/messages/{messageId}
              loggedOut        -                            -> nav.deeplink social://feed
              pushReceived     chatId:string                listeners only

            """))
        let json = navd.run("routes --json")
        #expect(json.status == 0)
        #expect((try? JSONParser.parse(json.stdout))?["app"] == "social")
    }

    @Test func info() {
        #expect(navd.run("info") == Outcome(status: 0, stdout: """
            navd 0.1.0 (protocol 1), app social, pid 4242, up 0 s
            socket /run/navctl-test/navd.sock
            revision 1, instance 9f2c41d0, state not kept
            clients: 1
              c1 navctl (this connection)

            """))
    }

    @Test func callPrintsJSON() {
        #expect(navd.run(["call", "routes.resolve", #"{"url": "/feed"}"#, "--json"]).stdout.hasPrefix(#"{"url":"/feed","#))
        #expect(navd.run(["call", "nav.url"]) == Outcome(status: 0, stdout: """
            {
              "url": "social://feed"
            }

            """))
    }

    @Test func stateText() {
        _ = navd.run("route post postId=5")
        #expect(navd.run("state") == Outcome(status: 0, stdout: """
            revision 2, instance 9f2c41d0
            f1 main tabs
              * f2 feed stack
                  s1 feedList
                  s5 post postId=5 via zoom  <- top
                f3 friends stack
                  s2 friendsList
                f4 chats stack
                  s3 chatList
                f5 settings stack
                  s4 settingsHome

            """))
    }

    @Test func helpAndCompletionScriptsGoToStdout() {
        let help = navd.run("help tab")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Selects a tab by its flow name or its 0-based index.\n"))
        let completion = navd.run("--generate-completion-script bash")
        #expect(completion.status == 0)
        #expect(completion.stdout.hasPrefix("#!/bin/bash\n"))
        #expect(completion.stdout.contains("---completion route -- positional@0"))
    }
}
