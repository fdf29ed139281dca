extension DeepLinkMatcher {
    /// The screens a deep link opens, in order (docs/deep-links.md Chain): the best match of every
    /// prefix of the path, one segment longer each time, the full path last; consecutive
    /// matches of one screen keep only the longest. Empty if the full path does not match.
    ///
    /// `/chats/c9/messages/4` → chatList, chat{chatId:"c9"}, message{chatId:"c9", messageId:4}.
    /// The empty prefix is not tried, so a `/` route joins a chain only as the whole path (else
    /// it would head every link).
    ///
    /// Costs O(L) for a path of L segments, not one match per prefix: one trie walk of the
    /// whole path finds, for every prefix, the routes that end there and the wildcard routes
    /// that take its rest; each prefix then tries its candidates best first without building
    /// a wildcard's text (`ParamType.fit`), and only the matches the chain keeps are converted.
    /// A wildcard route that can never fit a longer prefix is dropped as soon as that is known,
    /// so a long path tries each route a bounded number of times.
    public func chain(for segments: [String]) -> [DeepLinkMatch] {
        let path = segments[...]
        let found = trie.prefixMatches(path)
        var exact = [[Int]](repeating: [], count: segments.count + 1)
        for (length, route) in found.exact { exact[length].append(route) }
        // Wildcard routes by the length their fixed part ends at; those that apply to a prefix
        // are kept sorted best first.
        var wildcardsFrom = [[Int]](repeating: [], count: segments.count + 1)
        for (start, route) in found.wildcards { wildcardsFrom[start].append(route) }
        var active: [Int] = []
        // Whether a wildcard route's captures before its wildcard convert (the same for every
        // prefix it applies to).
        var fixedFit: [Int: Bool] = [:]

        func best(_ length: Int) -> Int? {
            let prefix = path[..<length]
            var candidates = exact[length]
            if candidates.count > 1 { candidates.sort { ranks[$0] < ranks[$1] } }
            var next = 0
            var index = 0
            while next < candidates.count || index < active.count {
                if next < candidates.count, index == active.count || ranks[candidates[next]] < ranks[active[index]] {
                    let route = candidates[next]
                    next += 1
                    if captures[route].allSatisfy({ $0.fit(in: prefix) == .fits }) { return route }
                    continue
                }
                let route = active[index]
                switch wildcardFit(route, prefix, &fixedFit) {
                case .fits: return route
                case .doesNotFit: index += 1
                case .never: active.remove(at: index)
                }
            }
            return nil
        }

        var kept: [(length: Int, route: Int)] = []
        func keep(_ length: Int, _ route: Int) {
            if let last = kept.last, routes[last.route].screen == routes[route].screen {
                kept[kept.count - 1] = (length, route)
            } else {
                kept.append((length, route))
            }
        }
        for length in 0...segments.count {
            for route in wildcardsFrom[length] {
                let place = active.firstIndex { ranks[route] < ranks[$0] } ?? active.count
                active.insert(route, at: place)
            }
            #if DEBUG
            WorkMeter.add(1 + active.count)
            #endif
            guard length > 0 || segments.isEmpty else { continue }
            if length == segments.count {
                guard let route = best(length) else { return [] }
                keep(length, route)
            } else if let route = best(length) {
                keep(length, route)
            }
        }
        return kept.map { length, route in
            guard case .success(let params) = convert(route: route, path[..<length]) else {
                preconditionFailure("navd: a route that fit its prefix did not convert")
            }
            return DeepLinkMatch(screen: routes[route].screen, pattern: routes[route].pattern, params: params)
        }
    }

    /// Whether a wildcard route's captures fit a prefix; `.never` when they cannot fit any
    /// longer prefix either.
    private func wildcardFit(_ route: Int, _ prefix: ArraySlice<String>, _ fixedFit: inout [Int: Bool]) -> ParamType.PathFit {
        let captures = self.captures[route]
        let fixed = fixedFit[route] ?? {
            let fits = captures.allSatisfy { $0.isWildcard || $0.fit(in: prefix) == .fits }
            fixedFit[route] = fits
            return fits
        }()
        guard fixed else { return .never }
        return captures.last { $0.isWildcard }?.fit(in: prefix) ?? .fits
    }
}
