"""Protocol/navd.openrpc.json: a valid OpenRPC 1.3.2 document that lists every method of
docs/protocol.md, whose references all resolve and whose schemas are valid draft 2020-12; real
payloads (copied from what NavigationCore and NavServer write) pass the schemas, and payloads
with a field missing, an extra field or a wrong type are rejected, so no schema is vacuous."""

import copy
import json
import pathlib
import sys

import pytest
from jsonschema import Draft7Validator, Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = json.loads((ROOT / "Protocol" / "navd.openrpc.json").read_text())
SCHEMAS = DOC["components"]["schemas"]

sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from navd_harness import OpenRPCValidator, RPCError, top_screen, visible_path  # noqa: E402

V = OpenRPCValidator(ROOT / "Protocol" / "navd.openrpc.json")

METHODS = [
    "nav.state", "nav.subscribe", "nav.unsubscribe", "nav.route", "nav.close", "nav.popTo",
    "nav.popToRoot", "nav.dismissAll", "nav.selectTab", "flow.finish", "nav.apply", "nav.deeplink",
    "nav.url", "routes.list", "routes.resolve", "daemon.info", "daemon.hello", "rpc.discover",
    "nav.history", "nav.goto", "nav.reset", "session.set", "session.get", "event.emit", "events.listen",
]
NAVIGATION_METHODS = {  # RPCMethod.isOperation: the ones nav.apply takes, with their params schema
    "nav.route": "RouteParams", "nav.close": "CloseParams", "nav.popTo": "PopToParams",
    "nav.popToRoot": "PopToRootParams", "nav.dismissAll": "DismissAllParams",
    "nav.selectTab": "SelectTabParams", "flow.finish": "FlowFinishParams", "nav.apply": "ApplyParams",
    "nav.deeplink": "DeepLinkParams",
}
ERRORS = {  # docs/protocol.md, with data.reason (NavError.Code)
    -32700: "parseError", -32600: "invalidRequest", -32601: "methodNotFound", -32602: "invalidParams",
    -32603: "internalError", -32001: "unknownDestination", -32002: "routeNotAllowed",
    -32004: "nothingToClose", -32005: "conflict", -32006: "noRouteForURL", -32007: "unknownInstance",
    -32008: "guarded", -32009: "limitExceeded", -32010: "shuttingDown", -32011: "unknownEvent", -32012: "historyGone",
}


def walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


def refs(node):
    return [(path, value["$ref"]) for path, value in walk(node) if isinstance(value, dict) and "$ref" in value]


# ---------------------------------------------------------------------------- the document


def test_document_header():
    assert DOC["openrpc"] == "1.3.2"
    assert DOC["info"]["title"] == "navd"
    assert DOC["info"]["version"] == "0.1.0"


def test_every_method_is_present_once():
    names = [m["name"] for m in DOC["methods"]]
    assert len(names) == len(set(names)), "duplicate method"
    assert sorted(names) == sorted(METHODS)


CONTENT_DESCRIPTOR_KEYS = {"name", "summary", "description", "required", "schema", "deprecated"}
METHOD_KEYS = {"name", "summary", "description", "tags", "paramStructure", "params", "result", "errors",
               "links", "examples", "deprecated", "servers", "externalDocs"}


def test_openrpc_object_structure():
    """What the OpenRPC 1.3 specification requires of the objects used here."""
    assert set(DOC) - {"openrpc", "info", "servers", "methods", "components", "externalDocs"} == {
        key for key in DOC if key.startswith("x-")
    }
    for method in DOC["methods"]:
        assert set(method) <= METHOD_KEYS | {k for k in method if k.startswith("x-")}, method["name"]
        assert method["paramStructure"] == "by-name", method["name"]
        assert isinstance(method["params"], list)
        names = []
        for param in method["params"]:
            assert set(param) <= CONTENT_DESCRIPTOR_KEYS and {"name", "schema"} <= set(param), (method["name"], param)
            assert isinstance(param.get("required", False), bool)
            names.append(param["name"])
        assert len(names) == len(set(names)), method["name"]
        result = method["result"]
        assert set(result) <= CONTENT_DESCRIPTOR_KEYS and {"name", "schema"} <= set(result), method["name"]
        for error in method.get("errors", []):
            assert set(error) == {"$ref"} and error["$ref"].startswith("#/components/errors/"), method["name"]
    for name, error in DOC["components"]["errors"].items():
        assert set(error) <= {"code", "message", "data"} and isinstance(error["code"], int), name
        assert isinstance(error["message"], str) and error["message"], name


def test_notifications_are_documented():
    notifications = {n["name"]: n for n in DOC["x-notifications"]}
    assert sorted(notifications) == ["daemon.shutdown", "events.dropped", "nav.changed"]
    assert notifications["nav.changed"]["params"] == {"$ref": "#/components/schemas/NavChangedParams"}
    assert notifications["daemon.shutdown"]["params"] == {"$ref": "#/components/schemas/DaemonShutdownParams"}
    assert notifications["events.dropped"]["params"] == {"$ref": "#/components/schemas/EventsDroppedParams"}


def test_every_ref_resolves():
    found = refs(DOC)
    assert len(found) > 100
    for path, ref in found:
        assert ref.startswith("#/"), f"{path}: only local references ({ref})"
        try:
            V.resolve(ref)
        except (KeyError, IndexError, ValueError):
            pytest.fail(f"{'/'.join(map(str, path))}: {ref} resolves to nothing")


def test_refs_have_no_siblings():
    """Draft-07 tools (the OpenRPC meta-schema is draft-07) ignore keywords beside `$ref`;
    keeping `$ref` alone makes the schemas mean the same under both drafts."""
    for path, value in walk(DOC):
        if isinstance(value, dict) and "$ref" in value:
            assert set(value) == {"$ref"}, f"{'/'.join(map(str, path))}: {sorted(value)}"


def test_every_component_schema_is_used():
    used, todo = set(), [ref for _, ref in refs({k: v for k, v in DOC.items() if k != "components"})]
    todo += ["#/components/schemas/ErrorObject"]
    while todo:
        ref = todo.pop()
        if ref in used:
            continue
        used.add(ref)
        todo += [inner for _, inner in refs(V.resolve(ref))]
    unused = {f"#/components/schemas/{name}" for name in SCHEMAS} - used
    assert not unused


def all_schemas():
    for name, schema in SCHEMAS.items():
        yield f"components/{name}", schema
    for method in DOC["methods"]:
        for param in method["params"]:
            yield f"{method['name']}({param['name']})", param["schema"]
        yield f"{method['name']} result", method["result"]["schema"]
        yield f"{method['name']} params", V.params_schema(method["name"])
    for notification in DOC["x-notifications"]:
        yield f"{notification['name']} params", notification["params"]


@pytest.mark.parametrize("schema", [s for _, s in all_schemas()], ids=[n for n, _ in all_schemas()])
def test_schema_is_valid_draft_2020_12(schema):
    Draft202012Validator.check_schema(schema)
    Draft7Validator.check_schema(schema)  # what the OpenRPC 1.3 meta-schema takes a schema to be
    V.validator(schema)  # and its references resolve in the document


