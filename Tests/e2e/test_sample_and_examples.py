"""The app definitions a new user starts from: `navd sample` and `examples/`.

The bug this guards against: the sample app lived only as a string inside the Swift sources,
so a user had no file to copy, and nothing proved that an example definition in the
repository still loads once navd's checks change. Here `navd sample` must print exactly the
definition navd runs (compared with what `routes.list` reports as loaded), pass the JSON
Schema and `navd check -`; and every file in `examples/` must pass the schema and `navd check`
with no error and no warning, serve, and behave as examples/README.md says when routed and
deep-linked.
"""

import json
import pathlib
import subprocess

import pytest
from jsonschema import Draft202012Validator

from navd_harness import REPO_ROOT, RPCError, find_navd, top_screen, visible_path

SCHEMA = json.loads((REPO_ROOT / "Protocol" / "app-definition.schema.json").read_text())
EXAMPLES = REPO_ROOT / "examples"


def navd_binary() -> pathlib.Path:
    binary = find_navd()
    if not binary.exists():
        pytest.skip(f"{binary} is not built")
    return binary


def run_navd(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(navd_binary()), *args], input=stdin, capture_output=True, text=True, timeout=30, cwd=REPO_ROOT
    )


def schema_errors(definition) -> list[str]:
    return [e.message for e in Draft202012Validator(SCHEMA).iter_errors(definition)]


# ------------------------------------------------------------------------------ navd sample


