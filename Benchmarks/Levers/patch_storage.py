#!/usr/bin/env python3
"""A lever of #29 that keeps the API: each `Patch` keeps its properties, but as computed properties over one stored
table of the updates set (`PatchEntries`, in `PatchStorage.swift` next to this script) instead of a stored property
each. A stored public property's getter, setter and `modify` are built and serialized by the emit-module job, which
every edit reruns whole, and each stored field adds to the struct's copy and destroy code; a computed one's bodies
are left to the batch jobs. `operations`, `violations` and `init(from:to:)` stay as generated.
usage: patch_storage.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import replaced_structs, rewrite_folder

PROPERTY = re.compile(r"^(\s*)public var (\w+): ([^{]+)$")
DEFAULT = re.compile(r"^\s*self\.(\w+) = (.+)$")


def rewritten_patch(body, indent, _preceding):
    lines = body.split("\n")
    member = indent + "    "
    start = next(i for i, line in enumerate(lines) if line.strip() == "public init() {")
    end = lines.index(member + "}", start)
    defaults = dict(DEFAULT.match(line).groups() for line in lines[start + 1:end])
    order = {name: index for index, name in enumerate(defaults)}
    result = []
    for index, line in enumerate(lines):
        match = PROPERTY.match(line)
        if match and match.group(1) == member and match.group(2) in defaults:
            name, kind = match.group(2), match.group(3)
            result += [f"{member}public var {name}: {kind} {{",
                       f"{member}    get {{ _entries.value({order[name]}, default: {defaults[name]}) }}",
                       f"{member}    set {{ _entries.set({order[name]}, newValue) }}",
                       f"{member}}}"]
            continue
        if start < index < end:
            if index == start + 1:
                result.append(f"{member}    self._entries = PatchEntries()")
            continue
        if index == len(lines) - 1:
            result += ["", f"{member}private var _entries: PatchEntries"]
        result.append(line)
    return result


def rewritten(text):
    return replaced_structs(text, r"^(\s*)public struct Patch: UpdateBody \{$", rewritten_patch)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("usage: ")[1])
    rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