def test_tree_nodes_screens_events_and_via_are_closed():
    for name in ["NavState", "FlowInstance", "EmbeddedFlow", "Screen", "Via", "EventVia", "ScreenEvent",
                 "TransitionEvent", "FlowStartedEvent", "FlowFinishedEvent", "TabSelectedEvent", "RouteResult",
                 "CloseResult", "ChangeResult", "ApplyResult", "NavChangedParams", "Change", "ChangeCause",
                 "DaemonInfo", "ClientInfo", "HelloResult", "ErrorObject", "ApplyOp", *NAVIGATION_METHODS.values()]:
        assert SCHEMAS[name]["additionalProperties"] is False, name


def test_errors_of_design_5_5():
    by_code = {e["code"]: e for e in DOC["components"]["errors"].values()}
    assert sorted(by_code) == sorted(ERRORS)
    for code, reason in ERRORS.items():
        assert by_code[code]["data"] == {"reason": reason}
    error_object = SCHEMAS["ErrorObject"]
    assert sorted(error_object["properties"]["code"]["enum"]) == sorted(ERRORS)
    for rule in error_object["allOf"]:
        code = rule["if"]["properties"]["code"]["const"]
        data = V.resolve(rule["then"]["properties"]["data"]["$ref"])
        if code == -32600:
            # Invalid requests also name which limit a line broke (Protocol/jsonrpc.md).
            assert data["properties"]["reason"]["enum"] == ["invalidRequest", "messageTooLarge", "tooDeep", "batchTooLarge"]
        else:
            assert data["properties"]["reason"] == {"const": ERRORS[code]}
    for method in DOC["methods"]:
        for error in method.get("errors", []):
            assert V.resolve(error["$ref"])["code"] in ERRORS


def test_mutation_params_are_the_apply_step_params():
    """Each navigation method's params are its `…Params` schema, which `nav.apply` steps use."""
    for method, schema_name in NAVIGATION_METHODS.items():
        composed = V.params_schema(method)
        schema = SCHEMAS[schema_name]
        assert composed["properties"] == schema["properties"], method
        assert sorted(composed["required"]) == sorted(schema["required"]), method
    assert SCHEMAS["ApplyOp"]["properties"]["method"]["enum"] == list(NAVIGATION_METHODS)
    assert {r["if"]["properties"]["method"]["const"] for r in SCHEMAS["ApplyOp"]["allOf"]} == set(NAVIGATION_METHODS)


# ---------------------------------------------------------------------------- real payloads
# Written by NavigationCore (Navigator.writeStateJSON, OperationResult.writeJSON, NavError.writeJSON)
# for the sample app of docs/app-definition.md and the nested app of Tests/NavigationCoreTests.

