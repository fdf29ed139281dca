import NavGraph
import NavigationCore

/// A definition with one of each kind of edge: routes to a screen (a custom transition), to a
/// flow (a per-edge transition) and `"*"` from two screens; tabs; deep links; a guard's
/// redirect; events whose steps route, follow a link and select a tab, and one without steps.
let everyEdgeJSON = """
    {"app": "t", "schemes": ["t"], "root": "main",
     "flows": {"main": {"kind": "tabs", "tabs": ["a", "b"], "initialTab": "a"},
               "a": {"kind": "stack", "root": "home"},
               "b": {"kind": "stack", "root": "list"},
               "login": {"kind": "stack", "root": "form", "transition": "modal"}},
     "transitions": {"zoom": {"base": "push", "animator": "zoom"}},
     "screens": {
       "home": {"path": "/home", "routes": ["detail", {"to": "login", "transition": "modalWithNavigation"}, "*"]},
       "detail": {"path": "/d/:id", "params": {"id": {"type": "int"}}, "transition": "zoom", "routes": ["*"]},
       "list": {"path": "/list", "routes": ["secret", "sheet"]},
       "secret": {"requires": ["signedIn"]},
       "sheet": {"transition": "modal"},
       "form": {}},
     "guards": {"signedIn": {"redirect": "login"}},
     "events": {
       "open": {"params": {"id": {"type": "int"}}, "steps": [{"method": "nav.route", "params": {"to": "detail", "params": {"id": "$id"}}}]},
       "link": {"params": {"id": {"type": "int"}}, "steps": [{"method": "nav.deeplink", "params": {"url": "t://d/{id}"}}]},
       "toB": {"steps": [{"method": "nav.selectTab", "params": {"tab": "b"}}]},
       "silent": {}}}
    """

func load(_ json: String) throws -> AppDefinition {
    try AppDefinition.load(json: json).definition
}
