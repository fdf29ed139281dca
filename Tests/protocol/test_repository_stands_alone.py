"""The repository stands alone: nothing in it points at a document it does not contain.

The bug this guards against: README, Protocol/, dozens of comments, the OpenRPC descriptions
and `navctl deeplink --help` cited a contract file kept outside the repository, so a user who
cloned it followed links to nothing. navd's reference is docs/; this test fails when a file
points outside the repository again, or when a relative link in the documentation names a
file that does not exist.
"""

import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Spelled in pieces so that this file does not match itself.
OUTSIDE = [re.compile(p) for p in ("DES" r"IGN\.md", r"\.\./sha" "red/", "/work/sha" "red")]
DOCS = ["README.md", "docs/*.md", "examples/README.md", "Protocol/*.md", "Clients/README.md"]


def repository_files() -> list[pathlib.Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split("\n")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def test_no_file_points_outside_the_repository():
    found = []
    for path in repository_files():
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(p.search(line) for p in OUTSIDE):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert found == []


def test_the_reference_pages_exist():
    for page in ["README.md", "app-definition.md", "tree.md", "operations.md", "deep-links.md", "protocol.md"]:
        assert (ROOT / "docs" / page).is_file(), page


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: pathlib.Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_relative_links_in_the_documentation_resolve():
    """Files must exist; an anchor into a Markdown page (the README, a page of docs/, the same
    page) must name one of its headings."""
    broken = []
    for pattern in DOCS:
        for page in sorted(ROOT.glob(pattern)):
            for target in LINK.findall(page.read_text()):
                if re.match(r"[a-z]+:", target):
                    continue
                file, _, anchor = target.partition("#")
                linked = (page.parent / file) if file else page
                if not linked.exists():
                    broken.append(f"{page.relative_to(ROOT)}: {target}")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_no_page_says_a_built_part_is_missing():
    """Stale text a new user met: docs/README.md's "Not built yet" heading over a paragraph
    saying guards and events are built, and the demo's tour saying navctl "lives on another
    branch"."""
    stale = {"docs/README.md": ["Not built yet"], "Clients/navview/demo/tour.sh": ["another branch"]}
    found = [f"{name}: {phrase}" for name, phrases in stale.items() for phrase in phrases
             if phrase in (ROOT / name).read_text()]
    assert found == []
