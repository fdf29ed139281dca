public import NavigationCore
public import NavJSON

extension DeepLinkResolution: JSONWritable {
    /// `routes.resolve`'s result (docs/deep-links.md): `url`, `form`, `path`, `query`, `match`,
    /// `candidates`, then `chain`, `mode`, `ignored`, `notFound` and `error`, one of the last
    /// two groups empty.
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"url":"#, into: &out)
        JSONWriter.writeString(url, into: &out)
        JSONWriter.raw(#","form":"#, into: &out)
        switch parsed.form {
        case .scheme(let scheme):
            JSONWriter.raw(#"{"scheme":"#, into: &out)
            JSONWriter.writeString(scheme, into: &out)
            out.append(UInt8(ascii: "}"))
        case .host(let host):
            JSONWriter.raw(#"{"host":"#, into: &out)
            JSONWriter.writeString(host, into: &out)
            out.append(UInt8(ascii: "}"))
        case .path:
            JSONWriter.raw(#""path""#, into: &out)
        }
        JSONWriter.raw(#","path":"#, into: &out)
        JSONWriter.writeString("/" + parsed.segments.joined(separator: "/"), into: &out)
        JSONWriter.raw(#","query":["#, into: &out)
        for (index, item) in parsed.query.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.raw(#"{"name":"#, into: &out)
            JSONWriter.writeString(item.name, into: &out)
            JSONWriter.raw(#","value":"#, into: &out)
            JSONWriter.writeString(item.value, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        JSONWriter.raw(#"],"match":"#, into: &out)
        if let best = match.best {
            JSONWriter.raw(#"{"screen":"#, into: &out)
            JSONWriter.writeString(best.screen, into: &out)
            JSONWriter.raw(#","pattern":"#, into: &out)
            JSONWriter.writeString(best.pattern.expansion, into: &out)
            JSONWriter.raw(#","source":"#, into: &out)
            JSONWriter.writeString(best.pattern.source, into: &out)
            JSONWriter.raw(#","params":"#, into: &out)
            JSONWriter.write(best.params, into: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            JSONWriter.raw("null", into: &out)
        }
        JSONWriter.raw(#","candidates":["#, into: &out)
        for (index, candidate) in match.candidates.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.raw(#"{"screen":"#, into: &out)
            JSONWriter.writeString(candidate.screen, into: &out)
            JSONWriter.raw(#","pattern":"#, into: &out)
            JSONWriter.writeString(candidate.pattern.expansion, into: &out)
            JSONWriter.raw(#","rejected":"#, into: &out)
            JSONWriter.writeString(candidate.rejected, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        switch outcome {
        case .success(let outcome):
            JSONWriter.raw(#"],"chain":["#, into: &out)
            for (index, step) in outcome.chain.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                step.writeJSON(into: &out)
            }
            JSONWriter.raw(#"],"mode":"#, into: &out)
            JSONWriter.writeString(outcome.mode.rawValue, into: &out)
            JSONWriter.raw(#","ignored":["#, into: &out)
            for (index, name) in outcome.ignored.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(name, into: &out)
            }
            JSONWriter.raw(outcome.notFound ? #"],"notFound":true,"error":null}"# : #"],"notFound":false,"error":null}"#, into: &out)
        case .failure(let error):
            JSONWriter.raw(#"],"chain":[],"mode":null,"ignored":[],"notFound":false,"error":"#, into: &out)
            RPCFailure(error).writeJSON(into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }
}
