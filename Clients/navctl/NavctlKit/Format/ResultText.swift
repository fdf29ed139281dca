internal import NavigationCore
public import NavClient
internal import NavJSON

/// The text of a result that changed (or would change) the state.
public enum ResultText {
    /// Every mutation: `r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post`,
    /// or `r2: no change` for a no-op.
    /// `event.emit`: who handled it and the change, or that nobody did; skipped listeners.
    static func emit(_ result: EmitResultView) -> String {
        var lines: [String] = []
        if let handled = result.handled {
            lines.append("handled by \(handled.by): " + change(handled.change))
        } else {
            lines.append("r\(result.revision): not handled (no listener and no steps in the definition): no change")
        }
        for skipped in result.skipped {
            lines.append("skipped \(skipped.client): \(skipped.reason) (\(skipped.message))")
        }
        return lines.joined(separator: "\n")
    }

    public static func change(_ result: OperationResultView) -> String {
        if result.noop || result.events.isEmpty { return "r\(result.revision): no change" }
        return "r\(result.revision): \(EventText.line(result.events))"
    }

    /// `nav.deeplink`: the change, then the mode and chain (and what was ignored); a dry
    /// run prints its plan instead (and the guard it would hit); a held link, the change.
    public static func deepLink(_ operation: OperationResultView) -> String {
        let result = operation.json
        // A guard held the link: the change says what opened instead (docs/guards.md).
        if result["pending"] != nil { return change(operation) }
        let mode = result["mode"]?.stringValue ?? "?"
        let chain = (result["chain"]?.arrayValue ?? []).map(chainEntry).joined(separator: " > ")
        var lines: [String] = []
        if result["dryRun"]?.boolValue == true {
            lines.append("dry run at r\(result["revision"]?.intValue ?? 0), mode \(mode): \(chain)")
            for step in result["plan"]?.arrayValue ?? [] { lines.append("  " + planStep(step)) }
            if let guarded = result["guarded"] {
                let redirect = guarded["redirect"]?.stringValue.map { "; it would be held and \($0) would open" } ?? ""
                lines.append("guarded: \(guarded["screen"]?.stringValue ?? "?") requires \(guarded["guard"]?.stringValue ?? "?")\(redirect)")
            }
        } else {
            lines.append(change(operation))
            lines.append("mode \(mode): \(chain)")
        }
        if result["notFound"]?.boolValue == true { lines.append("no pattern matched: opens the notFound screen") }
        let ignored = (result["ignored"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !ignored.isEmpty { lines.append("ignored query items: \(ignored.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    /// A chain entry: `chat chatId=c9`.
    static func chainEntry(_ entry: JSONValue) -> String {
        ParamText.named(entry["screen"]?.stringValue ?? "?", entry["params"]?.objectValue ?? [:])
    }

    /// A plan step: `selectTab chats`, `open chat chatId=c9 via push`, other fields as name=value.
    static func planStep(_ step: JSONValue) -> String {
        guard let object = step.objectValue else { return JSONWriter.string(step) }
        var parts = [object["action"]?.stringValue ?? "?"]
        for (key, value) in object.pairs where key != "action" {
            switch key {
            case "tab", "flow", "screen":
                parts.append(value.stringValue ?? ParamText.value(value))
            case "params":
                if let params = value.objectValue, !params.isEmpty { parts.append(ParamText.pairs(params)) }
            case "via":
                if let via = try? TransitionView(json: value) { parts.append(TransitionText.via(via)) }
            default:
                parts.append("\(key)=\(ParamText.value(value))")
            }
        }
        return parts.joined(separator: " ")
    }
}
