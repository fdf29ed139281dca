/// Warns when a deep link's chain (docs/deep-links.md) would open an ancestor screen without a
/// required param: every proper prefix of a path that matches another screen's pattern opens
/// that screen with only the params its own pattern captures there.
///
/// Ancestors are found by walking each expansion's shape down a `RouteTrie` of all expansions
/// (a prefix has an ancestor exactly where the walk reaches a node where a route ends), so the
/// check costs time linear in the definition's path segments, not one comparison per pair of
/// screens. Each ancestor's param is reported once, at the param, naming the first screen
/// whose links pass through it and how many others do.
extension DefinitionValidator {
    mutating func warnChainAncestorsMissingParams() {
        var trie = RouteTrie()
        var owners: [(screen: Int, pattern: PathPattern)] = []
        for index in definition.screens.indices {
            for expansion in expansions(ofScreenAt: index) {
                trie.insert(expansion, route: owners.count)
                owners.append((index, expansion))
            }
        }
        // Per ancestor route: the first descendant (screen, expansion) and how many screens.
        var first: [Int: (screen: Int, pattern: PathPattern)] = [:]
        var descendants: [Int: Int] = [:]
        var lastDescendant: [Int: Int] = [:]
        var order: [Int] = []
        for (index, expansion) in owners where expansion.segments.count > 1 {
            trie.forEachPrefixRoute(of: expansion) { _, route in
                guard owners[route].screen != index, lastDescendant[route] != index else { return }
                lastDescendant[route] = index
                descendants[route, default: 0] += 1
                if first[route] == nil {
                    first[route] = (index, expansion)
                    order.append(route)
                }
            }
        }
        var reported: Set<[String]> = []
        for route in order.sorted() {
            let (ancestorIndex, ancestorPattern) = owners[route]
            let ancestor = definition.screens[ancestorIndex]
            let supplied = Set(ancestorPattern.captureNames)
            guard let (descendantIndex, descendantPattern) = first[route] else { continue }
            let descendant = definition.screens[descendantIndex].name
            let others = (descendants[route] ?? 1) - 1
            let links = "links to '\(descendant)' ('\(descendantPattern.expansion)')"
                + (others == 0 ? "" : " and \(others) other screen\(others == 1 ? "" : "s")")
            for param in ancestor.params where param.isRequired && param.defaultValue == nil && !supplied.contains(param.name) {
                guard reported.insert([ancestor.name, param.name]).inserted else { continue }
                warning(
                    Self.path(ofScreen: ancestor.name).key("params").key(param.name),
                    "deep link chain: \(links) open '\(ancestor.name)' first, through its path '\(ancestorPattern.expansion)', which cannot supply its required param '\(param.name)'"
                )
            }
        }
    }
}
