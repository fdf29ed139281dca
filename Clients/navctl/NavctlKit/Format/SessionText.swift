public import NavClient
internal import NavJSON

/// The session as text: `flags: signedIn=false` and the pending request.
public enum SessionText {
    /// Two lines: the flags, then `pending: none` or `pending: nav.route to=account — account
    /// waits for signedIn (redirected to login s5, flow f6)`.
    public static func render(_ session: SessionView) -> String {
        let flags = session.flags.isEmpty ? "none" : session.flags.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        return "flags: \(flags)\npending: \(pending(session.pending))"
    }

    static func pending(_ pending: PendingRequestView?) -> String {
        guard let pending else { return "none" }
        let params = pending.params.isEmpty ? "" : " " + ParamText.pairs(pending.params)
        let flow = pending.redirectFlow.map { ", flow \($0)" } ?? ""
        return "\(pending.method)\(params) — \(pending.summary) (redirected to \(pending.redirectTo) \(pending.redirectScreen)\(flow))"
    }

    /// `session set`: the change (`r4: …` or `r3: no change`), what was resumed, the flags.
    public static func change(_ result: SessionSetView) -> String {
        var lines: [String] = []
        if result.noop {
            lines.append("r\(result.revision): no change")
        } else if result.events.isEmpty {
            lines.append("r\(result.revision): flags changed")
        } else {
            lines.append("r\(result.revision): \(EventText.line(result.events))")
        }
        if let resumed = result.resumed { lines.append("resumed \(resumed)") }
        lines.append(render(result.session))
        return lines.joined(separator: "\n")
    }

    /// `{flags, pending}` as navd sends it (what `--json` prints).
    static func json(_ session: SessionView) -> JSONValue {
        var flags = JSONObject()
        for flag in session.flags { flags[flag.name] = .bool(flag.value) }
        guard let pending = session.pending else { return ["flags": .object(flags), "pending": .null] }
        var redirected: JSONObject = ["to": .string(pending.redirectTo), "screen": .string(pending.redirectScreen)]
        if let flow = pending.redirectFlow { redirected["flow"] = .string(flow) }
        return ["flags": .object(flags), "pending": [
            "method": .string(pending.method), "params": .object(pending.params), "guard": .string(pending.guardName),
            "screen": .string(pending.screen), "redirected": .object(redirected),
        ]]
    }
}
