@testable import NavctlKit
import Testing

/// Instance ids are typed on the command line: a malformed one is a usage error (exit 2)
/// before anything is sent, for every command that takes one.
@Suite("Commands: instance id arguments")
struct InstanceArgumentTests {
    let navd = InProcessNavd()

    @Test func aMalformedIdIsAUsageError() {
        for line in ["close post", "pop-to-root 2", "tab chats --flow s1", "finish flowX", "url f1", "route post postId=1 --from 6"] {
            let outcome = navd.run(line)
            #expect(outcome.status == 2, "\(line)")
            #expect(outcome.stdout == "", "\(line)")
            #expect(outcome.stderr.hasPrefix("navctl: the value '"), "\(line): \(outcome.stderr)")
        }
        // Nothing reached navd: the state is still the boot state.
        #expect(navd.run("state --json").stdout.contains(#""revision":1"#))
    }
}
