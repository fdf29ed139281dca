#!/usr/bin/env python3
"""Writes a large app definition of N screens in one of the shapes that once made loading
quadratic, to time `navd check` and startup on:

    scripts/gen-definition.py SHAPE N > app.json

- flat:   N screens at /sI/:id, each reachable by its deep link.
- prefix: N screens under one long shared prefix (/shared/prefix/of/links/sI/:id), below a
          screen at /shared/prefix/of/links that requires a param its path cannot supply
          (every screen is then a chain descendant of it).
- nested: screen I's path extends screen (I-1)//4's by one segment (a tree of paths, four
          children each), every screen requiring a param its path cannot supply.
- chain:  screen I's path extends screen I-1's (N deep; N <= 256, the segment limit).
- star:   flat, and every screen's routes are ["*"].
"""
import json
import sys


def definition(shape: str, n: int) -> dict:
    screens = {"home": {"path": "/", "routes": []}}
    if shape in ("flat", "star"):
        for i in range(n):
            screens[f"s{i}"] = {"path": f"/s{i}/:id", "params": {"id": {"type": "int"}}}
            if shape == "star":
                screens[f"s{i}"]["routes"] = ["*"]
    elif shape == "prefix":
        base = "/shared/prefix/of/links"
        screens["links"] = {"path": base, "params": {"sort": {"type": "string"}}}
        for i in range(n):
            screens[f"s{i}"] = {"path": f"{base}/s{i}/:id", "params": {"id": {"type": "int"}}}
    elif shape == "nested":
        paths = []
        for i in range(n):
            parent = paths[(i - 1) // 4] if i > 0 else ""
            paths.append(f"{parent}/n{i}")
            screens[f"s{i}"] = {"path": paths[i], "params": {"q": {"type": "string"}}}
    elif shape == "chain":
        path = ""
        for i in range(n):
            path += f"/c{i}"
            screens[f"s{i}"] = {"path": path, "params": {"q": {"type": "string"}}}
    else:
        raise SystemExit(f"unknown shape {shape!r}")
    return {
        "app": "scale",
        "schemes": ["scale"],
        "root": "main",
        "flows": {"main": {"kind": "stack", "root": "home"}},
        "screens": screens,
    }


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    json.dump(definition(sys.argv[1], int(sys.argv[2])), sys.stdout, indent=1)
    sys.stdout.write("\n")
