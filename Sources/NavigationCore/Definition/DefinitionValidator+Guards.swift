/// Checks the guards (docs/guards.md): each redirect names a destination that can open when
/// its guard holds a request — one that exists, needs no params, and does not itself require,
/// directly or through the redirects of the guards it requires, the guard it redirects for —
/// and a guard no screen requires is reported, since it never redirects.
extension DefinitionValidator {
    mutating func check(_ guardDefinition: GuardDefinition) {
        let path = DiagnosticPath.root.key("guards").key(guardDefinition.name).key("redirect")
        let redirect = guardDefinition.redirect
        guard isScreen(redirect) || isFlow(redirect) else {
            error(path, "unknown destination '\(redirect)'" + Self.nearest(redirect, among: definition.destinationNames))
            return
        }
        if let screen = screenOpened(by: redirect) {
            let needed = screen.params.filter { $0.isRequired && $0.defaultValue == nil }.map { "'\($0.name)'" }
            if !needed.isEmpty {
                error(path, "redirect '\(redirect)' requires param\(needed.count == 1 ? "" : "s") \(needed.joined(separator: ", ")), but a redirect opens without params")
            }
        }
        if let loop = redirectLoop(from: guardDefinition) {
            error(path, loop)
        }
        let required = definition.screens.contains { $0.requires.contains(guardDefinition.name) }
        if !required {
            warning(DiagnosticPath.root.key("guards").key(guardDefinition.name), "no screen requires guard '\(guardDefinition.name)': it never redirects")
        }
    }

    /// The screen a destination opens with: the screen itself, or a stack flow's root.
    private func screenOpened(by name: String) -> ScreenDefinition? {
        if let screen = definition.screen(named: name) { return screen }
        if let root = definition.flow(named: name)?.rootScreen { return definition.screen(named: root) }
        return nil
    }

    /// The guards opening a destination requires: a screen's `requires`, a stack flow's root
    /// screen's, or those of every tab's root for a tabs flow.
    func guardsRequired(toOpen name: String) -> [String] {
        if let screen = definition.screen(named: name) { return screen.requires }
        guard let flow = definition.flow(named: name) else { return [] }
        switch flow.kind {
        case .stack(let root):
            return definition.screen(named: root)?.requires ?? []
        case .tabs(let tabs, _):
            var names: [String] = []
            for tab in tabs {
                guard let root = definition.flow(named: tab)?.rootScreen else { continue }
                for name in definition.screen(named: root)?.requires ?? [] where !names.contains(name) { names.append(name) }
            }
            return names
        }
    }

    /// Why `start`'s redirect could never open, when it requires `start` itself, directly or
    /// through the redirects of the guards it requires: the sentence names the chain.
    private func redirectLoop(from start: GuardDefinition) -> String? {
        let redirects = Dictionary(definition.guards.map { ($0.name, $0.redirect) }, uniquingKeysWith: { first, _ in first })
        // Depth-first over "redirect R requires guard G", keeping the path for the message.
        var visited: Set<String> = [start.name]
        var stack: [[(redirect: String, guardName: String)]] = guardsRequired(toOpen: start.redirect).map { [(start.redirect, $0)] }
        while let path = stack.popLast() {
            let last = path[path.count - 1]
            if last.guardName == start.name {
                var sentence = "redirect '\(path[0].redirect)' requires '\(path[0].guardName)'"
                for link in path.dropFirst() {
                    sentence += ", whose redirect '\(link.redirect)' requires '\(link.guardName)'"
                }
                return sentence + ", the guard it redirects for: it could never open"
            }
            guard visited.insert(last.guardName).inserted, let next = redirects[last.guardName] else { continue }
            for name in guardsRequired(toOpen: next) { stack.append(path + [(next, name)]) }
        }
        return nil
    }
}
