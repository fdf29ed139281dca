import NavigationCore

/// An app whose deep links have what the sample app lacks: wildcards (alone, after literals,
/// after params, inside an optional group), several optional groups in a row, patterns that
/// compete for the same URLs, every param type in a path, and a presented flow.
enum WildcardApp {
    static let json = #"""
{
  "app": "wild",
  "schemes": ["wild", "wild-app"],
  "hosts": ["wild.example.com"],
  "root": "main",
  "flows": {
    "main":   { "kind": "tabs", "tabs": ["home", "browse"], "initialTab": "home" },
    "home":   { "kind": "stack", "root": "start" },
    "browse": { "kind": "stack", "root": "index" },
    "sheet":  { "kind": "stack", "root": "sheetRoot", "transition": "modal" }
  },
  "screens": {
    "start":     { "path": "/", "routes": ["*"] },
    "index":     { "path": "/browse(/:sort)",
                   "params": { "sort": { "type": "enum", "values": ["new", "top"], "optional": true, "default": "new" } },
                   "routes": ["*"] },
    "files":     { "path": "/files/*path", "params": { "path": { "type": "string" } }, "routes": ["*"] },
    "repo":      { "path": "/r/:owner/:name(/tree/:branch)(/*rest)",
                   "params": { "owner": { "type": "string" }, "name": { "type": "string" },
                               "branch": { "type": "string", "optional": true },
                               "rest": { "type": "string", "optional": true } },
                   "routes": ["*"] },
    "blob":      { "path": "/r/:owner/:name/blob/:branch/*file",
                   "params": { "owner": { "type": "string" }, "name": { "type": "string" },
                               "branch": { "type": "string" }, "file": { "type": "string" } },
                   "routes": ["*"] },
    "item":      { "path": "/items/:id(/:tab)(/p/:page)",
                   "params": { "id": { "type": "int" },
                               "tab": { "type": "enum", "values": ["info", "reviews"], "optional": true },
                               "page": { "type": "int", "optional": true, "default": 1 } },
                   "routes": ["*"] },
    "measure":   { "path": "/m/:value/:exact",
                   "params": { "value": { "type": "double" }, "exact": { "type": "bool" },
                               "unit": { "type": "string", "optional": true } },
                   "routes": ["*"] },
    "anything":  { "path": "/w/*rest", "params": { "rest": { "type": "string" } }, "routes": ["*"] },
    "sheetRoot": { "path": "/sheet/:id(/*more)",
                   "params": { "id": { "type": "string" }, "more": { "type": "string", "optional": true } },
                   "routes": ["*"] },
    "lost":      { "params": { "url": { "type": "string" } } }
  },
  "notFound": "lost"
}
"""#

    static let definition: AppDefinition = {
        do {
            return try AppDefinition.load(json: json).definition
        } catch {
            fatalError("the fuzz target's wildcard app does not load:\n\(error)")
        }
    }()
}
