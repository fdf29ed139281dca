import NavJSON
/// How a screen or container was opened: the base kind that was applied, the custom
/// transition's name and animator if one was used, and whether push fell back to modal.
public struct AppliedTransition: Sendable, Hashable {
    public var kind: TransitionKind
    public var fallback: Bool
    /// The custom transition's name and animator, boxed (`nil` for a base transition). A
    /// transition is copied into the screen it opens, the enter event and the result: a copy
    /// of two optional strings goes through their value witness (about 130 instructions
    /// apiece), a copy of the box is one retain. The box also holds their JSON members,
    /// written once (the definition's transitions are made once).
    private var names: Names?

    public var name: String? {
        get { names?.name }
        set { names = Names(name: newValue, animator: animator) }
    }

    public var animator: String? {
        get { names?.animator }
        set { names = Names(name: name, animator: newValue) }
    }

    public init(kind: TransitionKind, name: String? = nil, animator: String? = nil, fallback: Bool = false) {
        self.kind = kind
        self.fallback = fallback
        self.names = Names(name: name, animator: animator)
    }

    /// The transition with its base replaced by `modal` because there was no stack to push on.
    func fellBack() -> AppliedTransition {
        var fellBack = self
        fellBack.kind = .modal
        fellBack.fallback = true
        return fellBack
    }

    private final class Names: Sendable, Hashable {
        let name: String?
        let animator: String?
        /// `,"name":…,"animator":…` (each when set), as every event and result carrying the
        /// transition writes it: copied, not escaped again for each of them.
        let members: [UInt8]

        /// `nil` when there is neither.
        init?(name: String?, animator: String?) {
            guard name != nil || animator != nil else { return nil }
            self.name = name
            self.animator = animator
            members = JSONBuffer.encode(capacity: 32) { out in
                if let name {
                    JSONWriter.raw(#","name":"#, into: &out)
                    JSONWriter.writeString(name, into: &out)
                }
                if let animator {
                    JSONWriter.raw(#","animator":"#, into: &out)
                    JSONWriter.writeString(animator, into: &out)
                }
            }
        }

        /// Appends `members`, read where the box holds them: called through the optional box
        /// (`names?.write`), neither the box nor the bytes are retained to be read.
        @inline(__always)
        func write(into out: inout JSONBuffer) {
            out.append(members)
        }

        static func == (lhs: Names, rhs: Names) -> Bool { lhs.name == rhs.name && lhs.animator == rhs.animator }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(animator)
        }
    }
}

extension AppliedTransition: JSONWritable {
    /// `{kind, name?, animator?, fallback?}` (docs/tree.md).
    public func writeJSON(into out: inout JSONBuffer) {
        if isPlain {
            switch kind {
            case .push: JSONWriter.raw(#"{"kind":"push"}"#, into: &out)
            case .modal: JSONWriter.raw(#"{"kind":"modal"}"#, into: &out)
            case .modalWithNavigation: JSONWriter.raw(#"{"kind":"modalWithNavigation"}"#, into: &out)
            }
            return
        }
        writeMembers(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A built-in transition that did not fall back: its JSON is one of a few constants.
    var isPlain: Bool { names == nil && !fallback }

    /// `{"kind":…` up to, not including, the closing brace (an event's `via` adds its direction).
    func writeMembers(into out: inout JSONBuffer) {
        switch kind {
        case .push: out.append(#"{"kind":"push""#)
        case .modal: out.append(#"{"kind":"modal""#)
        case .modalWithNavigation: out.append(#"{"kind":"modalWithNavigation""#)
        }
        names?.write(into: &out)
        if fallback { JSONWriter.raw(#","fallback":true"#, into: &out) }
    }
}

/// Which way a transition ran in a lifecycle event.
public enum TransitionDirection: String, Sendable, Hashable {
    case push, pop, present, dismiss
}
