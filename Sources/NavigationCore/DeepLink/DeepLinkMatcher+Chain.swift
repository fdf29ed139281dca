extension DeepLinkMatcher {
    /// The screens a deep link opens, in order (docs/deep-links.md Chain): the best match of every
    /// prefix of the path, one segment longer each time, the full path last; consecutive
    /// matches of one screen keep only the longest. Empty if the full path does not match.
    ///
    /// `/chats/c9/messages/4` → chatList, chat{chatId:"c9"}, message{chatId:"c9", messageId:4}.
    /// The empty prefix is not tried, so a `/` route joins a chain only as the whole path (else
    /// it would head every link). Costs one match per prefix: O(L) matches for a path of L.
    public func chain(for segments: [String]) -> [DeepLinkMatch] {
        guard let full = bestMatch(segments[...]) else { return [] }
        var chain: [DeepLinkMatch] = []
        for length in segments.indices.dropLast() {
            guard let match = bestMatch(segments[..<(length + 1)]) else { continue }
            append(match, to: &chain)
        }
        append(full, to: &chain)
        return chain
    }

    private func append(_ match: DeepLinkMatch, to chain: inout [DeepLinkMatch]) {
        if chain.last?.screen == match.screen {
            chain[chain.count - 1] = match
        } else {
            chain.append(match)
        }
    }
}