BOOT_STATE = json.loads(r'''{"revision":1,"instance":"9f2c41d0","session":{"flags":{"signedIn":false},"pending":null},"root":{"id":"f1","flow":"main","kind":"tabs","selected":0,"tabs":[{"id":"f2","flow":"feed","kind":"stack","screens":[{"id":"s1","screen":"feedList","params":{},"flow":"f2","via":null}],"children":[],"presented":null,"via":null},{"id":"f3","flow":"friends","kind":"stack","screens":[{"id":"s2","screen":"friendsList","params":{},"flow":"f3","via":null}],"children":[],"presented":null,"via":null},{"id":"f4","flow":"chats","kind":"stack","screens":[{"id":"s3","screen":"chatList","params":{},"flow":"f4","via":null}],"children":[],"presented":null,"via":null},{"id":"f5","flow":"settings","kind":"stack","screens":[{"id":"s4","screen":"settingsHome","params":{},"flow":"f5","via":null}],"children":[],"presented":null,"via":null}],"children":[],"presented":null,"via":null}}''')
BOOT_EVENTS = json.loads(r'''[{"type":"flowStarted","flow":"f1","name":"main"},{"type":"flowStarted","flow":"f2","name":"feed"},{"type":"enter","screen":"s1","name":"feedList","params":{},"flow":"f2","via":null},{"type":"flowStarted","flow":"f3","name":"friends"},{"type":"enter","screen":"s2","name":"friendsList","params":{},"flow":"f3","via":null},{"type":"flowStarted","flow":"f4","name":"chats"},{"type":"enter","screen":"s3","name":"chatList","params":{},"flow":"f4","via":null},{"type":"flowStarted","flow":"f5","name":"settings"},{"type":"enter","screen":"s4","name":"settingsHome","params":{},"flow":"f5","via":null},{"type":"willShow","screen":"s1","name":"feedList","params":{},"flow":"f2"}]''')
ROUTE_ZOOM = json.loads(r'''{"screen":"s5","via":{"kind":"push","name":"zoom","animator":"zoom"},"revision":2,"events":[{"type":"willHide","screen":"s1","name":"feedList","params":{},"flow":"f2"},{"type":"enter","screen":"s5","name":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom","direction":"push"}},{"type":"willShow","screen":"s5","name":"post","params":{"postId":5},"flow":"f2"}]}''')
ROUTE_MODAL = json.loads(r'''{"screen":"s6","flow":"f6","via":{"kind":"modal"},"revision":3,"events":[{"type":"willHide","screen":"s5","name":"post","params":{"postId":5},"flow":"f2"},{"type":"flowStarted","flow":"f6","name":null},{"type":"enter","screen":"s6","name":"profile","params":{"userId":7,"section":"posts"},"flow":"f6","via":{"kind":"modal","direction":"present"}},{"type":"willShow","screen":"s6","name":"profile","params":{"userId":7,"section":"posts"},"flow":"f6"}]}''')
ROUTE_SINGLE_TOP_NOOP = json.loads(r'''{"screen":"s6","via":null,"noop":true,"revision":3,"events":[]}''')
ROUTE_FALLBACK = json.loads(r'''{"screen":"s7","flow":"f7","via":{"kind":"modal","fallback":true},"fallback":true,"revision":4,"events":[{"type":"willHide","screen":"s6","name":"profile","params":{"userId":7,"section":"posts"},"flow":"f6"},{"type":"flowStarted","flow":"f7","name":null},{"type":"enter","screen":"s7","name":"chat","params":{"chatId":"c9"},"flow":"f7","via":{"kind":"modal","fallback":true,"direction":"present"}},{"type":"willShow","screen":"s7","name":"chat","params":{"chatId":"c9"},"flow":"f7"}]}''')
STATE_PRESENTED = json.loads(r'''{"revision":4,"instance":"9f2c41d0","session":{"flags":{"signedIn":false},"pending":null},"root":{"id":"f1","flow":"main","kind":"tabs","selected":0,"tabs":[{"id":"f2","flow":"feed","kind":"stack","screens":[{"id":"s1","screen":"feedList","params":{},"flow":"f2","via":null},{"id":"s5","screen":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom"}}],"children":[],"presented":{"id":"f6","flow":null,"kind":"single","screens":[{"id":"s6","screen":"profile","params":{"userId":7,"section":"posts"},"flow":"f6","via":{"kind":"modal"}}],"children":[],"presented":{"id":"f7","flow":null,"kind":"single","screens":[{"id":"s7","screen":"chat","params":{"chatId":"c9"},"flow":"f7","via":{"kind":"modal","fallback":true}}],"children":[],"presented":null,"via":{"kind":"modal","fallback":true}},"via":{"kind":"modal"}},"via":null},{"id":"f3","flow":"friends","kind":"stack","screens":[{"id":"s2","screen":"friendsList","params":{},"flow":"f3","via":null}],"children":[],"presented":null,"via":null},{"id":"f4","flow":"chats","kind":"stack","screens":[{"id":"s3","screen":"chatList","params":{},"flow":"f4","via":null}],"children":[],"presented":null,"via":null},{"id":"f5","flow":"settings","kind":"stack","screens":[{"id":"s4","screen":"settingsHome","params":{},"flow":"f5","via":null}],"children":[],"presented":null,"via":null}],"children":[],"presented":null,"via":null}}''')
CLOSE_MODAL = json.loads(r'''{"closed":["s7"],"finished":["f7"],"revision":5,"events":[{"type":"willHide","screen":"s7","name":"chat","params":{"chatId":"c9"},"flow":"f7"},{"type":"exit","screen":"s7","name":"chat","params":{"chatId":"c9"},"flow":"f7","via":{"kind":"modal","fallback":true,"direction":"dismiss"}},{"type":"flowFinished","flow":"f7","name":null,"result":null},{"type":"willShow","screen":"s6","name":"profile","params":{"userId":7,"section":"posts"},"flow":"f6"}]}''')
CLOSE_PUSH = json.loads(r'''{"closed":["s5"],"finished":[],"revision":7,"events":[{"type":"willHide","screen":"s5","name":"post","params":{"postId":5},"flow":"f2"},{"type":"exit","screen":"s5","name":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom","direction":"pop"}},{"type":"willShow","screen":"s1","name":"feedList","params":{},"flow":"f2"}]}''')
SELECT_TAB = json.loads(r'''{"revision":8,"events":[{"type":"willHide","screen":"s1","name":"feedList","params":{},"flow":"f2"},{"type":"tabSelected","flow":"f1","tab":3,"name":"settings"},{"type":"willShow","screen":"s4","name":"settingsHome","params":{},"flow":"f5"}]}''')
DISMISS_ALL = json.loads(r'''{"revision":11,"events":[{"type":"willHide","screen":"s9","name":"twoFactor","params":{},"flow":"f8"},{"type":"exit","screen":"s9","name":"twoFactor","params":{},"flow":"f8","via":{"kind":"modal","direction":"dismiss"}},{"type":"exit","screen":"s8","name":"loginForm","params":{},"flow":"f8","via":{"kind":"modal","direction":"dismiss"}},{"type":"flowFinished","flow":"f8","name":"login","result":null},{"type":"willShow","screen":"s4","name":"settingsHome","params":{},"flow":"f5"}]}''')
APPLY = json.loads(r'''{"results":[{},{"screen":"s10","flow":"f9","via":{"kind":"modal"}},{"screen":"s11","flow":"f10","via":{"kind":"modal","name":"sheet","animator":"sheet"}},{"closed":["s11"],"finished":["f10"]}],"revision":12,"events":[{"type":"willHide","screen":"s4","name":"settingsHome","params":{},"flow":"f5"},{"type":"tabSelected","flow":"f1","tab":0,"name":"feed"},{"type":"flowStarted","flow":"f9","name":"compose"},{"type":"enter","screen":"s10","name":"composePost","params":{},"flow":"f9","via":{"kind":"modal","direction":"present"}},{"type":"willShow","screen":"s10","name":"composePost","params":{},"flow":"f9"}]}''')
NOOP = json.loads(r'''{"noop":true,"revision":12,"events":[]}''')
NESTED_EMBEDDED = json.loads(r'''{"revision":5,"instance":"0000abcd","session":{"flags":{},"pending":null},"root":{"id":"f1","flow":"start","kind":"stack","screens":[{"id":"s1","screen":"home","params":{},"flow":"f1","via":null},{"id":"s2","screen":"stepOne","params":{},"flow":"f2","via":{"kind":"push"}},{"id":"s3","screen":"stepTwo","params":{},"flow":"f2","via":{"kind":"push"}},{"id":"s4","screen":"extraOne","params":{},"flow":"f3","via":{"kind":"push"}},{"id":"s5","screen":"detail","params":{},"flow":"f3","via":{"kind":"push"}}],"children":[{"id":"f2","flow":"wizard","children":[{"id":"f3","flow":"extras","children":[]}]}],"presented":null,"via":null}}''')
NESTED_TABS_PRESENTED = json.loads(r'''{"revision":6,"instance":"0000abcd","session":{"flags":{},"pending":null},"root":{"id":"f1","flow":"start","kind":"stack","screens":[{"id":"s1","screen":"home","params":{},"flow":"f1","via":null},{"id":"s2","screen":"stepOne","params":{},"flow":"f2","via":{"kind":"push"}},{"id":"s3","screen":"stepTwo","params":{},"flow":"f2","via":{"kind":"push"}},{"id":"s4","screen":"extraOne","params":{},"flow":"f3","via":{"kind":"push"}},{"id":"s5","screen":"detail","params":{},"flow":"f3","via":{"kind":"push"}}],"children":[{"id":"f2","flow":"wizard","children":[{"id":"f3","flow":"extras","children":[]}]}],"presented":{"id":"f4","flow":"browser","kind":"tabs","selected":1,"tabs":[{"id":"f5","flow":"left","kind":"stack","screens":[{"id":"s6","screen":"leftHome","params":{},"flow":"f5","via":null}],"children":[],"presented":null,"via":null},{"id":"f6","flow":"right","kind":"stack","screens":[{"id":"s7","screen":"rightHome","params":{},"flow":"f6","via":null}],"children":[],"presented":null,"via":null}],"children":[],"presented":null,"via":{"kind":"modal","fallback":true}},"via":null}}''')
ROUTE_TABS_FALLBACK = json.loads(r'''{"screen":"s7","flow":"f4","via":{"kind":"modal","fallback":true},"fallback":true,"revision":6,"events":[{"type":"willHide","screen":"s5","name":"detail","params":{},"flow":"f3"},{"type":"flowStarted","flow":"f4","name":"browser"},{"type":"flowStarted","flow":"f5","name":"left"},{"type":"enter","screen":"s6","name":"leftHome","params":{},"flow":"f5","via":{"kind":"modal","fallback":true,"direction":"present"}},{"type":"flowStarted","flow":"f6","name":"right"},{"type":"enter","screen":"s7","name":"rightHome","params":{},"flow":"f6","via":{"kind":"modal","fallback":true,"direction":"present"}},{"type":"willShow","screen":"s7","name":"rightHome","params":{},"flow":"f6"}]}''')
FINISH_WIZARD = json.loads(r'''{"revision":7,"events":[{"type":"willHide","screen":"s7","name":"rightHome","params":{},"flow":"f6"},{"type":"exit","screen":"s7","name":"rightHome","params":{},"flow":"f6","via":{"kind":"modal","fallback":true,"direction":"dismiss"}},{"type":"flowFinished","flow":"f6","name":"right","result":null},{"type":"exit","screen":"s6","name":"leftHome","params":{},"flow":"f5","via":{"kind":"modal","fallback":true,"direction":"dismiss"}},{"type":"flowFinished","flow":"f5","name":"left","result":null},{"type":"flowFinished","flow":"f4","name":"browser","result":null},{"type":"exit","screen":"s5","name":"detail","params":{},"flow":"f3","via":{"kind":"push","direction":"pop"}},{"type":"exit","screen":"s4","name":"extraOne","params":{},"flow":"f3","via":{"kind":"push","direction":"pop"}},{"type":"flowFinished","flow":"f3","name":"extras","result":null},{"type":"exit","screen":"s3","name":"stepTwo","params":{},"flow":"f2","via":{"kind":"push","direction":"pop"}},{"type":"exit","screen":"s2","name":"stepOne","params":{},"flow":"f2","via":{"kind":"push","direction":"pop"}},{"type":"flowFinished","flow":"f2","name":"wizard","result":"done"},{"type":"willShow","screen":"s1","name":"home","params":{},"flow":"f1"}]}''')
APPLY_NESTED_NOOP = json.loads(r'''{"results":[{"screen":"s8","via":{"kind":"push"}},{"results":[{"closed":["s8"],"finished":[]}]},{"noop":true}],"noop":true,"revision":7,"events":[]}''')

