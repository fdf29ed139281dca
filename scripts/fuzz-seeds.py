#!/usr/bin/env python3
"""Writes the seed corpora of navd's fuzz targets (`make fuzz`) into OUT/<target>/.

- server: every request line of Protocol/transcripts (one line per file, as the transcript
  sends it), and each transcript's whole session of one client (all its lines in one file).
- definition: the sample app (from SampleApp.swift), the deeplink target's wildcard app, Tests/protocol/fixtures/*.json and
  examples/*.json when that directory exists.
- deeplink: every `url` the transcripts send, and the paths of the definitions above, filled
  in with sample values, under each of their schemes and hosts.
- store: programs of its byte code (Fuzzing/Sources/fuzz-store/StoreSession.swift): the first
  byte picks the history's limit, each next one an operation (0-4 route to a post, 6 close,
  9 session.set, 10 nav.goto, 11 nav.reset, 12 event.emit, 13 checkpoint, 14 restart, 15 the
  end of a loop iteration): bursts longer than the history, with restarts between them.

Usage: scripts/fuzz-seeds.py OUT
"""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def compact(message):
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def transcript_lines():
    """(transcript name, client, line sent) for every send of every transcript."""
    for path in sorted(glob.glob(os.path.join(ROOT, "Protocol/transcripts/*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for text in f:
                entry = json.loads(text)
                client = entry.get("client", "a")
                if "send" in entry:
                    yield os.path.basename(path), client, compact(entry["send"])
                elif "sendRaw" in entry:
                    yield os.path.basename(path), client, entry["sendRaw"]


def definitions():
    """The text of every app definition the repository has."""
    texts = []
    for swift in ("Sources/NavigationCore/Definition/SampleApp.swift", "Fuzzing/Sources/fuzz-deeplink/WildcardApp.swift"):
        found = re.search(r'#"""\n(.*?)\n"""#', open(os.path.join(ROOT, swift), encoding="utf-8").read(), re.S)
        if not found:
            sys.exit(f"fuzz-seeds: no app definition (a #\"\"\" string) in {swift}")
        texts.append(found.group(1))
    for pattern in ("Tests/protocol/fixtures/*.json", "examples/*.json"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            texts.append(open(path, encoding="utf-8").read())
    return texts


SAMPLE_VALUES = {"int": "7", "double": "2.5", "bool": "true", "string": "abc"}


def deeplinks(definition_texts):
    """URLs for the paths of the definitions: every pattern with and without its optional groups."""
    urls = []
    for text in definition_texts:
        try:
            app = json.loads(text)
        except ValueError:
            continue
        prefixes = [f"{s}:/" for s in app.get("schemes", [])] + [f"https://{h}" for h in app.get("hosts", [])] + [""]
        for screen in app.get("screens", {}).values():
            path = screen.get("path") if isinstance(screen, dict) else None
            if not isinstance(path, str):
                continue
            params = screen.get("params", {})

            def value(match):
                spec = params.get(match.group(2), {})
                if spec.get("type") == "enum" and spec.get("values"):
                    return spec["values"][0]
                return "a/b/c" if match.group(1) == "*" else SAMPLE_VALUES.get(spec.get("type"), "x")

            filled = re.sub(r"([:*])([A-Za-z0-9_]+)", value, path)
            for variant in {filled.replace("(", "").replace(")", ""), re.sub(r"\([^()]*\)", "", filled)}:
                for prefix in prefixes:
                    urls.append(prefix + (variant or "/"))
    return urls


def write(directory, contents):
    os.makedirs(directory, exist_ok=True)
    for content in contents:
        data = content.encode("utf-8")
        with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)


def listener_sessions():
    """Two clients taking turns at each 0x01 byte (the server target's switch): one listens to
    routing events and answers `event.handle` (alone, in a batch, late, with an error), the
    other emits and sends requests behind its held emit."""
    def line(message):
        return compact(message) + "\n"
    listen = line({"jsonrpc": "2.0", "id": 1, "method": "events.listen", "params": {"events": ["userTapped", "postTapped"]}})
    emit = line({"jsonrpc": "2.0", "id": 2, "method": "event.emit", "params": {"name": "userTapped", "payload": {"userId": 3}}})
    behind = line({"jsonrpc": "2.0", "id": 3, "method": "nav.history", "params": {"limit": 2, "tree": True}})
    goto = line({"jsonrpc": "2.0", "id": 4, "method": "nav.goto", "params": {"revision": 1}})
    flags = line({"jsonrpc": "2.0", "id": 5, "method": "session.set", "params": {"flags": {"signedIn": True}}})
    steps = {"steps": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 1}}}]}
    answer = line({"jsonrpc": "2.0", "id": "e1", "result": steps})
    batch = line([{"jsonrpc": "2.0", "id": "e1", "result": {"steps": []}}, {"jsonrpc": "2.0", "id": 6, "method": "nav.state"}])
    error = line({"jsonrpc": "2.0", "id": "e1", "error": {"code": 1, "message": "no"}})
    return [
        listen + "\x01" + emit + behind + "\x01" + answer,
        listen + "\x01" + emit + goto + flags + "\x01" + batch,
        listen + "\x01" + emit + "\x01\x01" + behind + "\x01" + error,
        listen + emit + "\x01" + emit + "\x01" + answer,
    ]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    lines = list(transcript_lines())
    sessions = {}
    for name, client, line in lines:
        sessions.setdefault((name, client), []).append(line)
    write(os.path.join(out, "server"),
          [line + "\n" for _, _, line in lines] + ["".join(l + "\n" for l in s) for s in sessions.values()]
          + listener_sessions())
    texts = definitions()
    write(os.path.join(out, "definition"), texts)
    sent_urls = []
    for _, _, line in lines:
        sent_urls += re.findall(r'"url":"((?:[^"\\]|\\.)*)"', line)
    write(os.path.join(out, "deeplink"), sent_urls + deeplinks(texts))
    write(os.path.join(out, "store"), store_programs())


def store_programs():
    """A few programs of the store target's byte code (as text of latin-1 code points)."""
    route, close, session, goto, reset, emit, checkpoint, restart, flush = 0, 6, 9, 10, 11, 12, 13, 14, 15
    burst = [route, 7, close, route, 8, route, 9, close, route, 10, session, 0, route, 11, close] * 3
    programs = [
        [2] + burst + [restart] + burst + [flush, goto, 3, reset, restart],
        [0] + [route, 1, close] * 20 + [checkpoint, restart, emit, 5, flush, restart],
        [7] + burst + [flush] + burst + [checkpoint] + burst + [restart, goto, 20, restart],
    ]
    return ["".join(chr(byte) for byte in program) for program in programs]


if __name__ == "__main__":
    main()
