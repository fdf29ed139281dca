"""navd embeds Protocol/navd.openrpc.json for rpc.discover; the copy must never drift."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_embedded_document_matches_protocol_file():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "embed-openrpc.py"), "--check"])
    assert result.returncode == 0, "Sources/navd/OpenRPCDocument.swift is stale: run `make protocol`"