# Errors as NavError.writeJSON writes them.
E_UNKNOWN_DESTINATION = json.loads(r'''{"code":-32001,"message":"unknown destination 'nope': no screen or flow has that name","data":{"to":"nope","reason":"unknownDestination"}}''')
E_ROUTE_NOT_ALLOWED = json.loads(r'''{"code":-32002,"message":"route not allowed: feedList cannot open chat (allowed: post, profile, compose)","data":{"from":"feedList","to":"chat","allowed":["post","profile","compose"],"reason":"routeNotAllowed"}}''')
E_SCREEN_PARAM = json.loads(r'''{"code":-32602,"message":"invalid param 'postId' of post: expected int, got string","data":{"param":"postId","problem":"wrongType","detail":"expected int, got string","screen":"post","reason":"invalidParams"}}''')
E_UNKNOWN_FIELD = json.loads(r'''{"code":-32602,"message":"invalid params: 'expectRevison' is not a known field","data":{"param":"expectRevison","problem":"unknown","detail":"is not a known field","reason":"invalidParams"}}''')
E_CONFLICT = json.loads(r'''{"code":-32005,"message":"conflict: revision is 7, expected 1","data":{"field":"revision","expected":1,"actual":7,"reason":"conflict"}}''')
E_STEP = json.loads(r'''{"code":-32004,"message":"step 1 (nav.close): screen s1 is a root: it was not opened by a transition","data":{"screen":"s1","reason":"nothingToClose","step":1,"stepOp":"nav.close"}}''')
E_NOTHING_PRESENTED = json.loads(r'''{"code":-32004,"message":"nothing is presented","data":{"reason":"nothingToClose"}}''')
E_UNKNOWN_INSTANCE = json.loads(r'''{"code":-32007,"message":"no screen or flow instance 's999'","data":{"id":"s999","reason":"unknownInstance"}}''')
E_APPLY_METHOD = json.loads(r'''{"code":-32602,"message":"step 0 (nav.state): invalid params: 'ops[0].method' 'nav.state' is not a navigation method","data":{"param":"ops[0].method","problem":"notAllowed","detail":"'nav.state' is not a navigation method","reason":"invalidParams","step":0,"stepOp":"nav.state"}}''')
# NavServer: method not found, shutting down; the limits of NavigationLimits.
E_METHOD_NOT_FOUND = {"code": -32601, "message": "method 'nav.teleport' not found", "data": {"reason": "methodNotFound", "method": "nav.teleport"}}
E_SHUTTING_DOWN = {"code": -32010, "message": "navd is shutting down", "data": {"reason": "shuttingDown"}}
E_LIMIT = {"code": -32009, "message": "a stack holds at most 1000 screens", "data": {"reason": "limitExceeded", "limit": 1000}}
E_PARSE = {"code": -32700, "message": "parse error"}
E_NO_ROUTE = {"code": -32006, "message": "no route for URL 'ftp://x'", "data": {"reason": "noRouteForURL", "url": "ftp://x", "candidates": []}}

# NavServer: ChangeRecord.writeJSON in changedNotification, daemon.info, daemon.hello.
NAV_CHANGED = {"revision": 2, "baseRevision": 1, "changes": [
    {"revision": 2, "cause": {"method": "nav.route", "client": "navctl", "clientId": "c3"}, "events": ROUTE_ZOOM["events"]}],
    "root": STATE_PRESENTED["root"]}
NAV_CHANGED_COALESCED = {"revision": 300, "baseRevision": 4, "changes": [
    {"revision": n, "cause": {"method": "nav.selectTab", "client": None, "clientId": "c12"}} for n in range(45, 301)],
    "truncated": True, "root": BOOT_STATE["root"]}
DAEMON_SHUTDOWN = {"reason": "SIGTERM"}
DAEMON_INFO = {"version": "0.1.0", "protocol": "1", "app": "social", "pid": 4242, "uptimeSeconds": 12, "revision": 7,
               "instance": "9f2c41d0", "socket": "/run/user/1000/navd/navd.sock",
               "clients": [{"id": "c1", "name": "navview", "subscribed": True}, {"id": "c2", "name": None, "subscribed": False}],
               "stateDir": None}
# Deep links (docs/deep-links.md, semantics.md 25-31).
DEEPLINK = {"url": "social://chats/c9/messages/4?utm=x",
            "target": {"screen": "message", "params": {"chatId": "c9", "messageId": 4}, "pattern": "/chats/:chatId/messages/:messageId", "id": "s6"},
            "chain": [{"screen": "chatList", "params": {}, "pattern": "/chats"},
                      {"screen": "chat", "params": {"chatId": "c9"}, "pattern": "/chats/:chatId"},
                      {"screen": "message", "params": {"chatId": "c9", "messageId": 4}, "pattern": "/chats/:chatId/messages/:messageId"}],
            "mode": "reset", "ignored": ["utm"], "revision": 2,
            "events": [{"type": "willHide", "screen": "s1", "name": "feedList", "params": {}, "flow": "f2"},
                       {"type": "tabSelected", "flow": "f1", "tab": 2, "name": "chats"},
                       {"type": "enter", "screen": "s5", "name": "chat", "params": {"chatId": "c9"}, "flow": "f4", "via": {"kind": "push", "direction": "push"}},
                       {"type": "enter", "screen": "s6", "name": "message", "params": {"chatId": "c9", "messageId": 4}, "flow": "f4", "via": {"kind": "push", "direction": "push"}},
                       {"type": "willShow", "screen": "s6", "name": "message", "params": {"chatId": "c9", "messageId": 4}, "flow": "f4"}]}
DEEPLINK_DRY_RUN = {**{k: v for k, v in DEEPLINK.items() if k != "target"},
                    "target": {"screen": "message", "params": {"chatId": "c9", "messageId": 4}, "pattern": "/chats/:chatId/messages/:messageId"},
                    "revision": 1, "dryRun": True, "noop": True,
                    "plan": [{"action": "selectTab", "tab": "chats"}, {"action": "open", "screen": "chat"}, {"action": "open", "screen": "message"}]}
DEEPLINK_NOT_FOUND = {"url": "social://nowhere", "target": {"screen": "notFound", "params": {"url": "social://nowhere"}, "id": "s5"},
                      "chain": [{"screen": "notFound", "params": {"url": "social://nowhere"}}], "mode": "top", "ignored": [],
                      "notFound": True, "revision": 2, "events": []}
RESOLVE = {"url": "/users/42", "match": {"screen": "profile", "pattern": "/users/:userId", "params": {"userId": 42}},
           "candidates": [{"pattern": "/users/:userId/:section", "why": "too few segments"}], "chain": []}

