import Hummingbird
import HummingbirdTesting
import Logging
import NavClient
import NavJSON
import NavProtocol
import Synchronization
import Testing
@testable import NavwebKit

/// navd as the routes see it, without a navd: canned answers, and the calls it was asked.
final class FakeGateway: NavdGateway {
    let calls = Mutex<[String]>([])
    let answers: [String: Result<JSONValue, NavClientError>]

    init(_ answers: [String: Result<JSONValue, NavClientError>] = [:]) {
        self.answers = answers
    }

    func call(_ method: RPCMethod, _ params: JSONValue) async -> Result<JSONValue, NavClientError> {
        calls.withLock { $0.append("\(method.rawValue) \(params)") }
        return answers[method.rawValue] ?? .failure(.rpc(RPCError(code: .methodNotFound, message: "no such method", data: ["reason": "unknownMethod"])))
    }
}

/// The routes over real HTTP (HummingbirdTesting's live server and its client), with the Host
/// a browser would send: the token, the cookie, Host and Origin, and what each route answers.
@Suite struct WebRoutesTests {
    static let token = "0123456789abcdef"
    static let cookie = "navweb_test"

    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: String
    }

    func app(control: Bool = false, gateway: FakeGateway = FakeGateway(), hub: PageHub = PageHub()) -> some ApplicationProtocol {
        let policy = AccessPolicy(token: Self.token, cookieName: Self.cookie, hostNames: AccessPolicy.loopbackNames)
        let routes = WebRoutes(policy: policy, hub: hub, gateway: gateway, control: control)
        var logger = Logger(label: "navweb-test")
        logger.logLevel = .warning
        return Application(router: routes.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
    }

    /// Requests made over one connection to the live server; `authority` is the Host header.
    func requests(
        _ app: some ApplicationProtocol, _ list: [(String, HTTPRequest.Method, String?, HTTPFields, String?)]
    ) async throws -> [Answer] {
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let http = TestClient(host: "127.0.0.1", port: port)
            http.connect()
            var answers: [Answer] = []
            for (uri, method, authority, headers, body) in list {
                let response = try await http.execute(
                    TestClient.Request(uri, method: method, authority: authority, headers: headers, body: body.map { ByteBuffer(string: $0) }))
                answers.append(Answer(status: response.status, headers: response.head.headerFields, body: response.body.map { String(buffer: $0) } ?? ""))
            }
            try await http.shutdown()
            return answers
        }
    }

    func get(_ app: some ApplicationProtocol, _ uri: String, host: String? = "127.0.0.1:8080", headers: HTTPFields = [:]) async throws -> Answer {
        try await requests(app, [(uri, .get, host, headers, nil)])[0]
    }

    var withCookie: HTTPFields { [.cookie: "\(Self.cookie)=\(Self.token)"] }

    @Test func withoutTheTokenEveryPathIs403() async throws {
        let app = app()
        for path in ["/", "/navweb.js", "/api/state", "/api/events", "/api/graph.svg", "/api/info", "/api/history", "/nowhere"] {
            let answer = try await get(app, path)
            #expect(answer.status == .forbidden, "\(path)")
            #expect(answer.body.contains("token"), "\(path)")
        }
        #expect(try await get(app, "/?token=wrong").status == .forbidden)
        #expect(try await get(app, "/", headers: [.cookie: "\(Self.cookie)=wrong"]).status == .forbidden)
    }

    @Test func theTokenInTheURLSetsTheCookieAndRedirectsToThePage() async throws {
        let answer = try await get(app(), "/?token=\(Self.token)")
        #expect(answer.status == .found)
        #expect(answer.headers[.location] == "/")
        let setCookie = try #require(answer.headers[.setCookie])
        #expect(setCookie.contains("\(Self.cookie)=\(Self.token)"))
        #expect(setCookie.contains("HttpOnly"))
        #expect(setCookie.contains("SameSite=Strict"))
    }

    @Test func theCookieOpensThePageAndItsResources() async throws {
        let app = app()
        let page = try await get(app, "/", headers: withCookie)
        #expect(page.status == .ok)
        #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        #expect(page.body.contains("<script src=\"/navweb.js\">"))
        #expect(page.body.contains("data-control=\"0\""))
        #expect(!page.body.contains("http://") && !page.body.contains("https://"), "the page loads nothing from elsewhere")
        let script = try await get(app, "/navweb.js", headers: withCookie)
        #expect(script.status == .ok)
        #expect(script.body.contains("new EventSource(\"/api/events\")"))
        #expect(try await get(app, "/navweb.css", headers: withCookie).status == .ok)
        #expect(try await get(app, "/nowhere", headers: withCookie).status == .notFound)
    }

    /// DNS rebinding: another site's name resolving to 127.0.0.1 reaches the port, Host names it.
    @Test func anotherHostIs403EvenWithTheCookie() async throws {
        let app = app()
        for host in ["evil.example:8080", "evil.example"] {
            let answer = try await get(app, "/api/state", host: host, headers: withCookie)
            #expect(answer.status == .forbidden)
            #expect(answer.body.contains("host"))
        }
        #expect(try await get(app, "/api/state", host: "localhost:8080", headers: withCookie).status == .ok)
    }

    @Test func anotherOriginIs403EvenWithTheCookie() async throws {
        let app = app(control: true)
        var headers = withCookie
        headers[.origin] = "http://evil.example"
        #expect(try await get(app, "/api/state", headers: headers).status == .forbidden)
        headers[.origin] = "http://127.0.0.1:8080"
        #expect(try await get(app, "/api/state", headers: headers).status == .ok)
    }

    @Test func theStateIsTheHubsLatest() async throws {
        let hub = PageHub()
        let app = app(hub: hub)
        let before = try JSONParser.parse(try await get(app, "/api/state", headers: withCookie).body)
        #expect(before["kind"] == "status")
        #expect(before["connected"] == false)
        hub.publishState(["kind": "state", "revision": 7, "instance": "abc"])
        let answer = try await get(app, "/api/state", headers: withCookie)
        #expect(answer.headers[.contentType] == "application/json")
        let state = try JSONParser.parse(answer.body)
        #expect(state["revision"] == 7)
        #expect(state["connected"] == true)
    }

    func control(_ app: some ApplicationProtocol, _ body: String, contentType: String = "application/json") async throws -> Answer {
        var headers = withCookie
        headers[.contentType] = contentType
        headers[.origin] = "http://127.0.0.1:8080"
        return try await requests(app, [("/api/control", .post, "127.0.0.1:8080", headers, body)])[0]
    }

    @Test func controlIsRefusedWithoutControl() async throws {
        let gateway = FakeGateway(["nav.close": .success(["revision": 2])])
        let answer = try await control(app(gateway: gateway), #"{"method":"nav.close","params":{}}"#)
        #expect(answer.status == .forbidden)
        #expect(answer.body.contains("--control"))
        #expect(gateway.calls.withLock { $0 }.isEmpty)
    }

    @Test func controlRelaysANavigationMethod() async throws {
        let gateway = FakeGateway(["nav.route": .success(["revision": 5])])
        let answer = try await control(app(control: true, gateway: gateway), #"{"method":"nav.route","params":{"to":"post"}}"#)
        #expect(answer.status == .ok)
        #expect(try JSONParser.parse(answer.body)["revision"] == 5)
        #expect(gateway.calls.withLock { $0 } == [#"nav.route {"to":"post"}"#])
    }

    @Test func controlRelaysNavdsRefusal() async throws {
        let refusal = RPCError(code: .routeNotAllowed, message: "post may not open settingsHome", data: ["reason": "routeNotAllowed"])
        let gateway = FakeGateway(["nav.route": .failure(.rpc(refusal))])
        let answer = try await control(app(control: true, gateway: gateway), #"{"method":"nav.route","params":{"to":"settingsHome"}}"#)
        #expect(answer.status == .unprocessableContent)
        let body = try JSONParser.parse(answer.body)
        #expect(body["navd"]?["reason"] == "routeNotAllowed")
    }

    @Test(arguments: [
        (#"{"method":"nav.reset","params":{}}"#, "application/json"),
        (#"{"method":"session.set","params":{"flags":{"signedIn":true}}}"#, "application/json"),
        (#"{"params":{}}"#, "application/json"),
        (#"{"method":"nav.close","params":[1]}"#, "application/json"),
        ("not json", "application/json"),
        (#"{"method":"nav.close","params":{}}"#, "text/plain"),
    ])
    func badControlRequestsChangeNothing(body: String, contentType: String) async throws {
        let gateway = FakeGateway(["nav.close": .success(["revision": 2])])
        let answer = try await control(app(control: true, gateway: gateway), body, contentType: contentType)
        #expect(answer.status == .badRequest || answer.status == .unsupportedMediaType)
        #expect(gateway.calls.withLock { $0 }.isEmpty)
    }

    @Test func infoIsNavdsOrA502() async throws {
        let up = FakeGateway(["daemon.info": .success(["app": "social", "clients": []])])
        #expect(try JSONParser.parse(try await get(app(gateway: up), "/api/info", headers: withCookie).body)["app"] == "social")
        let down = FakeGateway(["daemon.info": .failure(.unreachable(path: "/x", reason: "no such file"))])
        #expect(try await get(app(gateway: down), "/api/info", headers: withCookie).status == .badGateway)
    }

    @Test func aBadHistoryRevisionIs400() async throws {
        let answer = try await get(app(), "/api/history?revision=zero", headers: withCookie)
        #expect(answer.status == .badRequest)
    }
}