def test_sample_piped_into_check_is_ok():
    """`navd sample | navd check -`, as a user types it."""
    navd = navd_binary()
    result = subprocess.run(
        f"'{navd}' sample | '{navd}' check -", shell=True, capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "social: 14 screens, 7 flows, 18 edges, 11 patterns\n-: ok, 0 errors, 0 warnings\n"


def test_sample_is_pretty_json_valid_against_the_schema():
    result = run_navd("sample")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.count("\n") > 20, "pretty-printed over many lines"
    assert schema_errors(json.loads(result.stdout)) == []


def test_sample_is_what_navd_loads(navd):
    """The default app of a navd started without --app, as routes.list reports it loaded."""
    printed = json.loads(run_navd("sample").stdout)
    with navd.client() as client:
        loaded = client.call("routes.list")
    assert loaded["app"] == "social"
    assert printed == loaded["definition"]


def test_sample_help_says_to_rename_the_copy():
    # A copy of the sample (`navd sample > my-social.json; navd --app my-social.json`) printed
    # "restored revision 5 … social.sqlite": state is kept per "app" name, and nothing said so.
    result = run_navd("sample", "--help")
    assert result.returncode == 0
    assert 'navd keeps one state per app name: give your copy its own "app" (the sample\'s is "social")' in " ".join(result.stdout.split())


def test_sample_help_is_listed():
    result = run_navd("--help")
    assert "sample" in result.stdout and "Prints the built-in sample app definition" in result.stdout


# ------------------------------------------------------------------------------ examples


def example_files() -> list[str]:
    return sorted(p.name for p in EXAMPLES.glob("*.json"))


def test_every_example_has_a_scenario():
    """A new example cannot be added without a test that serves it."""
    assert example_files() == sorted(SCENARIOS)


@pytest.mark.parametrize("name", example_files())
def test_example_passes_check_and_schema(name):
    result = run_navd("check", f"examples/{name}")
    assert result.returncode == 0, result.stdout + result.stderr
    summary, verdict = result.stdout.splitlines()  # no warning, no note
    definition = json.loads((EXAMPLES / name).read_text())
    assert summary.startswith(f"{definition['app']}: {len(definition['screens'])} screens, {len(definition['flows'])} flows, ")
    assert verdict == f"examples/{name}: ok, 0 errors, 0 warnings"
    assert schema_errors(json.loads((EXAMPLES / name).read_text())) == []


@pytest.mark.parametrize("name", example_files())
def test_example_is_described_in_the_readme(name):
    readme = (EXAMPLES / "README.md").read_text()
    assert f"({name})" in readme and f"--app examples/{name}" in readme


def shop(client):
    """A root stack; `checkout` is a flow that opens with push, so it is embedded."""
    home = top_screen(client.call("nav.state")["root"])
    assert home["screen"] == "home"
    opened = client.call("nav.route", {"to": "catalog", "params": {"category": "shoes"}})
    assert opened["via"] == {"kind": "push"}
    assert top_screen(client.call("nav.state")["root"])["params"] == {"category": "shoes", "page": 1}

    link = client.call("nav.deeplink", {"url": "shop://cart"})
    assert (link["mode"], link["target"]["screen"]) == ("flow", "cart")
    root = client.call("nav.state")["root"]
    assert [s["screen"] for s in root["screens"]] == ["home", "catalog", "cart"]
    [checkout] = root["children"]
    assert checkout["flow"] == "checkout" and root["screens"][2]["flow"] == checkout["id"]

    client.call("nav.route", {"to": "shipping"})
    shipping = top_screen(client.call("nav.state")["root"])
    assert shipping["flow"] == checkout["id"] and shipping["params"] == {"express": False}
    closed = client.call("nav.close", {"screen": root["screens"][2]["id"]})
    assert closed["finished"] == [checkout["id"]]
    root = client.call("nav.state")["root"]
    assert root["children"] == [] and [s["screen"] for s in root["screens"]] == ["home", "catalog"]
    assert client.call("nav.url")["url"] == "shop://c/shoes/1"


def music(client):
    """Tabs; a deep link resets to its tab; a custom modal; notFound."""
    link = client.call("nav.deeplink", {"url": "music://library/playlists/p1?from=mail"})
    assert (link["mode"], link["ignored"]) == ("reset", ["from"])
    assert [e["name"] for e in link["events"] if e["type"] == "tabSelected"] == ["library"]
    root = client.call("nav.state")["root"]
    assert [f["flow"] for f in visible_path(root)] == ["main", "library"]
    assert top_screen(root)["params"] == {"playlistId": "p1"}

    shared = client.call("nav.route", {"to": "share", "params": {"link": "music://library/playlists/p1"}})
    assert shared["via"] == {"kind": "modal", "name": "sheet", "animator": "sheet"}
    with pytest.raises(RPCError) as refused:
        client.call("nav.route", {"to": "album", "params": {"albumId": 1}})
    assert refused.value.reason == "routeNotAllowed"

    lost = client.call("nav.deeplink", {"url": "music://albums/x"})
    assert lost["notFound"] is True and lost["target"]["params"] == {"url": "music://albums/x"}
    player = client.call("nav.deeplink", {"url": "music://player"})
    assert player["mode"] == "flow"
    assert visible_path(client.call("nav.state")["root"])[-1]["via"] == {
        "kind": "modal", "name": "fullScreen", "animator": "slideUp"}


def notes(client):
    """A single stack: push falling back to modal, an edge override to modalWithNavigation."""
    link = client.call("nav.deeplink", {"url": "notes://notes/7"})
    assert link["mode"] == "reset" and [s["screen"] for s in link["chain"]] == ["noteList", "note"]

    picker = client.call("nav.route", {"to": "tagPicker"})
    assert picker["via"] == {"kind": "modal"}
    fell_back = client.call("nav.route", {"to": "newTag"})
    assert fell_back["via"] == {"kind": "modal", "fallback": True} and fell_back["fallback"] is True
    client.call("nav.dismissAll")

    history = client.call("nav.route", {"to": "history", "params": {"noteId": 7}})
    assert history["via"] == {"kind": "modalWithNavigation", "name": "card", "animator": "card"}
    pushed = client.call("nav.route", {"to": "revision", "params": {"noteId": 7, "rev": 2}})
    assert pushed["via"] == {"kind": "push"}
    card = visible_path(client.call("nav.state")["root"])[-1]
    assert card["kind"] == "stack" and [s["screen"] for s in card["screens"]] == ["history", "revision"]


SCENARIOS = {"shop.json": shop, "music.json": music, "notes.json": notes}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_example_serves_routes_and_deep_links(navd_factory, name):
    daemon = navd_factory(app=EXAMPLES / name)
    with daemon.client() as client:
        SCENARIOS[name](client)
