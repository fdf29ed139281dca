/// The version of navd's programs, one for all of them: `navd --version`, `navctl --version`,
/// `navview --version` and `navbench --version` print `PROGRAM 0.1.0`, and `daemon.info`
/// reports the number.
public enum NavVersion {
    public static let number = "0.1.0"

    /// What `PROGRAM --version` prints, as tmux and ripgrep do: the program's name and the number.
    public static func line(_ program: String) -> String { "\(program) \(number)" }
}
