public import NavJSON
public import NavigationCore

/// Why a revision was made, written once as the JSON `nav.history` and the store keep:
/// `{"method":…,"params":…,"client":…,"clientId":…}`, with `"event"`, `"by"` and `"steps"` for
/// a revision an `event.emit` made. The method is spelled by the layer that names it, as the
/// constant of its method table (`RPCMethod.name` for a request's, `DaemonCause.name` in
/// NavProtocol for navd's own revisions: its start, a migration), printable ASCII copied
/// between quotes as it is; the params are the request's object as navd received it
/// (NavProtocol's `ReceivedParams`); `client` is the connection's `daemon.hello` name and
/// `clientId` its id (`c3`), both `null` for navd's own revisions. `nav.changed` lists the
/// same bytes without the params (`writeJSONWithoutParams`): nothing of a cause is written
/// twice.
public struct HistoryCause: Sendable, Hashable {
    /// The cause's JSON.
    public let bytes: [UInt8]
    /// Where `,"params":{…}` lies in `bytes`.
    let paramsRange: Range<Int>

    /// Writes the cause once. `encodedParams` is the params object's JSON, `steps` the JSON
    /// array of the steps an event became.
    public init(
        method: StaticString, encodedParams: [UInt8], client: String? = nil, clientID: String? = nil,
        event: String? = nil, by: String? = nil, steps: [UInt8]? = nil
    ) {
        var members = Self.clientMembers(client: client, clientID: clientID)
        members.append(contentsOf: Self.eventMembers(event: event, by: by, steps: steps))
        var out = JSONBuffer(capacity: 64 + encodedParams.count + members.count)
        paramsRange = encodedParams.withUnsafeBufferPointer { Self.write(method: method, encodedParams: $0, members: members, into: &out) }
        bytes = out.bytes
    }

    /// A cause whose params lie at `paramsRange` of `bytes` (a history entry's record).
    init(bytes: [UInt8], paramsRange: Range<Int>) {
        self.bytes = bytes
        self.paramsRange = paramsRange
    }

    /// Appends the cause's JSON to `out`, which must be empty (the ranges are from its start),
    /// and returns where `,"params":{…}` lies in it: the one writer of a cause.
    static func write(method: StaticString, encodedParams: UnsafeBufferPointer<UInt8>, members: [UInt8], into out: inout JSONBuffer) -> Range<Int> {
        precondition(out.isEmpty, "navd: a cause is written at the start of its buffer")
        out.append(#"{"method":""#)
        out.append(method)
        out.append(UInt8(ascii: "\""))
        let paramsStart = out.count
        out.append(#","params":"#)
        out.append(encodedParams)
        let paramsEnd = out.count
        out.append(members)
        out.append(UInt8(ascii: "}"))
        return paramsStart..<paramsEnd
    }

    /// `,"client":…,"clientId":…`: who made the revision, as every cause it makes says it.
    public static func clientMembers(client: String?, clientID: String?) -> [UInt8] {
        JSONBuffer.encode(capacity: 64) { out in
            out.append(#","client":"#)
            JSONWriter.writeString(client, into: &out)
            out.append(#","clientId":"#)
            JSONWriter.writeString(clientID, into: &out)
        }
    }

    /// `,"event":…,"by":…,"steps":…` of a revision an `event.emit` made (each only when
    /// given): `steps` is the JSON array of the steps the event became.
    public static func eventMembers(event: String?, by: String?, steps: [UInt8]?) -> [UInt8] {
        JSONBuffer.encode(capacity: 64 + (steps?.count ?? 0)) { out in
            if let event {
                out.append(#","event":"#)
                JSONWriter.writeString(event, into: &out)
            }
            if let by {
                out.append(#","by":"#)
                JSONWriter.writeString(by, into: &out)
            }
            if let steps {
                out.append(#","steps":"#)
                out.append(steps)
            }
        }
    }

    /// A cause whose params are `params` written once (navd's own causes, tests).
    public init(
        method: StaticString, params: JSONValue = .object([:]), client: String? = nil, clientID: String? = nil,
        event: String? = nil, by: String? = nil, steps: JSONValue? = nil
    ) {
        self.init(
            method: method, encodedParams: JSONWriter.bytes(params), client: client, clientID: clientID, event: event, by: by,
            steps: steps.map(JSONWriter.bytes))
    }

    /// A cause as a store kept it (`bytes` of an earlier one), checked and kept as it is:
    /// an object with a string `method`, an object `params`, and `client`, `clientId`,
    /// `event` and `by` each a string or null.
    public init(stored: [UInt8]) throws(TreeDecodingError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(stored, maxDepth: Self.maxDepth)
        } catch {
            throw TreeDecodingError(message: "invalid cause: \(error)")
        }
        guard json["method"]?.stringValue != nil else { throw TreeDecodingError(message: "invalid cause: 'method' must be a string") }
        guard case .object? = json["params"] else { throw TreeDecodingError(message: "invalid cause: 'params' must be an object") }
        for key in ["client", "clientId", "event", "by"] {
            switch json[key] {
            case nil, .null?, .string?: continue
            default: throw TreeDecodingError(message: "invalid cause: '\(key)' must be a string or null")
            }
        }
        // Where the params lie, with the comma that separates them from a neighbour.
        var range: Range<Int>?
        stored.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: Self.maxDepth)
            try? scanner.members(depth: 1) { (key, member) throws(JSONParser.Error) -> Bool in
                let keyStart = member.keyOffset
                try member.skipValue(depth: 2)
                if key.elementsEqual("params".utf8) { range = keyStart..<member.index }
                return true
            }
        }
        guard var cut = range else { throw TreeDecodingError(message: "invalid cause: 'params' is missing") }
        if stored[cut.lowerBound - 1] == UInt8(ascii: ",") {
            cut = (cut.lowerBound - 1)..<cut.upperBound
        } else if cut.upperBound < stored.count, stored[cut.upperBound] == UInt8(ascii: ",") {
            cut = cut.lowerBound..<(cut.upperBound + 1)
        }
        bytes = stored
        paramsRange = cut
    }

    /// Deep enough for any params a request may have (its line's nesting is bounded lower).
    private static let maxDepth = 4096

    /// The cause's JSON, as `nav.history` answers it.
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(bytes)
    }

    /// The cause's JSON without its params, as `nav.changed` lists it.
    public func writeJSONWithoutParams(into out: inout JSONBuffer) {
        bytes.withUnsafeBufferPointer { buffer in
            out.append(UnsafeBufferPointer(rebasing: buffer[..<paramsRange.lowerBound]))
            out.append(UnsafeBufferPointer(rebasing: buffer[paramsRange.upperBound...]))
        }
    }

    /// How many bytes `writeJSONWithoutParams` writes.
    public var countWithoutParams: Int { bytes.count - paramsRange.count }

    /// The cause read back as a value (tests, tools).
    public var jsonValue: JSONValue {
        do {
            return try JSONParser.parse(bytes, maxDepth: Self.maxDepth)
        } catch {
            preconditionFailure("navd: a cause's JSON does not read back: \(error)")
        }
    }

    public var method: String { jsonValue["method"]?.stringValue ?? "" }
    public var params: JSONValue { jsonValue["params"] ?? .object([:]) }
    public var client: String? { jsonValue["client"]?.stringValue }
    public var clientID: String? { jsonValue["clientId"]?.stringValue }
    public var event: String? { jsonValue["event"]?.stringValue }
    public var by: String? { jsonValue["by"]?.stringValue }
    public var steps: JSONValue? { jsonValue["steps"] }

    public static func == (lhs: HistoryCause, rhs: HistoryCause) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
