import Foundation

/// App definitions the `scale` scenario generates into a temporary directory.
enum ScaleApps {
    /// The shapes of `navd check` and startup curves.
    enum Shape: String, CaseIterable {
        /// `/s0` … `/sN`: N one-segment paths.
        case flat
        /// `/catalog/v1/items/all/sI`: every path under one long shared prefix.
        case sharedPrefix = "shared-prefix"
        /// Chains of 16: `/gK`, `/gK/l1`, `/gK/l1/l2`, …: each path's prefixes are other screens'.
        case nested
    }

    /// N screens of a shape; the root screen routes anywhere, so every screen is reachable.
    static func screens(_ count: Int, shape: Shape) -> String {
        var screens: [String] = []
        screens.reserveCapacity(count)
        for index in 0..<count {
            let path: String
            switch shape {
            case .flat:
                path = "/s\(index)"
            case .sharedPrefix:
                path = "/catalog/v1/items/all/s\(index)"
            case .nested:
                path = "/g\(index / 16)" + (0..<(index % 16)).map { "/l\($0 + 1)" }.joined()
            }
            let routes = index == 0 ? #", "routes": ["*"]"# : ""
            screens.append(#""s\#(index)": {"path": "\#(path)"\#(routes)}"#)
        }
        return #"{"app": "scale", "root": "main", "flows": {"main": {"kind": "stack", "root": "s0"}}, "screens": {"#
            + screens.joined(separator: ",\n") + "}}"
    }

    /// The app of the navigation curves: `home` routes anywhere; `page` is pushed, `deck` is a
    /// presented stack, `rest` takes any path under `/w`.
    static let navigation = """
        {"app": "scale", "root": "main",
         "flows": {"main": {"kind": "stack", "root": "home"}},
         "screens": {
           "home": {"path": "/home", "routes": ["*"]},
           "page": {"routes": ["*"]},
           "deck": {"transition": "modalWithNavigation", "routes": ["*"]},
           "rest": {"path": "/w/*rest", "params": {"rest": {"type": "string"}}, "routes": ["*"]}
         }}
        """

    /// Writes `text` to `name` in `directory`; returns the path.
    static func write(_ text: String, named name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }
}
