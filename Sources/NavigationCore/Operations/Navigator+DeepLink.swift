import NavJSON
/// How a deep link was applied (docs/deep-links.md "Applying").
public enum DeepLinkMode: String, Sendable, Hashable {
    /// The chain starts at the root screen of the root flow or of a tab.
    case reset
    /// The chain starts at the root screen of another flow, which is opened first.
    case flow
    /// The chain is opened from the current top.
    case top
}

/// One screen of a deep link's chain, with its params (captures, query, defaults).
public struct DeepLinkStep: Sendable, Hashable {
    public var screen: String
    public var params: JSONObject
    /// The expanded pattern that matched this step's prefix (`nil` for `notFound`).
    public var pattern: String?
}

/// What `nav.deeplink` did or, in a dry run, would do.
public struct DeepLinkOutcome: Sendable, Hashable {
    public var url: String
    public var chain: [DeepLinkStep]
    public var mode: DeepLinkMode
    /// Query items that name no param of any chain screen.
    public var ignored: [String]
    /// The target was already the top screen with equal params.
    public var noop: Bool
    public var dryRun: Bool
    /// Whether `notFound` was opened because no pattern matched.
    public var notFound: Bool
    /// The steps taken, as a person reads them: `dismissAll`, `selectTab feed`, `open post`…
    public var plan: [JSONValue]
    /// The screen instance the link ended on (`nil` in a dry run).
    public var screen: ScreenID?
    /// In a dry run, the guard the link would hit: the first screen of the chain that
    /// requires a flag that is false (a real link would be held).
    var guarded: GuardHit? {
        get { guardedBox?.hit }
        set { guardedBox = newValue.map(GuardHitBox.init) }
    }
    /// Boxed: rare, and every result (of every operation: a deep link's outcome is the
    /// largest detail) is copied several times on its way out.
    var guardedBox: GuardHitBox? = nil

    public var target: DeepLinkStep { chain[chain.count - 1] }
}

extension Navigator {
    /// `nav.deeplink` (docs/deep-links.md): resolve the chain, then open it as one revision.
    mutating func deeplink(_ url: String, dryRun: Bool, matcher: DeepLinkMatcher) throws(NavError) -> DeepLinkOutcome {
        var resolved = try resolveDeepLink(url, matcher: matcher)
        resolved.dryRun = dryRun
        let top = tree.screens[tree.topScreen]!
        if top.name == resolved.target.screen && top.params == resolved.target.params {
            resolved.noop = true
            resolved.screen = top.id
            return resolved
        }
        // Guards: any screen of the chain that requires a flag that is false holds the link
        // (docs/guards.md); a dry run reports it and plans on.
        for (index, step) in resolved.chain.enumerated() {
            guard let hit = guardHit(onScreen: step.screen) else { continue }
            if dryRun {
                resolved.guarded = hit
                break
            }
            throw hit.error.atStep(index, "open \(step.screen)")
        }
        var plan: [JSONValue] = []
        var rest = resolved.chain[...]
        switch resolved.mode {
        case .reset:
            let first = rest.removeFirst()
            if !dismissAll().isEmpty { plan.append(["action": "dismissAll"]) }
            let root = tree.flows[tree.rootFlow]!
            var stack = tree.rootFlow
            if root.kind == .tabs {
                let index = root.tabs.firstIndex { definition.flow(named: tree.flows[$0]?.name ?? "")?.rootScreen == first.screen }!
                if index != root.selected {
                    select(index, in: tree.rootFlow)
                    plan.append(["action": "selectTab", "tab": .string(tree.flows[root.tabs[index]]!.name ?? "")])
                }
                stack = root.tabs[index]
            }
            if pop(stack, keep: 1) { plan.append(["action": "popToRoot", "flow": .string(tree.flows[stack]!.name ?? "")]) }
        case .flow:
            let first = rest.removeFirst()
            let flow = flowStarted(by: first.screen)!
            let opened: Opened
            do throws(NavError) {
                opened = try openFlow(flow, rootParams: JSONObjectText(first.params), transition: defaultTransition(.flow(flow)))
            } catch {
                throw error.atStep(0, "open \(flow.name)")
            }
            resolved.screen = opened.screen
            plan.append(["action": "open", "flow": .string(flow.name), "params": .object(first.params), "via": opened.via.jsonValue])
        case .top:
            break
        }
        let offset = resolved.chain.count - rest.count
        for (index, step) in rest.enumerated() {
            let screen = definition.screen(named: step.screen)!
            do throws(NavError) {
                let opened = try openScreen(step.screen, params: JSONObjectText(step.params), transition: defaultTransition(.screen(screen)))
                resolved.screen = opened.screen
                plan.append(["action": "open", "screen": .string(step.screen), "params": .object(step.params), "via": opened.via.jsonValue])
            } catch {
                throw error.atStep(offset + index, "open \(step.screen)")
            }
        }
        if resolved.screen == nil { resolved.screen = tree.topScreen }
        resolved.plan = plan
        if dryRun { resolved.screen = nil }
        return resolved
    }

