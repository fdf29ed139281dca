public import NavClient
public import NavProtocol
public import NavJSON
internal import Dispatch

/// How navweb's routes ask navd something (`daemon.info`, `nav.history`, `routes.list`, and
/// with `--control` the navigation methods): one call, answered or failed. Tests give the
/// routes one that answers without a navd.
public protocol NavdGateway: Sendable {
    func call(_ method: RPCMethod, _ params: JSONValue) async -> Result<JSONValue, NavClientError>
}

/// The gateway to a real navd: each call opens its own connection (named `navweb`), makes the
/// call and closes it, on a thread of its own, so that the subscription that feeds the pages
/// is never shared and the server's threads never wait on a socket.
public struct SocketGateway: NavdGateway {
    public let socketPath: String?
    public let timeout: Double

    public init(socketPath: String?, timeout: Double = 10) {
        self.socketPath = socketPath
        self.timeout = timeout
    }

    public func call(_ method: RPCMethod, _ params: JSONValue) async -> Result<JSONValue, NavClientError> {
        let (socketPath, timeout) = (self.socketPath, self.timeout)
        return await Blocking.run {
            do throws(NavClientError) {
                let client = try NavClient(socketPath: socketPath, name: "navweb")
                defer { client.close() }
                return .success(try client.call(method.rawValue, params, timeout: timeout))
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Work that blocks (a socket call, Graphviz) on Dispatch's threads instead of the server's.
enum Blocking {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
