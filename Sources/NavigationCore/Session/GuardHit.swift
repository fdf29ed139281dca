import NavJSON
/// A guard that refused to open a screen: the flag that is false and the screen that requires
/// it. Travels up from where the screen would open inside a `guarded` `NavError` (so that the
/// operation rolls back like any refusal) to where the request is held.
struct GuardHit: Sendable, Hashable {
    var flag: Int
    var guardName: String
    var screen: String
    /// The guard's redirect (`nil` only in a definition validation would refuse).
    var redirect: String?

    init(flag: Int, screen: String, context: NavigatorContext) {
        self.flag = flag
        self.guardName = context.flagNames[flag]
        self.screen = screen
        self.redirect = context.guards[flag]?.redirect
    }

    /// `guarded`: `data: {guard, screen, redirect}`, carrying this hit.
    var error: NavError {
        var data: JSONObject = ["guard": .string(guardName), "screen": .string(screen)]
        let consequence: String
        if let redirect {
            data["redirect"] = .string(redirect)
            consequence = "its redirect is \(redirect)"
        } else {
            consequence = "no guard of that name redirects"
        }
        var error = NavError(.guarded, "\(screen) requires '\(guardName)', which is not set (\(consequence))", data: data)
        error.guardHit = self
        return error
    }
}

extension GuardHit: JSONWritable {
    /// `{guard, screen, redirect?}`: what a dry run reports it would hit.
    func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"guard":"#, into: &out)
        JSONWriter.writeString(guardName, into: &out)
        JSONWriter.raw(#","screen":"#, into: &out)
        JSONWriter.writeString(screen, into: &out)
        if let redirect {
            JSONWriter.raw(#","redirect":"#, into: &out)
            JSONWriter.writeString(redirect, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// A guard hit by reference, where it is rare and its holder is copied often: a dry run's
/// (`DeepLinkOutcome`) and a refusal's (`NavError`).
final class GuardHitBox: Sendable, Hashable {
    let hit: GuardHit

    init(_ hit: GuardHit) {
        self.hit = hit
    }

    static func == (lhs: GuardHitBox, rhs: GuardHitBox) -> Bool { lhs.hit == rhs.hit }
    func hash(into hasher: inout Hasher) { hasher.combine(hit) }
}
