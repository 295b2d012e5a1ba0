#!/usr/bin/env python3
"""Lever of #29: the models' stored properties (of every `Codable` struct, the models and their Documents) declared
with `let`, which takes away their setters and `modify` accessors: 3,800 of the full output's functions for 100
objects. `system` stays `var`, since `SystemPropertiesCarrying` sets it. Users could no longer change a copy of a
model and make a `Patch` of the difference, so this is a measurement, not a proposal, unless it pays.
usage: let_models.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder


def with_let_models(text):
    """`text` with each stored `var` of a `Codable` struct, other than `system`, declared with `let`."""
    lines = text.split("\n")
    scopes = []  # (indentation, whether the scope is a Codable struct), innermost last
    index = 0
    while index < len(lines):
        line = lines[index]
        header = re.match(r"^(\s*)(?:public )?(struct|extension|enum) ", line)
        if header:
            end = index
            while "{" not in lines[end]:
                end += 1
            whole = " ".join(lines[index:end + 1])
            if whole.rstrip().endswith("}"):  # a declaration on one line, `{}` and all: no scope to enter
                index = end + 1
                continue
            is_model = header.group(2) == "struct" and re.search(r"\bCodable\b", whole) is not None
            scopes.append((header.group(1), is_model))
            index = end + 1
            continue
        if scopes and line == scopes[-1][0] + "}":
            scopes.pop()
        else:
            stored = re.match(r"^(\s*)((?:public |package |internal )?)var (\w+): [^{]*$", line)
            if (stored and scopes and scopes[-1][1] and stored.group(3) != "system"
                    and stored.group(1) == scopes[-1][0] + "    "):
                lines[index] = line.replace(stored.group(2) + "var ", stored.group(2) + "let ", 1)
        index += 1
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rewrite_folder(sys.argv[1], sys.argv[2], with_let_models)
