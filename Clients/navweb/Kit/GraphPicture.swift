public import NavJSON
internal import NavGraph
internal import NavigationCore
internal import NavSystem
internal import Glibc

/// The app's graph as the page shows it: the definition navd runs (`routes.list`), as DOT
/// (NavGraph's writer, the one `navd graph` uses) drawn into SVG by Graphviz's `dot`, once per
/// definition: the same definition is answered from memory. Also what each screen may open
/// (its `routes`), for the route buttons of `--control`.
public actor GraphPicture {
    public struct Picture: Sendable {
        public var svg: String
        /// Screen name → the destinations its `routes` list.
        public var routes: JSONValue
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case navd(String)
        case definition(String)
        case dot(String)

        public var description: String {
            switch self {
            case .navd(let why): return "navd did not give its definition: \(why)"
            case .definition(let why): return "navd's definition cannot be drawn: \(why)"
            case .dot(let why): return why
            }
        }
    }

    private let gateway: any NavdGateway
    private var cached: (definition: JSONValue, picture: Picture)?
    /// How many times `dot` ran (the cache's test).
    public private(set) var renders = 0

    public init(gateway: any NavdGateway) {
        self.gateway = gateway
    }

    public func picture() async -> Result<Picture, Failure> {
        let definition: JSONValue
        switch await gateway.call(.routesList, [:]) {
        case .success(let result):
            guard let value = result["definition"] else { return .failure(.navd("routes.list has no definition")) }
            definition = value
        case .failure(let error):
            return .failure(.navd("\(error)"))
        }
        if let cached, cached.definition == definition { return .success(cached.picture) }
        guard let decoded = AppDefinition.decode(definition).definition else {
            return .failure(.definition("it does not decode"))
        }
        let dot = GraphFormat.dot.render(NavGraph(definition: decoded))
        let drawn = await Blocking.run { Self.draw(dot) }
        switch drawn {
        case .success(let svg):
            renders += 1
            let picture = Picture(svg: svg, routes: Self.routes(definition))
            cached = (definition, picture)
            return .success(picture)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// `dot -Tsvg` into a private temporary file, read back and removed.
    static func draw(_ dot: String) -> Result<String, Failure> {
        var template = Array("/tmp/navweb-graph-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(.dot("cannot make a temporary file: \(String(cString: strerror(errno)))")) }
        close(fd)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        do {
            try GraphvizDot.render(dot, format: "svg", to: path)
        } catch {
            return .failure(.dot("\(error)"))
        }
        guard let file = fopen(path, "r") else { return .failure(.dot("cannot read dot's output")) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// `{screen: [destination, …]}` from the definition's screens.
    static func routes(_ definition: JSONValue) -> JSONValue {
        guard let screens = definition["screens"]?.objectValue else { return [:] }
        return .object(JSONObject(screens.pairs.map { name, screen in
            (name, .array((screen["routes"]?.arrayValue ?? []).filter { $0.stringValue != nil }))
        }))
    }
}
