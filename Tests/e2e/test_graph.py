"""`navd graph`, `navctl graph`, `navctl run --coverage` and the findings `navd check` added,
through the real programs.

The bugs this guards against: a graph whose SVG, drawn by Graphviz's dot as the docs say,
loses the ids a page needs to find a screen (navweb marks the live state through them); a
missing dot that fails with a bare "No such file or directory" instead of naming the package
to install; JSON and coverage files that drift from their schemas in Protocol/; a coverage
file of a real navd that does not say what the scripts did; and check findings that never
reach the user (a shadowed pattern, a screen only links reach), or show up on the sample."""

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from jsonschema import Draft202012Validator

from navd_harness import REPO_ROOT, find_navd

GRAPH_SCHEMA = json.loads((REPO_ROOT / "Protocol" / "graph.schema.json").read_text())
COVERAGE_SCHEMA = json.loads((REPO_ROOT / "Protocol" / "coverage.schema.json").read_text())
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def navd_bin():
    binary = find_navd()
    if not binary.exists():
        pytest.skip(f"navd binary not found at {binary}")
    return str(binary)


def run(*argv, stdin=None, env=None, timeout=60):
    return subprocess.run([*map(str, argv)], input=stdin, capture_output=True, text=True, timeout=timeout,
                          cwd=REPO_ROOT, env=env)


def test_the_sample_draws_as_svg_with_every_id(navd_bin, tmp_path):
    """dot runs in the tests: `make test-deps` installs graphviz."""
    assert shutil.which("dot"), "Graphviz's dot (Debian: graphviz) is needed; make test-deps installs it"
    picture = tmp_path / "sample.svg"
    done = run(navd_bin, "graph", "--svg", picture)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    graph = json.loads(run(navd_bin, "graph", "--format", "json").stdout)
    ids = {element.get("id") for element in ET.parse(picture).iter() if element.get("id")}
    drawn = {edge["id"] for edge in graph["edges"] if edge["kind"] != "tab"}
    assert {node["id"] for node in graph["nodes"]} | drawn <= ids
    classes = {element.get("id"): element.get("class") for element in ET.parse(picture).iter(f"{SVG}g")}
    assert classes["feedList"] == "node screen"
    assert classes["route:feedList->post"] == "edge route"
    assert classes["main"] == "cluster tab"


def test_a_missing_dot_names_the_package(navd_bin, tmp_path):
    done = run(navd_bin, "graph", "--png", tmp_path / "x.png", env={"PATH": str(tmp_path)})
    assert done.returncode == 1
    assert done.stderr == (
        f"navd: cannot draw {tmp_path / 'x.png'}: Graphviz's dot is not installed (it draws --svg and --png): "
        "install Debian's graphviz package (apt-get install graphviz)\n")
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("app", [None, *sorted(str(p.relative_to(REPO_ROOT)) for p in (REPO_ROOT / "examples").glob("*.json"))])
def test_graph_json_is_valid_against_its_schema(navd_bin, app):
    done = run(navd_bin, "graph", *([app] if app else []), "--format", "json")
    assert done.returncode == 0, done.stderr
    errors = [e.message for e in Draft202012Validator(GRAPH_SCHEMA).iter_errors(json.loads(done.stdout))]
    assert errors == []


def test_graph_of_an_invalid_definition_is_the_check_report(navd_bin, tmp_path):
    app = tmp_path / "bad.json"
    app.write_text('{"app": "t", "root": "nope", "flows": {}, "screens": {}}')
    done = run(navd_bin, "graph", app)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.endswith(f"{app}: invalid, 1 error, 0 warnings\n")


