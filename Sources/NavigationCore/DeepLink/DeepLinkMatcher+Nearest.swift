extension DeepLinkMatcher {
    /// The routes nearest to a path that matched nothing, for a `noRouteForURL` error's
    /// `candidates` (docs/deep-links.md Not found): the routes below the deepest trie node the path
    /// reached (a literal step preferred at equal depth), in definition order, at most `limit`.
    /// A path that reaches no node past the root gets the first routes of the app.
    public func nearest(_ segments: [String], limit: Int = 5) -> [DeepLinkRoute] {
        let node = trie.deepestNode(segments[...]).node
        let first =
            limit <= RouteTrie.firstCap ? trie.nodes[node].firstRoutes : trie.allRoutes(under: node)
        return first.prefix(max(limit, 0)).map { routes[$0] }
    }
}
