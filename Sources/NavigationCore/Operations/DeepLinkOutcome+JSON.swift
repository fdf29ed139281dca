import NavJSON

extension DeepLinkStep: JSONWritable {
    /// `{screen, params, pattern?}`.
    public func writeJSON(into out: inout JSONBuffer) {
        writeMembers(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Up to, not including, the closing brace (the target adds its instance's `id`).
    func writeMembers(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"screen":"#, into: &out)
        JSONWriter.writeString(screen, into: &out)
        JSONWriter.raw(#","params":"#, into: &out)
        JSONWriter.write(params, into: &out)
        if let pattern {
            JSONWriter.raw(#","pattern":"#, into: &out)
            JSONWriter.writeString(pattern, into: &out)
        }
    }
}

extension DeepLinkOutcome: JSONWritable {
    /// `{url, target, chain, mode, ignored, notFound?, dryRun?, plan?, guarded?}`
    /// (docs/deep-links.md): `nav.deeplink`'s result without revision and events.
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "{"))
        writeMembers(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The members, without braces.
    func writeMembers(into out: inout JSONBuffer) {
        JSONWriter.raw(#""url":"#, into: &out)
        JSONWriter.writeString(url, into: &out)
        JSONWriter.raw(#","target":"#, into: &out)
        target.writeMembers(into: &out)
        if let screen {
            JSONWriter.raw(#","id":"#, into: &out)
            screen.writeJSON(into: &out)
        }
        JSONWriter.raw(#"},"chain":["#, into: &out)
        for (index, step) in chain.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            step.writeJSON(into: &out)
        }
        JSONWriter.raw(#"],"mode":"#, into: &out)
        JSONWriter.writeString(mode.rawValue, into: &out)
        JSONWriter.raw(#","ignored":["#, into: &out)
        for (index, name) in ignored.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(name, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        if notFound { JSONWriter.raw(#","notFound":true"#, into: &out) }
        if dryRun {
            JSONWriter.raw(#","dryRun":true,"plan":["#, into: &out)
            for (index, step) in plan.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.write(step, into: &out)
            }
            out.append(UInt8(ascii: "]"))
            if let guarded {
                JSONWriter.raw(#","guarded":"#, into: &out)
                guarded.writeJSON(into: &out)
            }
        }
    }
}