# Stage E: the history (semantics.md 54-58).
HISTORY = {"entries": [
    {"revision": 1, "at": 1763942400000, "cause": {"method": "daemon.start", "params": {}, "client": None, "clientId": None},
     "events": BOOT_EVENTS},
    {"revision": 2, "at": 1763942400123, "cause": {"method": "nav.route", "params": {"to": "post", "params": {"postId": 5}},
                                                   "client": "navctl", "clientId": "c3"},
     "events": ROUTE_ZOOM["events"]}], "oldest": 1, "latest": 2}
HISTORY_WITH_TREES = {**HISTORY, "entries": [{**HISTORY["entries"][0], "root": BOOT_STATE["root"]}]}
GOTO_BOOT = {"revision": 3, "events": [
    {"type": "willHide", "screen": "s5", "name": "post", "params": {"postId": 5}, "flow": "f2"},
    {"type": "exit", "screen": "s5", "name": "post", "params": {"postId": 5}, "flow": "f2",
     "via": {"kind": "push", "name": "zoom", "animator": "zoom", "direction": "pop"}},
    {"type": "willShow", "screen": "s1", "name": "feedList", "params": {}, "flow": "f2"}]}


# Guards (docs/guards.md), as NavigationCore writes them: `route account` held on the settings
# tab, then `session.set {signedIn: true}` resuming it.
PENDING = json.loads(r'''{"method":"nav.route","params":{"to":"account"},"guard":"signedIn","screen":"account","redirected":{"to":"login","screen":"s5","flow":"f6"}}''')
ROUTE_HELD = json.loads(r'''{"pending":{"method":"nav.route","params":{"to":"account"}},"redirected":{"to":"login","screen":"s5","flow":"f6"},"revision":3,"events":[{"type":"willHide","screen":"s4","name":"settingsHome","params":{},"flow":"f5"},{"type":"flowStarted","flow":"f6","name":"login"},{"type":"enter","screen":"s5","name":"loginForm","params":{},"flow":"f6","via":{"kind":"modal","direction":"present"}},{"type":"willShow","screen":"s5","name":"loginForm","params":{},"flow":"f6"},{"type":"pendingHeld","method":"nav.route","guard":"signedIn","screen":"account"}]}''')
SESSION_RESUMED = json.loads(r'''{"revision":4,"flags":{"signedIn":true},"pending":null,"resumed":{"method":"nav.route","result":{"screen":"s6","via":{"kind":"push"}}},"events":[{"type":"willHide","screen":"s5","name":"loginForm","params":{},"flow":"f6"},{"type":"exit","screen":"s5","name":"loginForm","params":{},"flow":"f6","via":{"kind":"modal","direction":"dismiss"}},{"type":"flowFinished","flow":"f6","name":"login","result":"satisfied"},{"type":"enter","screen":"s6","name":"account","params":{},"flow":"f5","via":{"kind":"push","direction":"push"}},{"type":"willShow","screen":"s6","name":"account","params":{},"flow":"f5"}]}''')
SESSION_DROPPED = {"revision": 5, "flags": {"signedIn": True, "premium": False}, "pending": None, "events": [
    {"type": "pendingDropped", "method": "nav.route", "reason": "guarded",
     "error": {"message": "vip requires 'premium', which is not set (its redirect is upsell)",
               "data": {"guard": "premium", "screen": "vip", "redirect": "upsell", "reason": "guarded"}}}]}
REPLACED = {"pending": {"method": "nav.deeplink", "params": {"url": "/settings/account"}}, "redirected": PENDING["redirected"],
            "revision": 4, "events": [{"type": "pendingDropped", "method": "nav.route", "reason": "replaced"},
                                      {"type": "pendingHeld", "method": "nav.deeplink", "guard": "signedIn", "screen": "account"}]}
HELD_STATE = {**BOOT_STATE, "session": {"flags": {"signedIn": False}, "pending": PENDING}}
DEEPLINK_GUARDED = {"url": "social://settings/account", "target": {"screen": "account", "params": {}},
                    "chain": [{"screen": "settingsHome", "params": {}, "pattern": "/settings"},
                              {"screen": "account", "params": {}, "pattern": "/settings/account"}],
                    "mode": "reset", "ignored": [], "dryRun": True,
                    "plan": [{"action": "selectTab", "tab": "settings"}, {"action": "open", "screen": "account", "params": {}, "via": {"kind": "push"}}],
                    "guarded": {"guard": "signedIn", "screen": "account", "redirect": "login"}, "revision": 1, "events": []}

VALID = {
    "boot state": ("nav.state", BOOT_STATE),
    "subscribe state": ("nav.subscribe", STATE_PRESENTED),
    "state with nested presentations": ("nav.state", STATE_PRESENTED),
    "state with embedded flows": ("nav.state", NESTED_EMBEDDED),
    "state with a presented tabs flow": ("nav.state", NESTED_TABS_PRESENTED),
    "route with a custom transition": ("nav.route", ROUTE_ZOOM),
    "route modal": ("nav.route", ROUTE_MODAL),
    "route singleTop no-op": ("nav.route", ROUTE_SINGLE_TOP_NOOP),
    "route push falling back": ("nav.route", ROUTE_FALLBACK),
    "route a tabs flow": ("nav.route", ROUTE_TABS_FALLBACK),
    "close a modal": ("nav.close", CLOSE_MODAL),
    "close a push": ("nav.close", CLOSE_PUSH),
    "selectTab": ("nav.selectTab", SELECT_TAB),
    "dismissAll": ("nav.dismissAll", DISMISS_ALL),
    "popToRoot no-op": ("nav.popToRoot", NOOP),
    "popTo no-op": ("nav.popTo", NOOP),
    "flow.finish with a result": ("flow.finish", FINISH_WIZARD),
    "apply": ("nav.apply", APPLY),
    "nested apply, net no-op": ("nav.apply", APPLY_NESTED_NOOP),
    "apply with a deep link step": ("nav.apply", {"results": [{k: v for k, v in DEEPLINK.items() if k not in ("revision", "events")}],
                                                  "revision": 2, "events": DEEPLINK["events"]}),
    "deeplink": ("nav.deeplink", DEEPLINK),
    "deeplink dry run": ("nav.deeplink", DEEPLINK_DRY_RUN),
    "deeplink not found": ("nav.deeplink", DEEPLINK_NOT_FOUND),
    "unsubscribe": ("nav.unsubscribe", {}),
    "url": ("nav.url", {"url": "social://users/7/posts"}),
    "no url": ("nav.url", {"url": None}),
    "routes.list": ("routes.list", {"app": "social", "definition": {"app": "social", "root": "main", "flows": {}, "screens": {}},
                                    "patterns": [{"screen": "profile", "path": "/users/:userId(/:section)",
                                                  "expansions": ["/users/:userId/:section", "/users/:userId"]}]}),
    "routes.resolve": ("routes.resolve", RESOLVE),
    "routes.resolve without a match": ("routes.resolve", {"url": "/nope", "match": None, "candidates": []}),
    "daemon.info": ("daemon.info", DAEMON_INFO),
    "daemon.hello": ("daemon.hello", {"client": "c3"}),
    "rpc.discover": ("rpc.discover", DOC),
    "nav.history": ("nav.history", HISTORY),
    "nav.history with trees": ("nav.history", HISTORY_WITH_TREES),
    "nav.history of nothing": ("nav.history", {"entries": [], "oldest": None, "latest": None}),
    "nav.goto": ("nav.goto", GOTO_BOOT),
    "nav.goto no-op": ("nav.goto", NOOP),
    "nav.reset": ("nav.reset", GOTO_BOOT),
    "state with a pending request": ("nav.state", HELD_STATE),
    "route held by a guard": ("nav.route", ROUTE_HELD),
    "held again: replaced": ("nav.deeplink", REPLACED),
    "apply held": ("nav.apply", {**ROUTE_HELD, "pending": {"method": "nav.apply", "params": {"ops": [{"method": "nav.route", "params": {"to": "account"}}]}}}),
    "deeplink dry run hitting a guard": ("nav.deeplink", DEEPLINK_GUARDED),
    "session.set resuming": ("session.set", SESSION_RESUMED),
    "session.set dropping the resumed request": ("session.set", SESSION_DROPPED),
    "session.set no-op": ("session.set", {"revision": 3, "flags": {"signedIn": False}, "pending": None, "noop": True, "events": []}),
    "session.get": ("session.get", HELD_STATE["session"]),
    "event.emit by the definition": ("event.emit", {
        "results": [{"screen": "s5", "via": {"kind": "push", "name": "zoom", "animator": "zoom"}}], "revision": 2,
        "events": ROUTE_ZOOM["events"], "handled": True, "by": "definition",
        "steps": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 5}}}]}),
    "event.emit by a listener after one was skipped": ("event.emit", {
        "results": [{"screen": "s5", "via": {"kind": "push", "name": "zoom", "animator": "zoom"}}], "revision": 2,
        "events": ROUTE_ZOOM["events"], "handled": True, "by": "c4",
        "steps": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 5}}}],
        "skipped": [{"client": "c3", "reason": "timeout", "message": "no answer within 1000 ms"}]}),
    "event.emit unhandled": ("event.emit", {"revision": 1, "handled": False}),
    "events.listen": ("events.listen", {"events": ["userTapped", "pushReceived"]}),
}