    /// The flow (not the root flow, not a tab) whose root screen is `screen`.
    func flowStarted(by screen: String) -> FlowDefinition? {
        let rootFlow = definition.flow(named: definition.root)
        let tabs: [String]
        if case .tabs(let names, _)? = rootFlow?.kind { tabs = names } else { tabs = [] }
        return definition.flows(rootedAt: screen).first { $0.name != definition.root && !tabs.contains($0.name) }
    }

    /// A deep link split into its form, segments and query, or `noRouteForURL` for a URL
    /// this app's schemes and hosts do not take.
    func parseDeepLink(_ url: String) throws(NavError) -> DeepLinkURL {
        do throws(DeepLinkURLError) {
            return try DeepLinkURL.parse(url, schemes: definition.schemes, hosts: definition.hosts)
        } catch {
            throw NavError(.noRouteForURL, "no route for URL '\(url)': \(error)",
                           data: ["url": .string(url), "candidates": []])
        }
    }

    /// Parses and matches a deep link and types its params, changing nothing.
    func resolveDeepLink(_ url: String, matcher: DeepLinkMatcher) throws(NavError) -> DeepLinkOutcome {
        let parsed = try parseDeepLink(url)
        let matches = matcher.chain(for: parsed.segments)
        guard !matches.isEmpty else {
            guard let notFound = definition.notFound else {
                let nearest = matcher.nearest(parsed.segments, limit: 5)
                throw NavError(.noRouteForURL, "no route for URL '\(url)': no pattern matches '/\(parsed.segments.joined(separator: "/"))'",
                               data: ["url": .string(url), "candidates": .array(nearest.map {
                                   ["screen": .string($0.screen), "pattern": .string($0.pattern.expansion)]
                               })])
            }
            let params: JSONObject = try validatedParams(for: notFound, ["url": .string(url)])
            return DeepLinkOutcome(
                url: url, chain: [DeepLinkStep(screen: notFound, params: params, pattern: nil)], mode: .top,
                ignored: parsed.query.map(\.name), noop: false, dryRun: false, notFound: true, plan: [], screen: nil)
        }

        // Query items fill declared params of every chain screen; path captures win.
        var chain: [DeepLinkStep] = []
        var ignoredByAll: [String]? = nil
        for (index, match) in matches.enumerated() {
            let screen = definition.screen(named: match.screen)!
            let link = DeepLinkParams(captured: match.params, query: parsed.query, screen: screen)
            if let bad = link.invalid.first {
                throw NavError.invalidParams(param: bad.name, problem: bad.problem, screen: screen.name)
                    .atStep(index, "open \(screen.name)")
            }
            let params: JSONObject
            do throws(NavError) {
                params = try validatedParams(for: screen.name, link.values)
            } catch {
                throw error.atStep(index, "open \(screen.name)")
            }
            ignoredByAll = ignoredByAll.map { $0.filter(link.ignored.contains) } ?? link.ignored
            chain.append(DeepLinkStep(screen: screen.name, params: params, pattern: match.pattern.expansion))
        }
        let ignored = ignoredByAll ?? []
        return DeepLinkOutcome(
            url: url, chain: chain, mode: mode(startingWith: chain[0].screen), ignored: ignored,
            noop: false, dryRun: false, notFound: false, plan: [], screen: nil)
    }

    /// `reset` for the root screen of the root flow or of one of its tabs, `flow` for the
    /// root screen of another flow, `top` otherwise.
    func mode(startingWith screen: String) -> DeepLinkMode {
        guard let rootFlow = definition.flow(named: definition.root) else { return .top }
        switch rootFlow.kind {
        case .stack(let root):
            if root == screen { return .reset }
        case .tabs(let tabs, _):
            if tabs.contains(where: { definition.flow(named: $0)?.rootScreen == screen }) { return .reset }
        }
        return flowStarted(by: screen) == nil ? .top : .flow
    }
}
