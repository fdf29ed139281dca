import NavJSON

extension OperationResult: JSONWritable {
    /// The result object of the JSON-RPC response (docs/protocol.md): the detail's members,
    /// `noop` when set, then `revision` and `events`.
    public func writeJSON(into out: inout JSONBuffer) {
        writeJSON(into: &out, encodedEvents: nil)
    }

    /// `writeJSON`, with `encodedEvents`, when given, the events already encoded
    /// (`[NavEvent].encodedJSON`: a committed revision's, as its history record holds them)
    /// and copied in as they are.
    public func writeJSON(into out: inout JSONBuffer, encodedEvents: UnsafeBufferPointer<UInt8>?) {
        out.append(UInt8(ascii: "{"))
        JSONWriter.raw(Self.writeDetailMembers(detail, noop: noop, into: &out) ? #","revision":"# : #""revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","events":"#, into: &out)
        if let encodedEvents { out.append(encodedEvents) } else { events.writeJSON(into: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// The op-specific fields and `noop`, without revision and events: what `nav.apply` lists
    /// per op and `session.set` reports of the request it resumed.
    func writeDetail(into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "{"))
        _ = Self.writeDetailMembers(detail, noop: noop, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `writeDetail`'s object, read back.
    public var detailJSON: JSONObject {
        JSONValue(writtenBy: { writeDetail(into: &$0) }).objectValue!
    }

    /// The detail's members, `noop` last, without braces; whether it wrote any. Inlined: every
    /// answer to a mutation writes it, most of them nothing or a few members, and a call of
    /// its own cost about 45 instructions per request more (a `nav.selectTab` writes none).
    /// The detail is borrowed where the result holds it: its cases' fields are written in
    /// place, not copied out (a route's transition is a retain and a release).
    @inline(__always)
    private static func writeDetailMembers(_ detail: borrowing Detail, noop: Bool, into out: inout JSONBuffer) -> Bool {
        var empty = true
        switch detail {
        case .route(let outcome):
            empty = false
            if let screen = outcome.screen {
                JSONWriter.raw(#""screen":"s"#, into: &out)
                JSONWriter.writeInt(screen.number, into: &out)
                JSONWriter.raw(#"","#, into: &out)
            }
            if let flow = outcome.flow {
                JSONWriter.raw(#""flow":"f"#, into: &out)
                JSONWriter.writeInt(flow.number, into: &out)
                JSONWriter.raw(#"","#, into: &out)
            }
            JSONWriter.raw(#""via":"#, into: &out)
            switch outcome.via {
            case .some(let via):
                via.writeJSON(into: &out)
                if via.fallback { JSONWriter.raw(#","fallback":true"#, into: &out) }
            case .none:
                JSONWriter.raw("null", into: &out)
            }
        case .close(let closed, let finished):
            empty = false
            JSONWriter.raw(#""closed":["#, into: &out)
            for (index, id) in closed.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                id.writeJSON(into: &out)
            }
            JSONWriter.raw(#"],"finished":["#, into: &out)
            for (index, id) in finished.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                id.writeJSON(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .plain:
            break
        case .apply(let results):
            empty = false
            JSONWriter.raw(#""results":["#, into: &out)
            for (index, result) in results.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                result.writeDetail(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .deeplink(let outcome):
            empty = false
            outcome.writeMembers(into: &out)
        case .held(let pending):
            empty = false
            JSONWriter.raw(#""pending":{"method":"#, into: &out)
            JSONWriter.writeString(pending.request.method, into: &out)
            JSONWriter.raw(#","params":"#, into: &out)
            JSONWriter.write(pending.request.params, into: &out)
            JSONWriter.raw(#"},"redirected":"#, into: &out)
            pending.redirect.writeJSON(into: &out)
        }
        if noop {
            JSONWriter.raw(empty ? #""noop":true"# : #","noop":true"#, into: &out)
            empty = false
        }
        return !empty
    }
}
