import NavJSON
/// The URL of a screen with its params (docs/deep-links.md Canonical URL), for `nav.url`.
///
/// The pattern's fullest expansion whose captures all have values is filled in, each value
/// formatted for its type and percent-encoded (a wildcard value keeps its slashes, each part
/// encoded). Params that are set but not in that expansion follow as query items in the
/// screen's declaration order, so that matching the URL and reading its query gives the params
/// back. Null values count as unset; params the screen does not declare are left out.
public enum CanonicalURL {
    /// `/users/42/photos`; `nil` if the screen has no path, a value does not fit its declared
    /// type, or no expansion can be filled (a capture would be missing or empty).
    public static func path(for screen: ScreenDefinition, params: JSONObject) -> String? {
        guard let (segments, query) = fill(screen, params) else { return nil }
        return "/" + segments.map(PercentEncoding.encodePathSegment).joined(separator: "/") + queryString(query)
    }

    /// Under the app's first scheme (`social://users/42/photos`); with no scheme, under the
    /// first host (`https://social.example.com/users/42/photos`); with neither, the bare path.
    public static func url(for screen: ScreenDefinition, params: JSONObject, definition: AppDefinition) -> String? {
        guard let (segments, query) = fill(screen, params) else { return nil }
        if let scheme = definition.schemes.first {
            let encoded = segments.enumerated().map { index, segment in
                index == 0 ? PercentEncoding.encodeAuthoritySegment(segment) : PercentEncoding.encodePathSegment(segment)
            }
            return scheme + "://" + encoded.joined(separator: "/") + queryString(query)
        }
        let path = "/" + segments.map(PercentEncoding.encodePathSegment).joined(separator: "/") + queryString(query)
        if let host = definition.hosts.first { return "https://" + host + path }
        return path
    }

    // MARK: - Filling

    /// Decoded path segments and query items.
    private static func fill(_ screen: ScreenDefinition, _ params: JSONObject)
        -> (segments: [String], query: [(String, String)])?
    {
        guard let path = screen.path, let expansions = try? PathPattern.expand(path),
            let texts = formatted(params, for: screen)
        else { return nil }
        for expansion in expansions {
            guard let segments = fill(expansion, texts) else { continue }
            let inPath = Set(expansion.captureNames)
            let query = screen.params.compactMap { param in
                texts[param.name].flatMap { inPath.contains(param.name) ? nil : (param.name, $0) }
            }
            return (segments, query)
        }
        return nil
    }

    private static func fill(_ expansion: PathPattern, _ texts: [String: String]) -> [String]? {
        var segments: [String] = []
        for segment in expansion.segments {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .capture(let name):
                guard let text = texts[name], !text.isEmpty else { return nil }
                segments.append(text)
            case .wildcard(let name):
                guard let text = texts[name] else { return nil }
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard !parts.contains(where: \.isEmpty) else { return nil }
                segments += parts.map(String.init)
            }
        }
        return segments
    }

    /// Every set param as URL text; `nil` if a declared param's value does not fit its type.
    private static func formatted(_ params: JSONObject, for screen: ScreenDefinition) -> [String: String]? {
        var texts: [String: String] = [:]
        for (name, value) in params.pairs where !value.isNull {
            if let type = screen.param(named: name)?.type {
                guard case .success(let normalized) = type.validate(value), let text = type.format(normalized) else {
                    return nil
                }
                texts[name] = text
            } else if let text = ParamType.string.format(value) {
                texts[name] = text
            }
        }
        return texts
    }

    private static func queryString(_ items: [(String, String)]) -> String {
        if items.isEmpty { return "" }
        return "?" + items.map { PercentEncoding.encodeQueryComponent($0) + "=" + PercentEncoding.encodeQueryComponent($1) }
            .joined(separator: "&")
    }
}
