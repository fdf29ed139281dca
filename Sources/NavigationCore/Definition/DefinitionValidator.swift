/// Runs the semantic checks of an app definition (docs/app-definition.md), walking it in definition
/// order: root, flows, screens, notFound, guards, then the whole-app warnings. Each family of
/// checks lives in its own `DefinitionValidator+*.swift`.
struct DefinitionValidator {
    let definition: AppDefinition
    private(set) var diagnostics: [Diagnostic] = []
    /// The warnings reported so far: each is reported once.
    private var warned: Set<Diagnostic> = []
    /// The names of `guards`.
    let guardNames: Set<String>

    /// Per screen (definition order): its path's expansions, read by the deep-link matcher's
    /// own parser so that a path validation accepts is one the matcher can build, or why the
    /// path is invalid. `nil` for a screen without a path.
    let patterns: [Result<[PathPattern], PathPatternError>?]

    /// The first expansion of each shape (`PathPattern.shapeKey`) seen so far, with the screen
    /// it belongs to.
    var shapeOwners: [String: (screen: Int, pattern: PathPattern)] = [:]

    init(definition: AppDefinition) {
        self.definition = definition
        guardNames = Set(definition.guards.map(\.name))
        patterns = definition.screens.map { screen in
            screen.path.map { pattern in Result { () throws(PathPatternError) in try PathPattern.expand(pattern) } }
        }
    }

    mutating func run() -> [Diagnostic] {
        checkRoot()
        for flow in definition.flows { check(flow) }
        checkScreensOpenedWithoutParams()
        for index in definition.screens.indices { checkScreen(at: index) }
        checkNotFound()
        for guardDefinition in definition.guards { check(guardDefinition) }
        for event in definition.events { check(event) }
        warnUnreachableScreens()
        warnChainAncestorsMissingParams()
        warnShadowedPatterns()
        return diagnostics
    }

    /// The notes alone (`AppDefinition.notes()`).
    mutating func runNotes() -> [Diagnostic] {
        noteScreensOnlyLinksReach()
        return diagnostics
    }

    private mutating func checkScreen(at index: Int) {
        let screen = definition.screens[index]
        let path = Self.path(ofScreen: screen.name)
        if isFlow(screen.name) {
            error(path, "'\(screen.name)' names both a screen and a flow")
        }
        checkPattern(ofScreenAt: index)
        checkParams(of: screen)
        checkRoutes(of: screen)
        if let transition = screen.transition {
            checkTransition(transition, at: path.key("transition"))
        }
        for (i, name) in screen.requires.enumerated() where !guardNames.contains(name) {
            error(path.key("requires").index(i), "unknown guard '\(name)'" + Self.nearest(name, among: definition.guards.map(\.name)))
        }
    }

    // MARK: Reporting and lookups shared by the checks

    mutating func error(_ path: DiagnosticPath, _ message: String) {
        diagnostics.append(.error(path.description, message))
    }

    /// Warnings are reported once.
    mutating func warning(_ path: DiagnosticPath, _ message: String) {
        let diagnostic = Diagnostic.warning(path.description, message)
        if warned.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// Notes are reported once too.
    mutating func note(_ path: DiagnosticPath, _ message: String) {
        let diagnostic = Diagnostic.note(path.description, message)
        if warned.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    static func path(ofScreen name: String) -> DiagnosticPath {
        DiagnosticPath.root.key("screens").key(name)
    }

    static func path(ofFlow name: String) -> DiagnosticPath {
        DiagnosticPath.root.key("flows").key(name)
    }

    func isScreen(_ name: String) -> Bool { definition.screen(named: name) != nil }
    func isFlow(_ name: String) -> Bool { definition.flow(named: name) != nil }

    /// The expansions of a screen's valid path; empty without a path or when it is invalid.
    func expansions(ofScreenAt index: Int) -> [PathPattern] {
        if case .success(let expansions)? = patterns[index] { return expansions }
        return []
    }
}
