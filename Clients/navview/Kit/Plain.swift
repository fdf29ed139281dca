public import NavClient

/// `navview --plain`: a text rendering of the tree after each change, under a line that
/// names the revision and what made it, for logs and tests.
public enum Plain {
    /// `--- revision 7 (nav.route by navctl (c3)) ---` and the tree, one string per line.
    public static func block(_ state: NavStateView, summary: String, glyphs: Glyphs = .unicode) -> [String] {
        ["--- revision \(state.revision) (\(summary)) ---"] + TreePicture(state, glyphs: glyphs).lines.map(\.text)
    }
}
