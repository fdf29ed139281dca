public import Hummingbird
internal import NavClient
internal import NavProtocol
internal import NavJSON

/// navweb's routes, every one behind `AccessMiddleware`:
///
/// - `GET /`: the page; with `?token=` (the printed URL) a redirect to `/` that sets the cookie.
/// - `GET /navweb.js`, `/navweb.css`: its script and style.
/// - `GET /api/events`: Server-Sent Events, one `data:` line per message of `PageHub`, in order.
/// - `GET /api/state`: the latest state (what a page re-fetches when a change does not chain).
/// - `GET /api/graph.svg`, `GET /api/routes`: the app's graph, what each screen may open.
/// - `GET /api/info`: navd's `daemon.info` (the clients). `GET /api/history[?revision=N]`: the
///   history's bounds, or one past revision with its tree (read-only).
/// - `POST /api/control`: `{method, params}` for a navigation method, only with `--control`
///   (403 otherwise).
public struct WebRoutes: Sendable {
    public let policy: AccessPolicy
    public let hub: PageHub
    public let gateway: any NavdGateway
    public let graph: GraphPicture
    public let control: Bool

    /// What `POST /api/control` may call: the page's buttons and deep-link box, nothing that
    /// rewrites history or the session.
    static let controlMethods: Set<RPCMethod> = [.navRoute, .navClose, .navSelectTab, .navDeeplink, .navPopToRoot, .navDismissAll]

    public init(policy: AccessPolicy, hub: PageHub, gateway: any NavdGateway, control: Bool) {
        self.policy = policy
        self.hub = hub
        self.gateway = gateway
        self.graph = GraphPicture(gateway: gateway)
        self.control = control
    }

    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: AccessMiddleware(policy: policy))
        let control = self.control
        router.get("/") { request, _ in
            if request.uri.queryParameters["token"] != nil { return Response.redirect(to: "/", type: .found) }
            return WebResponse.text(Page.html(control: control), contentType: "text/html; charset=utf-8")
        }
        router.get("/navweb.js") { _, _ in
            WebResponse.text(Page.script, contentType: "text/javascript; charset=utf-8")
        }
        router.get("/navweb.css") { _, _ in
            WebResponse.text(Page.style, contentType: "text/css; charset=utf-8")
        }
        let hub = self.hub
        router.get("/api/state") { _, _ in WebResponse.json(string: hub.current()) }
        router.get("/api/events") { _, _ in Self.events(hub) }
        let graph = self.graph
        router.get("/api/graph.svg") { _, _ in
            switch await graph.picture() {
            case .success(let picture): return WebResponse.text(picture.svg, contentType: "image/svg+xml")
            case .failure(let failure): return WebResponse.error(failure.description, status: .badGateway)
            }
        }
        router.get("/api/routes") { _, _ in
            switch await graph.picture() {
            case .success(let picture): return WebResponse.json(picture.routes)
            case .failure(let failure): return WebResponse.error(failure.description, status: .badGateway)
            }
        }
        let gateway = self.gateway
        router.get("/api/info") { _, _ in
            await Self.relay(gateway.call(.daemonInfo, [:]))
        }
        router.get("/api/history") { request, _ in
            await Self.history(request, gateway: gateway)
        }
        router.post("/api/control") { request, context in
            guard control else {
                return WebResponse.error("navweb is read-only: start it with --control to change the state from the page", status: .forbidden)
            }
            return await Self.control(request, context: context, gateway: gateway)
        }
        return router
    }

    /// The page's stream: each message as one `data:` line; ends when the page goes away (a
    /// write fails) or the feed is closed.
    static func events(_ hub: PageHub) -> Response {
        let feed = hub.open()
        let body = ResponseBody { writer in
            defer { hub.close(feed) }
            // A comment first, so that the browser's EventSource opens at once.
            try await writer.write(ByteBuffer(string: ": navweb\n\n"))
            while let message = await feed.next() {
                try await writer.write(ByteBuffer(string: "data: \(message)\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: body)
    }

    static func relay(_ result: Result<JSONValue, NavClientError>) -> Response {
        switch result {
        case .success(let value): return WebResponse.json(value)
        case .failure(let error): return navdError(error)
        }
    }

    /// navd refused (422 with its error) or could not be reached (502).
    static func navdError(_ error: NavClientError) -> Response {
        if case .rpc(let rpc) = error {
            return WebResponse.error(
                rpc.message, status: .unprocessableContent,
                navd: ["code": .int(rpc.code.rawValue), "message": .string(rpc.message), "reason": .string(rpc.reason)])
        }
        return WebResponse.error("navd: \(error)", status: .badGateway)
    }

    static func history(_ request: Request, gateway: any NavdGateway) async -> Response {
        guard let text = request.uri.queryParameters["revision"] else {
            switch await gateway.call(.navHistory, ["limit": 1]) {
            case .success(let value):
                return WebResponse.json(["oldest": value["oldest"] ?? .null, "latest": value["latest"] ?? .null])
            case .failure(let error): return navdError(error)
            }
        }
        guard let revision = Int(text), revision >= 1 else {
            return WebResponse.error("revision must be a positive integer, not \(text)", status: .badRequest)
        }
        let info = await gateway.call(.daemonInfo, [:])
        let instance = (try? info.get())?["instance"]?.stringValue ?? ""
        switch await gateway.call(.navHistory, ["since": .int(revision - 1), "limit": 1, "tree": true]) {
        case .failure(let error):
            return navdError(error)
        case .success(let value):
            do {
                let history = try HistoryView(json: value)
                guard let entry = history.entries.first, entry.revision == revision,
                    let past = PageMessage.past(entry, instance: instance, oldest: history.oldest, latest: history.latest)
                else {
                    return WebResponse.error("navd no longer keeps revision \(revision)", status: .notFound)
                }
                return WebResponse.json(.object(past))
            } catch {
                return WebResponse.error("navd's history could not be read: \(error)", status: .badGateway)
            }
        }
    }

    static func control(_ request: Request, context: BasicRequestContext, gateway: any NavdGateway) async -> Response {
        // A form of another site cannot send JSON without the browser asking first (CORS).
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            return WebResponse.error("a control request is JSON (Content-Type: application/json)", status: .unsupportedMediaType)
        }
        guard let buffer = try? await request.body.collect(upTo: 64 * 1024) else {
            return WebResponse.error("a control request is at most 64 KiB", status: .contentTooLarge)
        }
        let parsed = try? JSONParser.parse(String(buffer: buffer))
        guard let body = parsed, let name = body["method"]?.stringValue else {
            return WebResponse.error("a control request is {\"method\": …, \"params\": {…}}", status: .badRequest)
        }
        guard let method = RPCMethod(rawValue: name), controlMethods.contains(method) else {
            let allowed = controlMethods.map(\.rawValue).sorted().joined(separator: ", ")
            return WebResponse.error("\(name) is not one of \(allowed)", status: .badRequest)
        }
        let params = body["params"] ?? [:]
        guard params.objectValue != nil else {
            return WebResponse.error("params must be an object", status: .badRequest)
        }
        return relay(await gateway.call(method, params))
    }
}
