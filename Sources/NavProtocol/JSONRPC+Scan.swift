public import NavigationCore
public import NavJSON

/// A request `JSONRPC.scan` read, decoded as far as the server runs it.
public struct ScannedRequest: Sendable, Hashable {
    public enum Call: Sendable, Hashable {
        /// `nav.route`, `nav.close` or `nav.selectTab`, its params decoded.
        case operation(NavOperation)
        /// `nav.state`, without params or with `{}`.
        case state
    }

    /// As `RPCRequest.id`: nil for a notification, else an integer, a string or `null`.
    public var id: JSONValue?
    public var call: Call

    public init(id: JSONValue?, call: Call) {
        self.id = id
        self.call = call
    }
}

extension JSONRPC {
    /// The fast path of `parse`, for the line clients send most: one request of a hot method
    /// (`nav.route`, `nav.close`, `nav.selectTab`, `nav.state`) in its plain form, read straight
    /// into what the server runs, without a `JSONValue` of the message.
    ///
    /// The plain form: one object with the members `jsonrpc` (`"2.0"`), `id` (an integer, a
    /// string without escapes, or `null`; optional), `method`, then `params` (optional), each
    /// once, keys without escapes; params as `NavOperation.init?(scanning:params:depth:)`
    /// reads them. Anything else returns nil, and then `parse` must read the line: it alone
    /// decides every error. A request this returns is exactly what `parse`, then
    /// `RPCMethod.named` and `NavOperation(method:params:)` make of the line.
    public static func scan(line: ArraySlice<UInt8>, limits: RPCLimits = RPCLimits()) -> ScannedRequest? {
        line.withUnsafeBufferPointer { scan(buffer: $0, maxDepth: limits.maxDepth) }
    }

    /// `scan(line:limits:)` of a line read in place (`FrameDecoder.feedInPlace`).
    public static func scan(line: UnsafeBufferPointer<UInt8>, limits: RPCLimits = RPCLimits()) -> ScannedRequest? {
        scan(buffer: line, maxDepth: limits.maxDepth)
    }

    private static func scan(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> ScannedRequest? {
        var scanner = JSONScanner(buffer, maxDepth: maxDepth)
        var hasVersion = false
        var id: JSONValue?
        var method: HotMethod?
        var call: ScannedRequest.Call?
        let read = scanner.members(depth: 1) { key, member in
            if key.equals("jsonrpc") {
                guard !hasVersion, let version = member.rawString() else { return false }
                hasVersion = version.equals("2.0")
                return hasVersion
            }
            if key.equals("id") {
                guard id == nil else { return false }
                id = member.requestID()
                return id != nil
            }
            if key.equals("method") {
                guard method == nil, let name = member.rawString() else { return false }
                method = HotMethod(name)
                return method != nil
            }
            if key.equals("params") {
                // Params before the method are left to `parse`: clients write the method first.
                guard call == nil, let method else { return false }
                call = method.call(params: &member)
                return call != nil
            }
            return false
        }
        guard read, hasVersion, scanner.isAtEnd(), let method, let call = call ?? method.callWithoutParams() else {
            return nil
        }
        return ScannedRequest(id: id, call: call)
    }

    /// The methods `scan` reads.
    private enum HotMethod {
        case operation(NavOperation.ScannableMethod)
        case state

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            if name.equals("nav.route") {
                self = .operation(.route)
            } else if name.equals("nav.close") {
                self = .operation(.close)
            } else if name.equals("nav.state") {
                self = .state
            } else if name.equals("nav.selectTab") {
                self = .operation(.selectTab)
            } else {
                return nil
            }
        }

        /// The call, its params object next in `scanner` (nested at 2, in the request).
        func call(params scanner: inout JSONScanner) -> ScannedRequest.Call? {
            switch self {
            case .operation(let method):
                return NavOperation(scanning: method, params: &scanner, depth: 2).map(ScannedRequest.Call.operation)
            case .state:
                // `nav.state` takes no params: `{}` is the only plain form.
                return scanner.members(depth: 2) { _, _ in false } ? .state : nil
            }
        }

        func callWithoutParams() -> ScannedRequest.Call? {
            switch self {
            case .operation(let method): return NavOperation(scanning: method).map(ScannedRequest.Call.operation)
            case .state: return .state
            }
        }
    }
}

extension JSONScanner {
    /// A request id in its plain form: an integer, a string without escapes, or `null`.
    fileprivate mutating func requestID() -> JSONValue? {
        if let number = int() { return .int(number) }
        if let text = string() { return .string(text) }
        return null() ? .null : nil
    }
}
