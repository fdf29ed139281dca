import NavJSON
extension AppDefinition {
    static let fields = ["app", "schemes", "hosts", "root", "flows", "transitions", "screens", "notFound", "guards", "events"]

    /// Decodes the JSON of an app definition (docs/app-definition.md), reporting every structural problem
    /// at once: wrong JSON types, missing required fields, unknown fields, bad transition bases,
    /// malformed `routes` entries. Absent optional collections are empty; definition order is kept.
    ///
    /// The definition is `nil` only when none can be built (the JSON is not an object, or `app`
    /// or `root` is missing). A definition returned with errors is partial: the broken parts are
    /// left out. Semantic checks are `validate()`'s; unknown param types decode to
    /// `ParamType.unknown` so that it can report them.
    public static func decode(_ json: JSONValue) -> (definition: AppDefinition?, diagnostics: [Diagnostic]) {
        var decoder = DefinitionDecoder()
        let definition = decoder.appDefinition(json)
        return (definition, decoder.diagnostics)
    }
}

extension DefinitionDecoder {
    mutating func appDefinition(_ json: JSONValue) -> AppDefinition? {
        let path = DiagnosticPath.root
        guard let object = object(json, at: path, fields: AppDefinition.fields) else { return nil }
        let app = requiredString(object, "app", at: path)
        if let app { checkName(app, kind: "app", at: path.key("app")) }
        let schemes = stringArray(object, "schemes", at: path)
        checkSchemes(schemes, at: path.key("schemes"))
        let hosts = stringArray(object, "hosts", at: path)
        checkHosts(hosts, at: path.key("hosts"))
        let root = requiredString(object, "root", at: path)
        let flows = members(of: object, "flows", at: path).compactMap { flow(named: $0.name, $0.value, at: $0.path) }
        let transitions = members(of: object, "transitions", at: path).compactMap {
            transition(named: $0.name, $0.value, at: $0.path)
        }
        let screens = members(of: object, "screens", at: path).compactMap {
            screen(named: $0.name, $0.value, at: $0.path)
        }
        let notFound = optionalString(object, "notFound", at: path)
        let guards = members(of: object, "guards", at: path).compactMap {
            guardDefinition(named: $0.name, $0.value, at: $0.path)
        }
        let events = members(of: object, "events", at: path).compactMap {
            event(named: $0.name, $0.value, at: $0.path)
        }
        guard let app, let root else { return nil }
        return AppDefinition(
            app: app, schemes: schemes, hosts: hosts, root: root, flows: flows, screens: screens,
            transitions: transitions, notFound: notFound, guards: guards, events: events, source: json)
    }
}
