import FuzzSupport
import NavigationCore
import NavJSON
import NavProtocol

/// One URL against one navigator.
struct DeepLinkCase {
    let url: String
    let navigator: Navigator

    func check() {
        let resolution = resolve(url, on: navigator)
        var planner = navigator
        let plan: OperationResult
        do {
            plan = try planner.perform(.deeplink(url: url, dryRun: true))
        } catch {
            if let resolution {
                expect(resolution["error"] != .null, "routes.resolve reports the error the dry run throws",
                       "\(error)\n\(JSONWriter.string(resolution))")
            }
            return
        }
        expect(planner.revision == navigator.revision && planner.tree == navigator.tree, "a dry run changes nothing")
        guard let resolution else { broken("routes.resolve answers a URL the dry run accepts", "\(plan)") }
        expect(resolution["error"] == .null, "routes.resolve has no error when the dry run succeeds",
               JSONWriter.string(resolution))
        var runner = navigator
        // Named as navd names requests, so that a guard holds the link rather than refusing it.
        runner.requests = .jsonRPC
        let run: OperationResult
        do {
            run = try runner.perform(.deeplink(url: url))
        } catch {
            broken("a link whose dry run succeeds opens", "\(error)")
        }
        runner.expectInvariants("after the deep link")
        if case .deeplink(let outcome) = plan.detail, let guarded = outcome.jsonValue["guarded"] {
            // The dry run named the guard: the link is held, its redirect opened instead.
            expect(runner.session.pending?.request.method == "nav.deeplink" && runner.revision == navigator.revision + 1,
                   "a link whose dry run hits a guard is held, in one revision", "\(JSONWriter.string(guarded))\nrun: \(run)")
            return
        }
        expect(plan.events == run.events && plan.noop == run.noop, "the dry run plans exactly what the link does",
               "plan: \(plan)\nrun: \(run)")
        checkRoundTrip(runner, resolution: resolution)
    }

    /// `routes.resolve` of `url`: its JSON (which must be valid), or nil when it refuses with
    /// -32006 (a URL it cannot parse or of another app).
    private func resolve(_ url: String, on navigator: Navigator) -> JSONValue? {
        let result: JSONValue
        do {
            result = try navigator.resolve(url).jsonValue
        } catch {
            expect(RPCFailure(error).code == .noRouteForURL, "routes.resolve refuses only with -32006", "\(error)")
            return nil
        }
        let text = JSONWriter.bytes(result)
        guard let reparsed = try? JSONParser.parse(text, maxDepth: JSONLines.maxDepth), reparsed == result else {
            broken("routes.resolve answers with valid JSON that parses back", JSONLines.preview(text))
        }
        return result
    }

    /// The screen a link opened (not the notFound screen) has a canonical URL that leads back
    /// to a screen of the same name.
    private func checkRoundTrip(_ runner: Navigator, resolution: JSONValue) {
        guard resolution["notFound"] == false, let opened = resolution["match"]?["screen"]?.stringValue,
              let top = runner.tree.screens[runner.tree.topScreen], top.name == opened
        else { return }
        let canonical: String?
        do {
            canonical = try runner.canonicalURL()
        } catch {
            broken("nav.url of the opened screen answers", "\(error)")
        }
        guard let canonical else { return }
        guard let back = resolve(canonical, on: runner) else {
            broken("the canonical URL of an opened screen resolves", "\(url) -> \(canonical)")
        }
        expect(back["match"]?["screen"]?.stringValue == opened, "the canonical URL leads back to the screen",
               "\(url) -> \(canonical) -> \(JSONWriter.string(back["match"] ?? .null))")
    }
}
