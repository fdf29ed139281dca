import NavJSON
extension NavOperation {
    /// The methods that change navigation state, in docs/protocol.md order.
    public static let methods = [
        "nav.route", "nav.close", "nav.popTo", "nav.popToRoot", "nav.dismissAll", "nav.selectTab",
        "flow.finish", "nav.apply", "nav.deeplink",
    ]

    /// Decodes a method's params (docs/operations.md). Params must be an object (or absent); unknown
    /// fields are refused so that a typo such as `expectRevison` is never silently ignored.
    public init(method: String, params: JSONValue?) throws(NavError) {
        var reader = try ParamsReader(params)
        switch method {
        case "nav.route":
            var request = RouteRequest(to: try reader.string("to"))
            request.params = try reader.object("params") ?? [:]
            request.transition = try reader.optionalString("transition")
            request.from = try reader.screenID("from")
            request.expectRevision = try reader.int("expectRevision")
            request.singleTop = try reader.bool("singleTop") ?? false
            if let popTo = try reader.object("popTo") {
                var inner = try ParamsReader(.object(popTo), prefix: "popTo.")
                request.popTo = ScreenSelector(try inner.string("screen"))
                request.popToInclusive = try inner.bool("inclusive") ?? false
                try inner.finish()
            }
            self = .route(request)
        case "nav.close":
            self = .close(screen: try reader.screenID("screen"), expectRevision: try reader.int("expectRevision"))
        case "nav.popTo":
            self = .popTo(
                screen: ScreenSelector(try reader.string("screen")), inclusive: try reader.bool("inclusive") ?? false,
                expectRevision: try reader.int("expectRevision"))
        case "nav.popToRoot":
            self = .popToRoot(flow: try reader.flowID("flow"), expectRevision: try reader.int("expectRevision"))
        case "nav.dismissAll":
            self = .dismissAll(expectRevision: try reader.int("expectRevision"))
        case "nav.selectTab":
            let tab: TabSelector
            switch reader.take("tab") {
            case .string(let name)?: tab = .name(name)
            case let number? where number.intValue != nil: tab = .index(number.intValue!)
            case nil: throw .badField("tab", .missing(expected: "a tab's flow name or index"))
            case let other?: throw .badField("tab", .wrongType(expected: "a flow name or an index", actual: other.nonIntegerDescription))
            }
            self = .selectTab(tab, flow: try reader.flowID("flow"), expectRevision: try reader.int("expectRevision"))
        case "flow.finish":
            guard let flow = try reader.flowID("flow") else { throw .badField("flow", .missing(expected: "a flow instance id such as f3")) }
            self = .finishFlow(flow, result: reader.take("result") ?? .null, expectRevision: try reader.int("expectRevision"))
        case "nav.apply":
            let ops: [JSONValue]
            switch reader.take("ops") {
            case .array(let array)?: ops = array
            case nil, .null?: throw .badField("ops", .missing(expected: "an array of {method, params}"))
            case let other?: throw .badField("ops", .wrongType(expected: "an array of {method, params}", actual: other.typeName))
            }
            var operations: [NavOperation] = []
            for (index, op) in ops.enumerated() {
                do throws(NavError) {
                    var step = try ParamsReader(op, prefix: "ops[\(index)].")
                    let method = try step.string("method")
                    guard NavOperation.methods.contains(method) else {
                        throw NavError.badField("ops[\(index)].method", .notAllowed("'\(method)' is not a navigation method (\(NavOperation.methods.joined(separator: ", ")))"))
                    }
                    let params = step.take("params")
                    try step.finish()
                    operations.append(try NavOperation(method: method, params: params))
                } catch {
                    throw error.atStep(index, op["method"]?.stringValue ?? "?")
                }
            }
            self = .apply(operations, expectRevision: try reader.int("expectRevision"))
        case "nav.deeplink":
            self = .deeplink(
                url: try reader.string("url"), dryRun: try reader.bool("dryRun") ?? false,
                expectRevision: try reader.int("expectRevision"))
        default:
            throw NavError(.methodNotFound, "method '\(method)' not found", reason: "methodNotFound", data: ["method": .string(method)])
        }
        try reader.finish()
    }
}

/// Reads named fields from a params object, remembering which were read so the rest can be
/// reported as unknown. Every method's params are read with it, so errors read alike.
public struct ParamsReader {
    private var object: JSONObject
    private let prefix: String

    public init(_ params: JSONValue?, prefix: String = "") throws(NavError) {
        self.prefix = prefix
        switch params {
        case nil, .null?: object = [:]
        case .object(let o)?: object = o
        case let other?: throw .badField(prefix.isEmpty ? "params" : String(prefix.dropLast()), .wrongType(expected: "an object", actual: other.typeName))
        }
    }

    public mutating func take(_ key: String) -> JSONValue? {
        defer { object[key] = nil }
        return object[key]
    }

    public mutating func optionalString(_ key: String) throws(NavError) -> String? {
        switch take(key) {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw .badField(prefix + key, .wrongType(expected: "a string", actual: other.typeName))
        }
    }

    public mutating func string(_ key: String) throws(NavError) -> String {
        guard let value = try optionalString(key) else { throw .badField(prefix + key, .missing()) }
        return value
    }

    public mutating func int(_ key: String) throws(NavError) -> Int? {
        switch take(key) {
        case nil, .null?: return nil
        case let value?:
            guard let i = value.intValue else { throw .badField(prefix + key, .wrongType(expected: "an integer", actual: value.nonIntegerDescription)) }
            return i
        }
    }

    public mutating func bool(_ key: String) throws(NavError) -> Bool? {
        switch take(key) {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: throw .badField(prefix + key, .wrongType(expected: "a boolean", actual: other.typeName))
        }
    }

    public mutating func object(_ key: String) throws(NavError) -> JSONObject? {
        switch take(key) {
        case nil, .null?: return nil
        case .object(let o)?: return o
        case let other?: throw .badField(prefix + key, .wrongType(expected: "an object", actual: other.typeName))
        }
    }

    public mutating func screenID(_ key: String) throws(NavError) -> ScreenID? {
        guard let text = try optionalString(key) else { return nil }
        guard let id = ScreenID(text) else { throw .badField(prefix + key, .wrongType(expected: "a screen instance id such as s3", actual: "'\(text)'")) }
        return id
    }

    public mutating func flowID(_ key: String) throws(NavError) -> FlowID? {
        guard let text = try optionalString(key) else { return nil }
        guard let id = FlowID(text) else { throw .badField(prefix + key, .wrongType(expected: "a flow instance id such as f3", actual: "'\(text)'")) }
        return id
    }

    /// Refuses whatever was not read.
    public func finish() throws(NavError) {
        if let key = object.keys.first {
            throw .badField(prefix + key, .unknown)
        }
    }
}