@pytest.mark.parametrize("method,result", VALID.values(), ids=VALID.keys())
def test_real_results_pass(method, result):
    V.validate_result(method, result)


def test_boot_events_pass():
    V.check(V.schema("Events"), BOOT_EVENTS, "boot events")


def test_examples_read_as_trees():
    assert top_screen(BOOT_STATE["root"])["screen"] == "feedList"
    assert [f["id"] for f in visible_path(STATE_PRESENTED["root"])] == ["f1", "f2", "f6", "f7"]
    assert top_screen(NESTED_TABS_PRESENTED["root"])["id"] == "s7"


def changed(instance, change):
    instance = copy.deepcopy(instance)
    change(instance)
    return instance


def tab(state, index=0):
    return state["root"]["tabs"][index]


INVALID = {
    # the tree
    "state without instance": ("nav.state", changed(BOOT_STATE, lambda s: s.pop("instance"))),
    "state without session": ("nav.state", changed(BOOT_STATE, lambda s: s.pop("session"))),
    "state with a flag that is no boolean": ("nav.state", changed(BOOT_STATE, lambda s: s["session"]["flags"].update(signedIn="yes"))),
    "pending without its guard": ("session.get", changed(HELD_STATE["session"], lambda s: s["pending"].pop("guard"))),
    "held route without redirected": ("nav.route", changed(ROUTE_HELD, lambda r: r.pop("redirected"))),
    "pendingHeld without guard": ("nav.route", changed(ROUTE_HELD, lambda r: r["events"][-1].pop("guard"))),
    "pendingDropped without reason": ("session.set", changed(SESSION_DROPPED, lambda r: r["events"][0].pop("reason"))),
    "session.set without flags": ("session.set", changed(SESSION_RESUMED, lambda r: r.pop("flags"))),
    "state with an extra field": ("nav.state", changed(BOOT_STATE, lambda s: s.update(app="social"))),
    "revision 0": ("nav.state", changed(BOOT_STATE, lambda s: s.update(revision=0))),
    "flow instance with an extra field": ("nav.state", changed(BOOT_STATE, lambda s: s["root"].update(name="main"))),
    "flow instance without via": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).pop("via"))),
    "flow instance without children": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).pop("children"))),
    "unknown flow kind": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).update(kind="list"))),
    "empty stack": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).update(screens=[]))),
    "tabs without selected": ("nav.state", changed(BOOT_STATE, lambda s: s["root"].pop("selected"))),
    "tabs with screens": ("nav.state", changed(BOOT_STATE, lambda s: s["root"].update(screens=tab(s)["screens"]))),
    "stack with tabs": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).update(selected=0, tabs=[tab(s, 1)]))),
    "single with a flow name": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["presented"].update(flow="compose"))),
    "single with two screens": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["presented"]["screens"].append(tab(s)["screens"][0]))),
    "presented is a list": ("nav.state", changed(BOOT_STATE, lambda s: tab(s).update(presented=[]))),
    "screen without via": ("nav.state", changed(BOOT_STATE, lambda s: tab(s)["screens"][0].pop("via"))),
    "screen with an extra field": ("nav.state", changed(BOOT_STATE, lambda s: tab(s)["screens"][0].update(title="Feed"))),
    "screen id of the wrong form": ("nav.state", changed(BOOT_STATE, lambda s: tab(s)["screens"][0].update(id="f9"))),
    "screen owner is a screen id": ("nav.state", changed(BOOT_STATE, lambda s: tab(s)["screens"][0].update(flow="s1"))),
    "screen param is an object": ("nav.state", changed(BOOT_STATE, lambda s: tab(s)["screens"][0].update(params={"p": {}}))),
    "via with fallback false": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["screens"][1]["via"].update(kind="modal", fallback=False))),
    "via push with fallback": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["screens"][1]["via"].update(fallback=True))),
    "via with a name but no animator": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["screens"][1]["via"].pop("animator"))),
    "via of an unknown kind": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["screens"][1]["via"].update(kind="slide"))),
    "via with a direction": ("nav.state", changed(STATE_PRESENTED, lambda s: tab(s)["screens"][1]["via"].update(direction="push"))),
    "embedded flow with screens": ("nav.state", changed(NESTED_EMBEDDED, lambda s: s["root"]["children"][0].update(screens=[]))),
    "embedded flow without children": ("nav.state", changed(NESTED_EMBEDDED, lambda s: s["root"]["children"][0]["children"][0].pop("children"))),
    "tabs flow without a name": ("nav.state", changed(NESTED_TABS_PRESENTED, lambda s: s["root"]["presented"].update(flow=None))),
    # events
    "enter without via": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][1].pop("via"))),
    "enter via without direction": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][1]["via"].pop("direction"))),
    "enter via with a bad direction": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][1]["via"].update(direction="up"))),
    "willShow with a via": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][2].update(via=None))),
    "willHide without flow": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][0].pop("flow"))),
    "event of an unknown type": ("nav.route", changed(ROUTE_ZOOM, lambda r: r["events"][0].update(type="appear"))),
    "flowStarted without name": ("nav.route", changed(ROUTE_MODAL, lambda r: r["events"][1].pop("name"))),
    "flowFinished without result": ("nav.close", changed(CLOSE_MODAL, lambda r: r["events"][2].pop("result"))),
    "flowFinished with a screen": ("nav.close", changed(CLOSE_MODAL, lambda r: r["events"][2].update(screen="s7"))),
    "tabSelected with a negative tab": ("nav.selectTab", changed(SELECT_TAB, lambda r: r["events"][1].update(tab=-1))),
    "tabSelected without tab": ("nav.selectTab", changed(SELECT_TAB, lambda r: r["events"][1].pop("tab"))),
    # results
    "route without via": ("nav.route", changed(ROUTE_ZOOM, lambda r: r.pop("via"))),
    "route without events": ("nav.route", changed(ROUTE_ZOOM, lambda r: r.pop("events"))),
    "route with noop false": ("nav.route", changed(ROUTE_ZOOM, lambda r: r.update(noop=False))),
    "route with an extra field": ("nav.route", changed(ROUTE_ZOOM, lambda r: r.update(top="s5"))),
    "route screen of the wrong form": ("nav.route", changed(ROUTE_ZOOM, lambda r: r.update(screen="post"))),
    "close without finished": ("nav.close", changed(CLOSE_MODAL, lambda r: r.pop("finished"))),
    "close with flow ids in closed": ("nav.close", changed(CLOSE_MODAL, lambda r: r.update(closed=["f7"]))),
    "change with an extra field": ("nav.selectTab", changed(SELECT_TAB, lambda r: r.update(tab=3))),
    "change without revision": ("nav.dismissAll", changed(DISMISS_ALL, lambda r: r.pop("revision"))),
    "apply without results": ("nav.apply", changed(APPLY, lambda r: r.pop("results"))),
    "apply step with a revision": ("nav.apply", changed(APPLY, lambda r: r["results"][1].update(revision=12))),
    "apply step with events": ("nav.apply", changed(APPLY, lambda r: r["results"][0].update(events=[]))),
    "nested apply step with an extra field": ("nav.apply", changed(APPLY_NESTED_NOOP, lambda r: r["results"][1].update(x=1))),
    "deeplink without chain": ("nav.deeplink", changed(DEEPLINK, lambda r: r.pop("chain"))),
    "deeplink of an unknown mode": ("nav.deeplink", changed(DEEPLINK, lambda r: r.update(mode="push"))),
    "deeplink target without params": ("nav.deeplink", changed(DEEPLINK, lambda r: r["target"].pop("params"))),
    "deeplink plan step without action": ("nav.deeplink", changed(DEEPLINK_DRY_RUN, lambda r: r["plan"][0].pop("action"))),
    "unsubscribe with a field": ("nav.unsubscribe", {"ok": True}),
    "url without url": ("nav.url", {}),
    "url is a number": ("nav.url", {"url": 3}),
    "routes.list without patterns": ("routes.list", {"app": "social", "definition": {}}),
    "routes.resolve without candidates": ("routes.resolve", {"url": "/x", "match": None}),
    "daemon.info without stateDir": ("daemon.info", changed(DAEMON_INFO, lambda r: r.pop("stateDir"))),
    "daemon.info client with an extra field": ("daemon.info", changed(DAEMON_INFO, lambda r: r["clients"][0].update(pid=1))),
    "hello with a bad client id": ("daemon.hello", {"client": "navctl"}),
    "rpc.discover without methods": ("rpc.discover", {"openrpc": "1.3.2", "info": {}}),
}


