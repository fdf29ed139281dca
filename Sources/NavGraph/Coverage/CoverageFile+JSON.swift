public import NavJSON

extension CoverageFile {
    /// The file's JSON (Protocol/coverage.schema.json), every map sorted by key so that the
    /// same counts always write the same bytes.
    public var jsonValue: JSONValue {
        func counts(_ map: [String: Int]) -> JSONValue {
            .object(JSONObject(map.keys.sorted().map { ($0, JSONValue.int(map[$0]!)) }))
        }
        let edgeList: [JSONValue] = edges.keys.sorted().map { edge in
            var object: JSONObject = ["from": .string(edge.from), "to": .string(edge.to), "transition": .string(edge.transition)]
            if edge.fallback { object["fallback"] = true }
            object["count"] = .int(edges[edge]!)
            return .object(object)
        }
        let guardMap = JSONObject(guards.keys.sorted().map { name in
            (name, JSONValue.object(["held": .int(guards[name]!.held), "resumed": .int(guards[name]!.resumed)]))
        })
        let eventMap = JSONObject(events.keys.sorted().map { name in
            (name, JSONValue.object(["emitted": .int(events[name]!.emitted), "handled": .int(events[name]!.handled)]))
        })
        return [
            "format": .string(Self.format), "version": .int(Self.version), "app": .string(app), "runs": .int(runs),
            "screens": counts(screens), "edges": .array(edgeList), "patterns": counts(patterns),
            "guards": .object(guardMap), "events": .object(eventMap), "tabs": counts(tabs),
            "definition": definition,
        ]
    }

    /// Reads a coverage file's text; a file that is not one, or of another version, is an
    /// error that says so.
    public init(json text: String) throws(CoverageFileError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, maxDepth: 256)
        } catch {
            throw CoverageFileError("not JSON: \(error.message) (byte \(error.offset))")
        }
        try self.init(jsonValue: json)
    }

    public init(jsonValue json: JSONValue) throws(CoverageFileError) {
        guard case .object(let object) = json, object["format"]?.stringValue == Self.format else {
            throw CoverageFileError("not a navd coverage file (no \"format\": \"\(Self.format)\")")
        }
        guard let version = object["version"]?.intValue else { throw CoverageFileError("no version") }
        guard version == Self.version else {
            throw CoverageFileError("version \(version) is not one this navctl reads (it reads \(Self.version))")
        }
        guard let app = object["app"]?.stringValue else { throw CoverageFileError("no app") }
        guard let definition = object["definition"], case .object = definition else { throw CoverageFileError("no definition") }
        guard let runs = object["runs"]?.intValue, runs >= 0 else { throw CoverageFileError("runs is not a count") }
        self.init(app: app, definition: definition, runs: runs)
        screens = try Self.counts(object, "screens")
        patterns = try Self.counts(object, "patterns")
        tabs = try Self.counts(object, "tabs")
        guard let edgeList = object["edges"]?.arrayValue else { throw CoverageFileError("edges is not an array") }
        for (i, entry) in edgeList.enumerated() {
            guard let from = entry["from"]?.stringValue, let to = entry["to"]?.stringValue,
                let transition = entry["transition"]?.stringValue, let count = entry["count"]?.intValue, count >= 0
            else { throw CoverageFileError("edges[\(i)] needs from, to, transition and count") }
            let fallback = entry["fallback"]?.boolValue ?? false
            edges[Edge(from: from, to: to, transition: transition, fallback: fallback), default: 0] += count
        }
        for (name, value) in try Self.members(object, "guards") {
            guard let held = value["held"]?.intValue, let resumed = value["resumed"]?.intValue, held >= 0, resumed >= 0 else {
                throw CoverageFileError("guards.\(name) needs held and resumed counts")
            }
            guards[name] = GuardCount(held: held, resumed: resumed)
        }
        for (name, value) in try Self.members(object, "events") {
            guard let emitted = value["emitted"]?.intValue, let handled = value["handled"]?.intValue, emitted >= 0, handled >= 0 else {
                throw CoverageFileError("events.\(name) needs emitted and handled counts")
            }
            events[name] = EventCount(emitted: emitted, handled: handled)
        }
    }

    private static func members(_ object: JSONObject, _ key: String) throws(CoverageFileError) -> [(key: String, value: JSONValue)] {
        guard case .object(let map)? = object[key] else { throw CoverageFileError("\(key) is not an object") }
        return map.pairs
    }

    private static func counts(_ object: JSONObject, _ key: String) throws(CoverageFileError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (name, value) in try members(object, key) {
            guard let count = value.intValue, count >= 0 else { throw CoverageFileError("\(key).\(name) is not a count") }
            counts[name] = count
        }
        return counts
    }
}
