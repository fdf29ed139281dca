public import NavigationCore

/// A third shape: a root stack, a tabs flow presented modally, flows embedded inside
/// embedded flows.
public let nestedAppJSON = #"""
{
  "app": "nested",
  "root": "start",
  "flows": {
    "start":   { "kind": "stack", "root": "home" },
    "wizard":  { "kind": "stack", "root": "stepOne", "transition": "push" },
    "extras":  { "kind": "stack", "root": "extraOne", "transition": "push" },
    "browser": { "kind": "tabs", "tabs": ["left", "right"], "initialTab": "right" },
    "left":    { "kind": "stack", "root": "leftHome" },
    "right":   { "kind": "stack", "root": "rightHome" }
  },
  "screens": {
    "home":      { "routes": ["wizard", "browser", "detail"] },
    "stepOne":   { "routes": ["stepTwo", "extras"] },
    "stepTwo":   { "routes": ["extras", "detail"] },
    "extraOne":  { "routes": ["detail"] },
    "detail":    { "routes": ["*"] },
    "leftHome":  { "routes": ["detail"] },
    "rightHome": { "routes": ["detail", "browser"] }
  }
}
"""#

public func nestedNavigator() throws -> Navigator {
    Navigator(definition: try AppDefinition.load(json: nestedAppJSON).definition, instance: "0")
}
