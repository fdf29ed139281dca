public import NavClient

/// The shell's prompt: the app, the revision and the top screen (`social r7 post> `), or
/// that navd is not there (`social (no navd)> `).
public enum Prompt {
    public static func text(app: String?, state: NavStateView?) -> String {
        let app = app ?? "navctl"
        guard let state else { return "\(app) (no navd)> " }
        return "\(app) r\(state.revision) \(state.topScreen?.screen ?? "?")> "
    }
}
