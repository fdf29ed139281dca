import NavJSON
/// The session (docs/guards.md): named boolean flags, all false at boot, that guards test, and
/// the one request a guard holds until the flags it needs are set. Part of the state: it
/// travels with the tree in `nav.state`, `nav.changed` and the stored snapshot.
public struct Session: Sendable, Hashable {
    /// The flag names, in definition order (each guard, then names only `requires` lists).
    public let names: [String]
    /// Each flag's value, by the index of its name.
    public internal(set) var values: [Bool]
    /// The request a guard holds, if any.
    public internal(set) var pending: PendingRequest? {
        get { held?.request }
        set { held = newValue.map(Held.init) }
    }

    /// Whether a request is held: one test of a reference, which every revision makes (the
    /// request itself is big, and copying it out to test it would cost every route).
    public var isHolding: Bool { held != nil }

    /// The pending request, boxed.
    private var held: Held?

    private final class Held: Sendable, Hashable {
        let request: PendingRequest

        init(_ request: PendingRequest) {
            self.request = request
        }

        static func == (lhs: Held, rhs: Held) -> Bool { lhs.request == rhs.request }
        func hash(into hasher: inout Hasher) { hasher.combine(request) }
    }

    init(names: [String]) {
        self.names = names
        self.values = Array(repeating: false, count: names.count)
        self.held = nil
    }

    /// The value of a flag, `nil` for a name that is no flag.
    public func flag(_ name: String) -> Bool? {
        names.firstIndex(of: name).map { values[$0] }
    }
}

extension Session: JSONWritable {
    /// `{flags, pending}`: what `session.get` answers and the state carries as `session`
    /// (`nav.state` and every subscription: written without building a value).
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"flags":"#, into: &out)
        writeFlagsAndPending(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `{NAME: bool, …}` in definition order (the names are distinct: the definition's), then
    /// `,"pending":` and the pending request or `null`. Inlined: `nav.state` writes it.
    @inline(__always)
    func writeFlagsAndPending(into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "{"))
        for index in names.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(names[index], into: &out)
            JSONWriter.raw(values[index] ? ":true" : ":false", into: &out)
        }
        JSONWriter.raw(#"},"pending":"#, into: &out)
        if let pending { pending.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
    }
}
