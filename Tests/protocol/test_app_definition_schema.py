"""Protocol/app-definition.schema.json: the schema is valid draft 2020-12, the sample app (taken
from SampleApp.swift, so the two cannot drift) and the shop fixture pass it, and definitions
with structural mistakes are rejected."""

import copy
import json
import pathlib
import re

import pytest
from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "Protocol" / "app-definition.schema.json").read_text())
SAMPLE_SWIFT = ROOT / "Sources" / "NavigationCore" / "Definition" / "SampleApp.swift"
SHOP = pathlib.Path(__file__).resolve().parent / "fixtures" / "shop-app.json"


def sample_app():
    text = SAMPLE_SWIFT.read_text()
    match = re.search(r'sampleJSON = #"""\n(.*?)\n"""#', text, re.S)
    assert match, "sampleJSON raw string not found in SampleApp.swift"
    return json.loads(match.group(1))


def errors(instance):
    return sorted(Draft202012Validator(SCHEMA).iter_errors(instance), key=lambda e: list(e.path))


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("load", [sample_app, lambda: json.loads(SHOP.read_text())], ids=["sample", "shop"])
def test_valid_definitions_pass(load):
    assert [e.message for e in errors(load())] == []


def minimal():
    return {
        "app": "t",
        "root": "main",
        "flows": {"main": {"kind": "stack", "root": "home"}},
        "screens": {"home": {"path": "/"}},
    }


def test_minimal_definition_passes():
    assert errors(minimal()) == []


def with_change(change):
    definition = minimal()
    change(definition)
    return definition


BAD = {
    "typo in a screen field": lambda d: d["screens"]["home"].update({"rout": ["home"]}),
    "unknown top-level field": lambda d: d.update({"version": 2}),
    "missing root": lambda d: d.pop("root"),
    "missing flow kind": lambda d: d["flows"]["main"].pop("kind"),
    "unknown flow kind": lambda d: d["flows"]["main"].update({"kind": "stak"}),
    "stack flow without root": lambda d: d["flows"]["main"].pop("root"),
    "stack flow with tabs": lambda d: d["flows"]["main"].update({"tabs": ["x"]}),
    "tabs flow without initialTab": lambda d: d["flows"].update({"t": {"kind": "tabs", "tabs": ["main"]}}),
    "tabs flow with no tabs": lambda d: d["flows"].update({"t": {"kind": "tabs", "tabs": [], "initialTab": "main"}}),
    "bad transition base": lambda d: d.update({"transitions": {"slide": {"base": "slide", "animator": "s"}}}),
    "transition without animator": lambda d: d.update({"transitions": {"slide": {"base": "push"}}}),
    "redefined built-in transition": lambda d: d.update({"transitions": {"push": {"base": "modal", "animator": "a"}}}),
    "route entry is a number": lambda d: d["screens"]["home"].update({"routes": [1]}),
    "route object without to": lambda d: d["screens"]["home"].update({"routes": [{"transition": "modal"}]}),
    "route object to '*'": lambda d: d["screens"]["home"].update({"routes": [{"to": "*", "transition": "modal"}]}),
    "screen named '*'": lambda d: d["screens"].update({"*": {}}),
    "path without leading slash": lambda d: d["screens"]["home"].update({"path": "home"}),
    "param without type": lambda d: d["screens"]["home"].update({"params": {"p": {"optional": True}}}),
    "unknown param type": lambda d: d["screens"]["home"].update({"params": {"p": {"type": "uuid"}}}),
    "enum without values": lambda d: d["screens"]["home"].update({"params": {"p": {"type": "enum"}}}),
    "enum with empty values": lambda d: d["screens"]["home"].update({"params": {"p": {"type": "enum", "values": []}}}),
    "values on a non-enum": lambda d: d["screens"]["home"].update({"params": {"p": {"type": "int", "values": ["1"]}}}),
    "int default of the wrong type": lambda d: d["screens"]["home"].update(
        {"params": {"p": {"type": "int", "optional": True, "default": "one"}}}
    ),
    "optional is not a boolean": lambda d: d["screens"]["home"].update({"params": {"p": {"type": "int", "optional": "yes"}}}),
    "guard without redirect": lambda d: d.update({"guards": {"signedIn": {}}}),
    "schemes is a string": lambda d: d.update({"schemes": "social"}),
    # Names are identifiers, schemes RFC 3986 and not web schemes, hosts DNS names
    # (Protocol/semantics.md, decisions 46 and 47).
    "screen name with a newline": lambda d: d["screens"].update({"a\nb": {}}),
    "screen name ../x": lambda d: d["screens"].update({"../x": {}}),
    "screen name with a space": lambda d: d["screens"].update({"a b": {}}),
    "screen name of 129 characters": lambda d: d["screens"].update({"a" * 129: {}}),
    "flow name with NUL": lambda d: d["flows"].update({"a\u0000": {"kind": "stack", "root": "home"}}),
    "param name with a slash": lambda d: d["screens"]["home"].update({"params": {"a/b": {"type": "int", "optional": True}}}),
    "guard name with a space": lambda d: d.update({"guards": {"signed in": {"redirect": "home"}}}),
    "transition name with a space": lambda d: d.update({"transitions": {"my slide": {"base": "push", "animator": "s"}}}),
    "app name ../app": lambda d: d.update({"app": "../app"}),
    "empty scheme": lambda d: d.update({"schemes": [""]}),
    "scheme with a space": lambda d: d.update({"schemes": ["a b"]}),
    "scheme https": lambda d: d.update({"schemes": ["https"]}),
    "scheme HTTP": lambda d: d.update({"schemes": ["HTTP"]}),
    "host with a scheme": lambda d: d.update({"hosts": ["https://example.com"]}),
    "host with a port": lambda d: d.update({"hosts": ["example.com:443"]}),
    "host with an empty label": lambda d: d.update({"hosts": ["a..b"]}),
}


GOOD = {
    "names with dots and dashes": lambda d: d["screens"].update({"my-screen.v2": {}, "_x": {}}),
    "name of 128 characters": lambda d: d["screens"].update({"a" * 128: {}}),
    "schemes": lambda d: d.update({"schemes": ["social", "my-app+v1.2", "httpx"]}),
    "hosts": lambda d: d.update({"hosts": ["example.com", "xn--80ak6aa92e.com", "localhost", "a-b.c0"]}),
}


@pytest.mark.parametrize("change", GOOD.values(), ids=GOOD.keys())
def test_good_definitions_pass(change):
    assert [e.message for e in errors(with_change(change))] == []


@pytest.mark.parametrize("change", BAD.values(), ids=BAD.keys())
def test_bad_definitions_are_rejected(change):
    assert errors(with_change(change)) != []


def test_typo_is_reported_where_it_is():
    definition = copy.deepcopy(sample_app())
    definition["screens"]["post"]["rout"] = definition["screens"]["post"].pop("routes")
    (error,) = errors(definition)
    assert list(error.path) == ["screens", "post"]
    assert "'rout' was unexpected" in error.message
