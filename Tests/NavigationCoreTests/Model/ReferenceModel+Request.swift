import NavigationCore
import NavJSON

/// A request as the model understands it, read from the JSON params a client sends
/// (docs/operations.md; unknown fields refused, semantics.md §19).
struct RefRequest {
    var method: String
    var op: RefOp
    var expectRevision: Int?
}

indirect enum RefOp {
    case route(RefRoute)
    case close(screen: Int?)
    case popTo(RefSelector, inclusive: Bool)
    case popToRoot(flow: Int?)
    case dismissAll
    case selectTab(RefTab, flow: Int?)
    case finish(flow: Int, result: JSONValue)
    case apply([RefRequest])
    case deeplink(url: String)
}

struct RefRoute {
    var to: String
    var params: JSONObject = [:]
    var transition: String?
    var from: Int?
    var singleTop = false
    var popTo: RefSelector?
    var popToInclusive = false
}

/// `s<n>` is a screen instance; anything else a screen name.
enum RefSelector {
    case id(Int)
    case name(String)

    init(_ text: String) {
        if let id = refParseID(text, prefix: "s") { self = .id(id) } else { self = .name(text) }
    }
}

enum RefTab {
    case index(Int)
    case name(String)
}

/// The number of `s12` / `f3`: the prefix, then decimal digits without a leading zero.
func refParseID(_ text: String, prefix: Character) -> Int? {
    guard text.first == prefix else { return nil }
    let digits = text.dropFirst()
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), digits == "0" || digits.first != "0" else { return nil }
    return Int(digits)
}

extension RefRequest {
    static let methods = [
        "nav.route", "nav.close", "nav.popTo", "nav.popToRoot", "nav.dismissAll", "nav.selectTab", "flow.finish",
        "nav.apply", "nav.deeplink",
    ]

    static func decode(method: String, params: JSONValue?) throws(RefError) -> RefRequest {
        let fields: JSONObject
        switch params {
        case nil, .null?: fields = [:]
        case .object(let object)?: fields = object
        default: throw .invalidParam("params")
        }
        let known: [String]
        switch method {
        case "nav.route": known = ["to", "params", "transition", "from", "singleTop", "popTo"]
        case "nav.close": known = ["screen"]
        case "nav.popTo": known = ["screen", "inclusive"]
        case "nav.popToRoot": known = ["flow"]
        case "nav.dismissAll": known = []
        case "nav.selectTab": known = ["tab", "flow"]
        case "flow.finish": known = ["flow", "result"]
        case "nav.apply": known = ["ops"]
        case "nav.deeplink": known = ["url"]
        default: throw RefError(code: -32601, reason: "methodNotFound")
        }
        for key in fields.keys where !known.contains(key) && key != "expectRevision" {
            throw .invalidParam(key)
        }
        let f = RefFields(fields)
        let expect = try f.int("expectRevision")
        let op: RefOp
        switch method {
        case "nav.route":
            guard let to = try f.string("to") else { throw .invalidParam("to") }
            var route = RefRoute(to: to)
            route.params = try f.object("params") ?? [:]
            route.transition = try f.string("transition")
            route.from = try f.id("from", prefix: "s")
            route.singleTop = try f.bool("singleTop") ?? false
            if let popTo = try f.object("popTo") {
                for key in popTo.keys where key != "screen" && key != "inclusive" { throw .invalidParam("popTo." + key) }
                let inner = RefFields(popTo)
                guard let screen = try inner.string("screen") else { throw .invalidParam("popTo.screen") }
                route.popTo = RefSelector(screen)
                route.popToInclusive = try inner.bool("inclusive") ?? false
            }
            op = .route(route)
        case "nav.close":
            op = .close(screen: try f.id("screen", prefix: "s"))
        case "nav.popTo":
            guard let screen = try f.string("screen") else { throw .invalidParam("screen") }
            op = .popTo(RefSelector(screen), inclusive: try f.bool("inclusive") ?? false)
        case "nav.popToRoot":
            op = .popToRoot(flow: try f.id("flow", prefix: "f"))
        case "nav.dismissAll":
            op = .dismissAll
        case "nav.selectTab":
            let tab: RefTab
            switch fields["tab"] {
            case .string(let name)?: tab = .name(name)
            case .int(let index)?: tab = .index(index)
            default: throw .invalidParam("tab")
            }
            op = .selectTab(tab, flow: try f.id("flow", prefix: "f"))
        case "flow.finish":
            guard let flow = try f.id("flow", prefix: "f") else { throw .invalidParam("flow") }
            op = .finish(flow: flow, result: fields["result"] ?? .null)
        case "nav.deeplink":
            guard let url = try f.string("url") else { throw .invalidParam("url") }
            op = .deeplink(url: url)
        default:
            guard case .array(let list)? = fields["ops"] else { throw .invalidParam("ops") }
            var steps: [RefRequest] = []
            for (index, item) in list.enumerated() {
                do throws(RefError) {
                    guard case .object(let entry) = item else { throw .invalidParam("ops[\(index)]") }
                    for key in entry.keys where key != "method" && key != "params" { throw .invalidParam("ops[\(index)].\(key)") }
                    guard case .string(let stepMethod)? = entry["method"], methods.contains(stepMethod) else {
                        throw .invalidParam("ops[\(index)].method")
                    }
                    steps.append(try decode(method: stepMethod, params: entry["params"]))
                } catch {
                    throw error.at(step: index, item["method"]?.stringValue ?? "?")
                }
            }
            op = .apply(steps)
        }
        return RefRequest(method: method, op: op, expectRevision: expect)
    }
}

/// Typed reads of request fields; `null` means absent.
private struct RefFields {
    let fields: JSONObject
    init(_ fields: JSONObject) { self.fields = fields }

    func string(_ key: String) throws(RefError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw .invalidParam(key)
        }
    }

    func int(_ key: String) throws(RefError) -> Int? {
        switch fields[key] {
        case nil, .null?: return nil
        case .int(let i)?: return i
        default: throw .invalidParam(key)
        }
    }

    func bool(_ key: String) throws(RefError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        default: throw .invalidParam(key)
        }
    }

    func object(_ key: String) throws(RefError) -> JSONObject? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let o)?: return o
        default: throw .invalidParam(key)
        }
    }

    func id(_ key: String, prefix: Character) throws(RefError) -> Int? {
        guard let text = try string(key) else { return nil }
        guard let id = refParseID(text, prefix: prefix) else { throw .invalidParam(key) }
        return id
    }
}