def test_navctl_graph_live_and_coverage_of_a_real_navd(navctl, tmp_path):
    script = tmp_path / "s.navctl"
    script.write_text("tab chats\nroute chat chatId=c1\nexpect top chat\n")
    coverage = tmp_path / "c.json"
    done = navctl("run", "-q", "--coverage", str(coverage), str(script))
    assert (done.returncode, done.stdout, done.stderr) == (0, "1 passed, 0 failed\n", "")
    recorded = json.loads(coverage.read_text())
    assert [e.message for e in Draft202012Validator(COVERAGE_SCHEMA).iter_errors(recorded)] == []
    assert (recorded["screens"], recorded["tabs"]) == ({"chat": 1, "chatList": 1, "feedList": 1}, {"chats": 1, "feed": 1})
    assert recorded["edges"] == [{"from": "chatList", "to": "chat", "transition": "push", "count": 1}]

    live = json.loads(navctl("graph", "--live", "--json").stdout)
    assert [e.message for e in Draft202012Validator(GRAPH_SCHEMA).iter_errors(live)] == []
    assert live["marks"]["nodes"]["chat"] == ["visible", "top"]
    assert live["marks"]["nodes"]["chats"] == ["selected"]

    # The file alone: no navd needed.
    offline = navctl("graph", "--coverage", str(coverage), "--format", "mermaid", env={"NAVD_SOCKET": str(tmp_path / "none.sock")})
    assert offline.returncode == 0, offline.stderr
    assert "class " in offline.stdout and "covered" in offline.stdout
    report = navctl("coverage", "report", str(coverage), "--json", env={"NAVD_SOCKET": str(tmp_path / "none.sock")})
    assert json.loads(report.stdout)["parts"]["edges"]["covered"] == 1
    picture = tmp_path / "covered.svg"
    assert navctl("graph", "--coverage", str(coverage), "--svg", str(picture)).returncode == 0
    classes = {element.get("id"): element.get("class") for element in ET.parse(picture).iter(f"{SVG}g")}
    assert classes["route:chatList->chat"] == "edge route covered"
    assert classes["message"] == "node screen uncovered"
    assert classes["login"] == "cluster flow uncovered"
    # Every mark draws: the live ones and the coverage ones together.
    both = tmp_path / "both.svg"
    done = navctl("graph", "--live", "--coverage", str(coverage), "--svg", str(both))
    assert (done.returncode, done.stderr) == (0, "")
    classes = {element.get("id"): element.get("class") for element in ET.parse(both).iter(f"{SVG}g")}
    assert classes["chat"] == "node screen visible top covered"


SHADOWED = {
    "app": "t", "schemes": ["t"], "root": "main",
    "flows": {"main": {"kind": "stack", "root": "home"}},
    "screens": {
        "home": {"path": "/", "routes": ["files"]},
        "files": {"path": "/files/*rest", "params": {"rest": {"type": "string"}}},
        "pair": {"path": "/files/:a/:b", "params": {"a": {"type": "string"}, "b": {"type": "string"}}},
    },
}


def test_check_reports_a_shadowed_pattern_and_notes_a_screen_only_links_reach(navd_bin, tmp_path):
    app = tmp_path / "t.json"
    app.write_text(json.dumps(SHADOWED))
    done = run(navd_bin, "check", app)
    assert done.returncode == 0
    assert done.stdout == (
        "warning: $.screens.pair.path: '/files/:a/:b' can never win: '/files/*rest' of screen 'files' at "
        "$.screens.files.path matches every URL it matches and ranks first (as many literal segments, fewer "
        "captures), e.g. t://files/x/x\n"
        "note: $.screens.pair: only a deep link reaches this screen: no route from root flow 'main' leads here\n"
        "t: 3 screens, 1 flow, 1 edge, 3 patterns\n"
        f"{app}: ok, 0 errors, 1 warning, 1 note\n")
    report = json.loads(run(navd_bin, "check", "--json", app).stdout)
    assert [w["path"] for w in report["warnings"]] == ["$.screens.pair.path"]
    assert [n["path"] for n in report["notes"]] == ["$.screens.pair"]
    assert report["summary"] == {"app": "t", "screens": 3, "flows": 1, "edges": 1, "patterns": 3}