@pytest.mark.parametrize("method,result", INVALID.values(), ids=INVALID.keys())
def test_wrong_results_are_rejected(method, result):
    assert not V.is_valid(V.result_schema(method), result)
    with pytest.raises(AssertionError):
        V.validate_result(method, result)


# ---------------------------------------------------------------------------- notifications

VALID_NOTIFICATIONS = {
    "nav.changed": ("nav.changed", NAV_CHANGED),
    "nav.changed without tree": ("nav.changed", changed(NAV_CHANGED, lambda p: p.pop("root"))),
    "nav.changed without events": ("nav.changed", changed(NAV_CHANGED, lambda p: p["changes"][0].pop("events"))),
    "nav.changed coalesced and truncated": ("nav.changed", NAV_CHANGED_COALESCED),
    "daemon.shutdown": ("daemon.shutdown", DAEMON_SHUTDOWN),
}
INVALID_NOTIFICATIONS = {
    "nav.changed without baseRevision": ("nav.changed", changed(NAV_CHANGED, lambda p: p.pop("baseRevision"))),
    "nav.changed with no changes": ("nav.changed", changed(NAV_CHANGED, lambda p: p.update(changes=[]))),
    "nav.changed with truncated false": ("nav.changed", changed(NAV_CHANGED, lambda p: p.update(truncated=False))),
    "nav.changed with an extra field": ("nav.changed", changed(NAV_CHANGED, lambda p: p.update(events=[]))),
    "cause without clientId": ("nav.changed", changed(NAV_CHANGED, lambda p: p["changes"][0]["cause"].pop("clientId"))),
    "cause with an extra field": ("nav.changed", changed(NAV_CHANGED, lambda p: p["changes"][0]["cause"].update(pid=3))),
    "change without cause": ("nav.changed", changed(NAV_CHANGED, lambda p: p["changes"][0].pop("cause"))),
    "root is a state": ("nav.changed", changed(NAV_CHANGED, lambda p: p.update(root=BOOT_STATE))),
    "daemon.shutdown without reason": ("daemon.shutdown", {}),
    "daemon.shutdown with an extra field": ("daemon.shutdown", {"reason": "SIGTERM", "in": 3}),
}


@pytest.mark.parametrize("method,params", VALID_NOTIFICATIONS.values(), ids=VALID_NOTIFICATIONS.keys())
def test_real_notifications_pass(method, params):
    V.validate_notification({"jsonrpc": "2.0", "method": method, "params": params})


@pytest.mark.parametrize("method,params", INVALID_NOTIFICATIONS.values(), ids=INVALID_NOTIFICATIONS.keys())
def test_wrong_notifications_are_rejected(method, params):
    with pytest.raises(AssertionError):
        V.validate_notification(method, params)


# ---------------------------------------------------------------------------- errors

VALID_ERRORS = {
    "unknownDestination": E_UNKNOWN_DESTINATION, "routeNotAllowed": E_ROUTE_NOT_ALLOWED,
    "invalid screen param": E_SCREEN_PARAM, "unknown request field": E_UNKNOWN_FIELD, "conflict": E_CONFLICT,
    "error of an apply step": E_STEP, "nothing presented": E_NOTHING_PRESENTED, "unknownInstance": E_UNKNOWN_INSTANCE,
    "apply step of a non-navigation method": E_APPLY_METHOD, "methodNotFound": E_METHOD_NOT_FOUND,
    "shuttingDown": E_SHUTTING_DOWN, "limitExceeded": E_LIMIT, "parse error without data": E_PARSE, "noRouteForURL": E_NO_ROUTE,
}
INVALID_ERRORS = {
    "unknown code": changed(E_CONFLICT, lambda e: e.update(code=-32003)),
    "application error without data": changed(E_CONFLICT, lambda e: e.pop("data")),
    "data without reason": changed(E_CONFLICT, lambda e: e["data"].pop("reason")),
    "reason of another code": changed(E_UNKNOWN_DESTINATION, lambda e: e["data"].update(reason="conflict")),
    "conflict without actual": changed(E_CONFLICT, lambda e: e["data"].pop("actual")),
    "routeNotAllowed without allowed": changed(E_ROUTE_NOT_ALLOWED, lambda e: e["data"].pop("allowed")),
    "invalidParams without param": changed(E_SCREEN_PARAM, lambda e: e["data"].pop("param")),
    "step is not an index": changed(E_STEP, lambda e: e["data"].update(step="1")),
    "without message": changed(E_CONFLICT, lambda e: e.pop("message")),
    "extra member": changed(E_CONFLICT, lambda e: e.update(id=1)),
    "code as a string": changed(E_CONFLICT, lambda e: e.update(code="-32005")),
}


