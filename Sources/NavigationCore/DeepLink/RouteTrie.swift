/// The deep-link route table as a trie keyed by path segment: each node has its literal
/// children in a dictionary, at most one capture child (every `:name` at that depth shares it),
/// and the routes that end there — exactly, or with a final `*name` that takes the rest.
///
/// A walk follows, at each node, the one literal child named by the next segment and the
/// capture child, so it only ever visits nodes whose shape prefix matches the path.
///
/// **Backtracking bound.** A path of length L visits at most min(2^d, Nd) nodes at depth d
/// (Nd = nodes at that depth) for d ≤ min(L, trie depth), each for one dictionary lookup. When
/// literal and capture siblings rarely both lead on — as in route tables that start with a
/// literal — this is a small constant per segment, O(L) overall and independent of the number
/// of patterns; the worst case, 2^L, needs patterns built to mix the two at every depth.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        var capture: Int?
        /// Routes whose pattern ends at this node.
        var terminals: [Int] = []
        /// Routes whose pattern is this node's prefix followed by `*name`.
        var wildcards: [Int] = []
        /// The first routes (by index, i.e. definition order) of this subtree, at most `firstCap`.
        var firstRoutes: [Int] = []
    }

    static let firstCap = 16

    private(set) var nodes: [Node] = [Node()]

    /// Adds a route; route numbers must grow in definition order.
    mutating func insert(_ pattern: PathPattern, route: Int) {
        var node = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let child = nodes[node].literals[text] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].literals[text] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .capture:
                if let child = nodes[node].capture {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].capture = nodes.count - 1
                    node = nodes.count - 1
                }
            case .wildcard:
                nodes[node].wildcards.append(route)
                return
            }
        }
        nodes[node].terminals.append(route)
    }

    /// Fills each node's `firstRoutes`; call once after the last insert. Children always come
    /// after their parent in `nodes`, so one backward pass sees every child first.
    mutating func finish() {
        for index in nodes.indices.reversed() {
            var first = (nodes[index].terminals + nodes[index].wildcards)
            for child in children(of: index) { first += nodes[child].firstRoutes }
            first.sort()
            nodes[index].firstRoutes = Array(first.prefix(Self.firstCap))
        }
    }

    /// Every route whose shape matches the path: a pattern of the same length whose literals
    /// equal the segments at their places, or a wildcard pattern whose fixed part matches a
    /// proper prefix. Order is unspecified.
    func shapeMatches(_ segments: ArraySlice<String>) -> [Int] {
        var found: [Int] = []
        // Through buffers: each step reads the node's fields in place, without copying the
        // node (a dictionary and three arrays) or slicing the path.
        nodes.withUnsafeBufferPointer { nodes in
            segments.withUnsafeBufferPointer { segments in
                Self.collect(nodes, node: 0, depth: 0, segments, into: &found)
            }
        }
        return found
    }

    private static func collect(
        _ nodes: UnsafeBufferPointer<Node>, node index: Int, depth: Int, _ segments: UnsafeBufferPointer<String>,
        into found: inout [Int]
    ) {
        #if DEBUG
        WorkMeter.add(1)
        #endif
        guard depth < segments.count else {
            found.append(contentsOf: nodes[index].terminals)
            return
        }
        if !nodes[index].wildcards.isEmpty { found.append(contentsOf: nodes[index].wildcards) }
        if let child = nodes[index].literals[segments[depth]] {
            collect(nodes, node: child, depth: depth + 1, segments, into: &found)
        }
        if let child = nodes[index].capture { collect(nodes, node: child, depth: depth + 1, segments, into: &found) }
    }

    /// For every prefix of the path at once, in one walk: the routes that end exactly at a
    /// prefix (`exact`, with its length) and the wildcard routes whose fixed part is a prefix
    /// (`wildcards`, with its length; they take the rest of any longer prefix). What
    /// `shapeMatches` gives for the prefix of length n is the `exact` routes of length n and
    /// the `wildcards` of lengths below n. Order is unspecified.
    func prefixMatches(_ segments: ArraySlice<String>) -> (exact: [(length: Int, route: Int)], wildcards: [(length: Int, route: Int)]) {
        var exact: [(length: Int, route: Int)] = []
        var wildcards: [(length: Int, route: Int)] = []
        var pending: [(node: Int, depth: Int)] = [(0, 0)]
        nodes.withUnsafeBufferPointer { nodes in
            segments.withUnsafeBufferPointer { segments in
                while let (index, depth) = pending.popLast() {
                    #if DEBUG
                    WorkMeter.add(1)
                    #endif
                    for route in nodes[index].terminals { exact.append((depth, route)) }
                    guard depth < segments.count else { continue }
                    for route in nodes[index].wildcards { wildcards.append((depth, route)) }
                    if let child = nodes[index].literals[segments[depth]] { pending.append((child, depth + 1)) }
                    if let child = nodes[index].capture { pending.append((child, depth + 1)) }
                }
            }
        }
        return (exact, wildcards)
    }

    /// The deepest node the path reaches (preferring literal steps at equal depth) and its depth.
    func deepestNode(_ segments: ArraySlice<String>) -> (node: Int, depth: Int) {
        var best = (node: 0, depth: 0)
        descend(node: 0, depth: 0, segments: segments, best: &best)
        return best
    }

    private func descend(node index: Int, depth: Int, segments: ArraySlice<String>, best: inout (node: Int, depth: Int)) {
        if depth > best.depth { best = (index, depth) }
        guard let segment = segments.first else { return }
        let rest = segments.dropFirst()
        if let child = nodes[index].literals[segment] { descend(node: child, depth: depth + 1, segments: rest, best: &best) }
        if let child = nodes[index].capture { descend(node: child, depth: depth + 1, segments: rest, best: &best) }
    }

    /// Every route in the subtree of `index`, sorted.
    func allRoutes(under index: Int) -> [Int] {
        var routes: [Int] = []
        var stack = [index]
        while let next = stack.popLast() {
            routes += nodes[next].terminals + nodes[next].wildcards
            stack += children(of: next)
        }
        return routes.sorted()
    }

    private func children(of index: Int) -> [Int] {
        Array(nodes[index].literals.values) + (nodes[index].capture.map { [$0] } ?? [])
    }
}
