extension RouteTrie {
    /// Walks the pattern's own shape down the trie and calls `body(length, route)` for each
    /// proper prefix (1 ..< segments, no wildcard) that is exactly the shape of a route: the
    /// first such route by number (definition order). One dictionary lookup per segment, so
    /// all the prefixes of every pattern cost time linear in the patterns' segments.
    func forEachPrefixRoute(of pattern: PathPattern, _ body: (_ length: Int, _ route: Int) -> Void) {
        var node = 0
        for (offset, segment) in pattern.segments.dropLast().enumerated() {
            let next: Int?
            switch segment {
            case .literal(let text): next = nodes[node].literals[text]
            case .capture: next = nodes[node].capture
            case .wildcard: next = nil
            }
            guard let next else { return }
            node = next
            if let route = nodes[node].terminals.first { body(offset + 1, route) }
        }
    }
}