@pytest.mark.parametrize("error", VALID_ERRORS.values(), ids=VALID_ERRORS.keys())
def test_real_errors_pass(error):
    V.validate_error(error)
    V.validate_error(RPCError(error["code"], error["message"], error.get("data")))


@pytest.mark.parametrize("error", INVALID_ERRORS.values(), ids=INVALID_ERRORS.keys())
def test_wrong_errors_are_rejected(error):
    with pytest.raises(AssertionError):
        V.validate_error(error)


# ---------------------------------------------------------------------------- params

VALID_PARAMS = {
    "state": ("nav.state", {}),
    "subscribe without the tree": ("nav.subscribe", {"tree": False, "events": True}),
    "route": ("nav.route", {"to": "post", "params": {"postId": 5}}),
    "route with everything": ("nav.route", {"to": "profile", "params": {"userId": 7}, "transition": "sheet", "from": "s5",
                                            "expectRevision": 3, "singleTop": True, "popTo": {"screen": "feedList", "inclusive": False}}),
    "route with nulls": ("nav.route", {"to": "post", "params": None, "transition": None, "from": None, "expectRevision": None, "popTo": None}),
    "close": ("nav.close", {}),
    "close a screen": ("nav.close", {"screen": "s12", "expectRevision": 9}),
    "popTo by name": ("nav.popTo", {"screen": "feedList", "inclusive": True}),
    "popToRoot of a flow": ("nav.popToRoot", {"flow": "f2"}),
    "dismissAll": ("nav.dismissAll", {"expectRevision": 4}),
    "selectTab by name": ("nav.selectTab", {"tab": "chats"}),
    "selectTab by index": ("nav.selectTab", {"tab": 2, "flow": "f1"}),
    "flow.finish with a result": ("flow.finish", {"flow": "f7", "result": {"picked": [1, 2]}}),
    "apply": ("nav.apply", {"ops": [{"method": "nav.selectTab", "params": {"tab": 0}}, {"method": "nav.route", "params": {"to": "compose"}},
                                    {"method": "nav.close"}, {"method": "nav.dismissAll", "params": None},
                                    {"method": "nav.apply", "params": {"ops": [{"method": "nav.popToRoot", "params": {}}]}},
                                    {"method": "nav.deeplink", "params": {"url": "/feed"}}], "expectRevision": 2}),
    "deeplink dry run": ("nav.deeplink", {"url": "social://posts/5", "dryRun": True}),
    "url of a screen": ("nav.url", {"screen": "s3"}),
    "resolve": ("routes.resolve", {"url": "/users/42"}),
    "hello": ("daemon.hello", {"name": "navview"}),
    "history": ("nav.history", {}),
    "history since with trees": ("nav.history", {"since": 12, "limit": 1000, "tree": True}),
    "goto": ("nav.goto", {"revision": 1, "expectRevision": 7}),
    "reset": ("nav.reset", {}),
    "session.set": ("session.set", {"flags": {"signedIn": True}}),
    "session.set expecting a revision": ("session.set", {"flags": {}, "expectRevision": 4}),
    "session.get": ("session.get", {}),
    "emit": ("event.emit", {"name": "postTapped", "payload": {"postId": 5}, "expectRevision": 3}),
    "emit without payload": ("event.emit", {"name": "loggedOut"}),
    "listen": ("events.listen", {"events": ["userTapped"]}),
    "stop listening": ("events.listen", {"events": []}),
}
INVALID_PARAMS = {
    "state with a field": ("nav.state", {"tree": True}),
    "route without to": ("nav.route", {"params": {}}),
    "route with a typo": ("nav.route", {"to": "post", "expectRevison": 3}),
    "route from a flow id": ("nav.route", {"to": "post", "from": "f1"}),
    "route params as a list": ("nav.route", {"to": "post", "params": [5]}),
    "route popTo without screen": ("nav.route", {"to": "post", "popTo": {"inclusive": True}}),
    "route popTo with an extra field": ("nav.route", {"to": "post", "popTo": {"screen": "s1", "all": True}}),
    "popTo without screen": ("nav.popTo", {"inclusive": True}),
    "popTo inclusive as a string": ("nav.popTo", {"screen": "s1", "inclusive": "yes"}),
    "close a flow": ("nav.close", {"screen": "f1"}),
    "selectTab without tab": ("nav.selectTab", {}),
    "selectTab tab as a boolean": ("nav.selectTab", {"tab": True}),
    "flow.finish without flow": ("flow.finish", {"result": 1}),
    "flow.finish of a screen": ("flow.finish", {"flow": "s3"}),
    "apply without ops": ("nav.apply", {}),
    "apply of a query method": ("nav.apply", {"ops": [{"method": "nav.state"}]}),
    "apply step without method": ("nav.apply", {"ops": [{"params": {}}]}),
    "apply step with bad params": ("nav.apply", {"ops": [{"method": "nav.route", "params": {"params": {}}}]}),
    "apply route step without params": ("nav.apply", {"ops": [{"method": "nav.route"}]}),
    "apply step with an extra field": ("nav.apply", {"ops": [{"method": "nav.close", "id": 1}]}),
    "expectRevision as a string": ("nav.dismissAll", {"expectRevision": "4"}),
    "deeplink without url": ("nav.deeplink", {"dryRun": True}),
    "hello without name": ("daemon.hello", {}),
    "resolve without url": ("routes.resolve", {}),
    "history limit 0": ("nav.history", {"limit": 0}),
    "history limit over 1000": ("nav.history", {"limit": 1001}),
    "history since negative": ("nav.history", {"since": -1}),
    "goto without revision": ("nav.goto", {}),
    "goto revision 0": ("nav.goto", {"revision": 0}),
    "reset with a field": ("nav.reset", {"revision": 1}),
    "apply of goto": ("nav.apply", {"ops": [{"method": "nav.goto", "params": {"revision": 1}}]}),
    "apply of reset": ("nav.apply", {"ops": [{"method": "nav.reset"}]}),
    "session.set without flags": ("session.set", {}),
    "session.set of a string": ("session.set", {"flags": {"signedIn": "yes"}}),
    "session.get with a field": ("session.get", {"flags": {}}),
    "apply of session.set": ("nav.apply", {"ops": [{"method": "session.set", "params": {"flags": {}}}]}),
}


@pytest.mark.parametrize("method,params", VALID_PARAMS.values(), ids=VALID_PARAMS.keys())
def test_good_params_pass(method, params):
    V.validate_params(method, params)


@pytest.mark.parametrize("method,params", INVALID_PARAMS.values(), ids=INVALID_PARAMS.keys())
def test_bad_params_are_rejected(method, params):
    with pytest.raises(AssertionError):
        V.validate_params(method, params)
