internal import NavigationCore
public import NavJSON

/// `navctl resolve URL`: how a URL matches, field by field.
public enum ResolveText {
    public static func render(_ result: JSONValue) -> String {
        var rows: [[String]] = [["url", result["url"]?.stringValue ?? "?"]]
        if let path = result["path"]?.stringValue { rows.append(["path", path]) }
        if let match = result["match"]?.objectValue {
            let screen = ParamText.named(match["screen"]?.stringValue ?? "?", match["params"]?.objectValue ?? [:])
            var pattern = match["pattern"]?.stringValue ?? "?"
            if let source = match["source"]?.stringValue, source != pattern { pattern += " of \(source)" }
            rows.append(["match", "\(screen) (pattern \(pattern))"])
        } else {
            rows.append(["match", result["notFound"]?.boolValue == true ? "none: opens the notFound screen" : "none"])
        }
        let chain = (result["chain"]?.arrayValue ?? []).map(ResultText.chainEntry)
        if !chain.isEmpty { rows.append(["chain", chain.joined(separator: " > ")]) }
        if let mode = result["mode"]?.stringValue { rows.append(["mode", mode]) }
        let ignored = (result["ignored"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !ignored.isEmpty { rows.append(["ignored", ignored.joined(separator: ", ")]) }
        if let error = result["error"], !error.isNull {
            rows.append(["error", error["message"]?.stringValue ?? error.stringValue ?? JSONWriter.string(error)])
        }
        var lines = RoutesText.table(rows).map { String($0.dropFirst(2)) }
        let candidates = result["candidates"]?.arrayValue ?? []
        lines.append(candidates.isEmpty ? "candidates: none" : "candidates:")
        for candidate in candidates {
            var line = "  \(candidate["screen"]?.stringValue ?? "?") \(candidate["pattern"]?.stringValue ?? "?")"
            if let rejected = candidate["rejected"]?.stringValue { line += " (rejected: \(rejected))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
