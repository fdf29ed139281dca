/// The built-in sample app of docs/app-definition.md: what navd runs when no `--app` is given.
extension AppDefinition {
    public static let sampleJSON = #"""
{
  "app": "social",
  "schemes": ["social"],
  "hosts": ["social.example.com"],
  "root": "main",
  "flows": {
    "main":     { "kind": "tabs", "tabs": ["feed", "friends", "chats", "settings"], "initialTab": "feed" },
    "feed":     { "kind": "stack", "root": "feedList" },
    "friends":  { "kind": "stack", "root": "friendsList" },
    "chats":    { "kind": "stack", "root": "chatList" },
    "settings": { "kind": "stack", "root": "settingsHome" },
    "compose":  { "kind": "stack", "root": "composePost", "transition": "modal" },
    "login":    { "kind": "stack", "root": "loginForm", "transition": "modal" }
  },
  "transitions": {
    "sheet": { "base": "modal", "animator": "sheet" },
    "zoom":  { "base": "push",  "animator": "zoom" }
  },
  "screens": {
    "feedList":     { "path": "/feed", "routes": ["post", "profile", "compose"] },
    "post":         { "path": "/posts/:postId", "params": { "postId": { "type": "int" } },
                      "routes": ["profile", "post"], "transition": "zoom" },
    "composePost":  { "params": { "draft": { "type": "string", "optional": true } }, "routes": ["photoPicker"] },
    "photoPicker":  { "transition": "sheet" },
    "friendsList":  { "path": "/friends", "routes": ["profile"] },
    "profile":      { "path": "/users/:userId(/:section)", "transition": "modal",
                      "params": { "userId":  { "type": "int" },
                                  "section": { "type": "enum", "values": ["posts", "photos", "friends"],
                                               "optional": true, "default": "posts" } },
                      "routes": ["chat", "friendsList", "post", "profile"] },
    "chatList":     { "path": "/chats", "routes": ["chat"] },
    "chat":         { "path": "/chats/:chatId", "params": { "chatId": { "type": "string" } },
                      "routes": ["message", "profile"] },
    "message":      { "path": "/chats/:chatId/messages/:messageId",
                      "params": { "chatId": { "type": "string" }, "messageId": { "type": "int" } },
                      "routes": ["profile"] },
    "settingsHome": { "path": "/settings", "routes": ["account", "login"] },
    "account":      { "path": "/settings/account", "requires": ["signedIn"] },
    "loginForm":    { "path": "/login", "routes": ["twoFactor"] },
    "twoFactor":    { "params": { "code": { "type": "string", "optional": true } } },
    "notFound":     { "params": { "url": { "type": "string" } } }
  },
  "notFound": "notFound",
  "guards": { "signedIn": { "redirect": "login" } },
  "events": {
    "postTapped":      { "params": { "postId": { "type": "int" } },
                         "steps": [ { "method": "nav.route", "params": { "to": "post", "params": { "postId": "$postId" } } } ] },
    "userTapped":      { "params": { "userId": { "type": "int" } },
                         "steps": [ { "method": "nav.route", "params": { "to": "profile", "params": { "userId": "$userId" } } } ] },
    "messageReceived": { "params": { "chatId": { "type": "string" }, "messageId": { "type": "int" } },
                         "steps": [ { "method": "nav.deeplink", "params": { "url": "social://chats/{chatId}/messages/{messageId}" } } ] },
    "loggedOut":       { "steps": [ { "method": "nav.deeplink", "params": { "url": "social://feed" } } ] },
    "pushReceived":    { "params": { "chatId": { "type": "string" } } }
  }
}
"""#
}
