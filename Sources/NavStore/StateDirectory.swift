import Glibc

/// Where durable state lives: `--state-dir`, else `$XDG_STATE_HOME/navd`, else
/// `~/.local/state/navd`; one database per app, `APP.sqlite`.
public enum StateDirectory {
    public static func resolve(override: String?, environment: [String: String]) -> String {
        if let override, !override.isEmpty { return override }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/navd" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.local/state/navd"
    }

    /// The database of `app` in `directory`. An app name is a file name only when it has no
    /// `/` and is not `.` or `..`; other characters are kept (the name is the app's).
    public static func database(in directory: String, app: String) -> String {
        let safe = app.isEmpty || app == "." || app == ".." ? "app" : String(app.map { $0 == "/" ? "_" : $0 })
        return directory + "/" + safe + ".sqlite"
    }

    /// Creates `directory` (and its missing parents) with mode 0700; an existing one is left as
    /// it is, but refused (`.unsafeDirectory`) when it belongs to another user or others can
    /// write to it, as the socket's directory is: another user could put a database of their
    /// own, or a link, where navd opens its own.
    public static func create(_ directory: String) throws(StoreError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw StoreError.system(errno, path: directory, doing: "cannot create \(path)")
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StoreError(.failed, path: directory, detail: "not a directory")
        }
        guard info.st_uid == geteuid() else {
            throw StoreError(.unsafeDirectory, path: directory, detail: "it belongs to uid \(info.st_uid), not to uid \(geteuid()) that runs navd")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw StoreError(.unsafeDirectory, path: directory, detail: "others can write to it (mode \(String(info.st_mode & 0o7777, radix: 8)))")
        }
    }
}
