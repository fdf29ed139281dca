import Foundation
import NavGraph
import NavJSON
@testable import NavctlKit
import NavigationCore
import Testing

/// `navctl run --coverage`, `navctl coverage combine|report` and `navctl graph --coverage`:
/// exact counts of a script whose every step is worked out by hand, combining, fail-under, and
/// the repository's own example scripts (docs/graph.md).
@Suite("Coverage of scripts")
struct CoverageTests {
    /// A fresh directory for the files a test writes (navctl writes real files).
    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "navctl-coverage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// On the sample app, from its boot state (tab feed, top feedList); each line's comment
    /// says what it adds.
    static let script = """
        route post postId=5          # edge feedList -> post (zoom); screen post
        route profile userId=7       # edge post -> profile (modal); screen profile
        close                        # post shown again
        deeplink social://chats/c1   # pattern /chats/:chatId; tab chats; screen chat
        tab feed                     # tab feed; post shown
        emit postTapped postId=3     # event postTapped emitted and handled: edge post -> post (zoom); post
        tab settings                 # tab settings; screen settingsHome
        route account                # held by signedIn: screen loginForm (the redirect)
        session set signedIn=true    # resumed: edge settingsHome -> account (push); screen account
        """

    @Test func aScriptsCountsAreExact() throws {
        let directory = try scratch()
        let navd = InProcessNavd()
        let outcome = navd.run(["run", "-q", "s.navctl", "--coverage", "\(directory)/c.json"], files: ["s.navctl": Self.script])
        #expect(outcome == Outcome(status: 0, stdout: "0 passed, 0 failed\n"))
        let file = try CoverageFile(json: try read("\(directory)/c.json"))
        #expect(file.app == "social" && file.runs == 1)
        #expect(file.definition == AppDefinition.sample.source)
        // feedList: the script starts on it; post: entered twice and shown twice more.
        #expect(file.screens == [
            "feedList": 1, "post": 4, "profile": 1, "chat": 1, "settingsHome": 1, "loginForm": 1, "account": 1,
        ])
        #expect(file.edges == [
            CoverageFile.Edge(from: "feedList", to: "post", transition: "zoom"): 1,
            CoverageFile.Edge(from: "post", to: "profile", transition: "modal"): 1,
            CoverageFile.Edge(from: "post", to: "post", transition: "zoom"): 1,
            CoverageFile.Edge(from: "settingsHome", to: "account", transition: "push"): 1,
        ])
        #expect(file.patterns == ["/chats/:chatId": 1])
        #expect(file.guards == ["signedIn": CoverageFile.GuardCount(held: 1, resumed: 1)])
        #expect(file.events == ["postTapped": CoverageFile.EventCount(emitted: 1, handled: 1)])
        // feed: selected in the state the script starts on, then by `tab feed`.
        #expect(file.tabs == ["feed": 2, "chats": 1, "settings": 1])

        let report = navd.run(["coverage", "report", "c.json"], files: ["c.json": try read("\(directory)/c.json")])
        #expect(report == Outcome(status: 0, stdout: """
            social: 1 run
            screens 7/14 50%  edges 4/18 22%  patterns 1/11 9%  guards 1/1 100%  events 1/5 20%  tabs 3/4 75%  total 32%
            never reached:
              screens: composePost, photoPicker, friendsList, chatList, message, twoFactor, notFound
              edges: feedList -> profile, feedList -> compose, composePost -> photoPicker, friendsList -> profile, profile -> chat, profile -> friendsList, profile -> post, profile -> profile, chatList -> chat, chat -> message, chat -> profile, message -> profile, settingsHome -> login, loginForm -> twoFactor
              patterns: /feed (feedList), /posts/:postId (post), /friends (friendsList), /users/:userId/:section (profile), /users/:userId (profile), /chats (chatList), /chats/:chatId/messages/:messageId (message), /settings (settingsHome), /settings/account (account), /login (loginForm)
              events: userTapped, messageReceived, loggedOut, pushReceived
              tabs: friends

            """))
    }

    /// A push from a modal's single container falls back to modal (the edge keeps it), and the
    /// routes of one `nav.apply` are edges one after the other.
    @Test func fallbacksAndApplyRoutesAreEdges() throws {
        let directory = try scratch()
        let navd = InProcessNavd()
        let ops = #"{"ops": [{"method": "nav.selectTab", "params": {"tab": "chats"}}]}"#
        let routes = #"{"ops": [{"method": "nav.route", "params": {"to": "chat", "params": {"chatId": "a"}}}, {"method": "nav.route", "params": {"to": "message", "params": {"chatId": "a", "messageId": 1}}}]}"#
        let script = "route profile userId=1\nroute chat chatId=c --transition push\ndismiss-all\napply tab.json\napply routes.json\n"
        let outcome = navd.run(["run", "-q", "s", "--coverage", "\(directory)/c.json"], files: ["s": script, "tab.json": ops, "routes.json": routes])
        #expect(outcome == Outcome(status: 0, stdout: "0 passed, 0 failed\n"))
        let file = try CoverageFile(json: try read("\(directory)/c.json"))
        #expect(file.edges == [
            CoverageFile.Edge(from: "feedList", to: "profile", transition: "modal"): 1,
            CoverageFile.Edge(from: "profile", to: "chat", transition: "modal", fallback: true): 1,
            CoverageFile.Edge(from: "chatList", to: "chat", transition: "push"): 1,
            CoverageFile.Edge(from: "chat", to: "message", transition: "push"): 1,
        ])
        #expect(file.tabs == ["feed": 1, "chats": 1])
    }

    /// A script that starts with `reset` (as the examples may): the boot tree's tab roots that
    /// reset enters are not visits; the screen it shows is.
    @Test func aResetCountsOnlyTheScreenItShows() throws {
        let directory = try scratch()
        let navd = InProcessNavd()
        let outcome = navd.run(["run", "-q", "s", "--coverage", "\(directory)/c.json"], files: ["s": "route post postId=1\nreset\n"])
        #expect(outcome.status == 0)
        let file = try CoverageFile(json: try read("\(directory)/c.json"))
        #expect(file.screens == ["feedList": 2, "post": 1])
    }

    @Test func combineAddsRunsAndFailUnderComparesTheTotal() throws {
        let directory = try scratch()
        for name in ["a", "b"] {
            let navd = InProcessNavd()
            let outcome = navd.run(["run", "-q", "s", "--coverage", "\(directory)/\(name).json"], files: ["s": "tab chats\nroute chat chatId=c\n"])
            #expect(outcome.status == 0)
        }
        let files = ["a.json": try read("\(directory)/a.json"), "b.json": try read("\(directory)/b.json")]
        let navd = InProcessNavd()
        #expect(navd.run(["coverage", "combine", "a.json", "b.json", "-o", "\(directory)/c.json"], files: files)
            == Outcome(status: 0, stdout: "\(directory)/c.json: 2 files, 2 runs\n"))
        let combined = try CoverageFile(json: try read("\(directory)/c.json"))
        #expect(combined.runs == 2)
        #expect(combined.screens == ["feedList": 2, "chatList": 2, "chat": 2])
        #expect(combined.edges == [CoverageFile.Edge(from: "chatList", to: "chat", transition: "push"): 2])
        #expect(combined.tabs == ["feed": 2, "chats": 2])

        let all = files.merging(["c.json": try read("\(directory)/c.json")]) { a, _ in a }
        let report = CoverageReport(combined, definition: .sample)
        // feedList, chatList, chat; chatList -> chat; tabs feed and chats: 6 of 14 + 18 + 11 + 1 + 5 + 4.
        #expect(report.covered == 6 && report.total == 53 && report.percent == 11)
        #expect(navd.run(["coverage", "report", "c.json", "--fail-under", "11"], files: all).status == 0)
        #expect(navd.run(["coverage", "report", "c.json", "--fail-under", "12"], files: all) == Outcome(
            status: 1, stdout: report.text, stderr: "c.json: total 11% is under --fail-under 12%\n"))
    }

    @Test func combineRefusesFilesOfAnotherDefinitionOrVersion() throws {
        let directory = try scratch()
        let navd = InProcessNavd()
        #expect(navd.run(["run", "-q", "s", "--coverage", "\(directory)/a.json"], files: ["s": "tab chats\n"]).status == 0)
        let text = try read("\(directory)/a.json")
        let other = text.replacingOccurrences(of: "\"app\":\"social\"", with: "\"app\":\"other\"")
        #expect(other != text)
        let outcome = navd.run(["coverage", "combine", "a", "b", "-o", "\(directory)/c.json"], files: ["a": text, "b": other])
        #expect(outcome == Outcome(status: 1, stderr: "navctl: b: recorded against a different app definition (other and social differ)\n"))
        let future = text.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        #expect(navd.run(["coverage", "report", "f"], files: ["f": future]) == Outcome(
            status: 1, stderr: "navctl: f: version 2 is not one this navctl reads (it reads 1)\n"))
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/c.json"), "nothing written")
    }

    @Test func graphCoverageMarksWhatWasReached() throws {
        let directory = try scratch()
        let navd = InProcessNavd()
        #expect(navd.run(["run", "-q", "s", "--coverage", "\(directory)/a.json"], files: ["s": "tab chats\nroute chat chatId=c\n"]).status == 0)
        let outcome = navd.run(["graph", "--coverage", "a.json", "--format", "json"], files: ["a.json": try read("\(directory)/a.json")])
        #expect(outcome.status == 0)
        let json = try JSONParser.parse(outcome.stdout)
        #expect(json["marks"]?["nodes"]?["chat"] == ["covered"])
        #expect(json["marks"]?["nodes"]?["message"] == ["uncovered"])
        #expect(json["marks"]?["nodes"]?["chats"] == ["covered"])
        #expect(json["marks"]?["edges"]?["route:chatList->chat"] == ["covered"])
        #expect(json["marks"]?["edges"]?["route:chat->message"] == ["uncovered"])
    }

    /// The repository's example scripts, each on a fresh navd as they expect, combined: every
    /// screen an `expect top` names, every tab a `tab` line selects and every pattern a
    /// successful `deeplink` line matches is covered, and the summary is printed for the docs.
    @Test func theExampleScriptsCoverageIsWhatTheyDo() throws {
        let directory = try scratch()
        let examples = GraphRepository.root + "/Clients/navctl/examples"
        let names = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".navctl") }.sorted()
        #expect(names.count >= 4)
        var combined: CoverageFile?
        var topScreens: Set<String> = []
        var tabs: Set<String> = []
        for name in names {
            let text = try read("\(examples)/\(name)")
            let navd = InProcessNavd()
            let outcome = navd.run(["run", "-q", name, "--coverage", "\(directory)/\(name).json"], files: [name: text])
            #expect(outcome.status == 0, "\(name): \(outcome)")
            let file = try CoverageFile(json: try read("\(directory)/\(name).json"))
            #expect(file.runs == 1)
            if combined == nil { combined = file } else { try combined!.merge(file) }
            var failing = false  // the line after `expect error` fails
            for line in text.split(separator: "\n").map({ $0.split(separator: " ").map(String.init) }) where !line.isEmpty {
                if line.count >= 3, line[0] == "expect", line[1] == "top" { topScreens.insert(line[2]) }
                if line.count >= 2, line[0] == "tab", !failing { tabs.insert(line[1]) }
                failing = line.count >= 2 && line[0] == "expect" && line[1] == "error"
            }
        }
        let file = try #require(combined)
        #expect(file.runs == names.count)
        #expect(topScreens.subtracting(file.screens.keys).isEmpty, "expected on top but not covered: \(topScreens.subtracting(file.screens.keys))")
        #expect(tabs.subtracting(file.tabs.keys).isEmpty)
        let report = CoverageReport(file, definition: .sample)
        print("example scripts: \(report.summaryLine)")
        #expect(report.parts.first { $0.name == "guards" }?.covered == 1, "guards.navctl holds and resumes signedIn")
    }
}

enum GraphRepository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
