"""Lever (#29): stored properties without initial values. Every `var x: T?` has an implicit `= nil`, and every
`= .init()` an explicit one; the compiler makes each a function of its own (its "variable initialization
expression"), which the emit-module job builds too: 2,777 of the 100-object full output's 27,083 SIL functions.
Spelled `Optional<T>`, a property has no implicit initial value, so each initializer assigns what it used to get
from the initial values.
usage: no_initial_values.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder

STRUCT = re.compile(r"^( *)(?:public )?struct \w+")
OPTIONAL = re.compile(r"^( +)(public var \w+: )(.+)\?$")
WITH_VALUE = re.compile(r"^( +)((?:public|private) var (\w+))(?:: (\w+))? = (.+)$")
INIT = re.compile(r"^( +)(?:public )?init[(<]")
ASSIGNED = re.compile(r"self\.(\w+) = ")


def struct_ranges(lines):
    """(first line, last line, indentation) of every struct, nested ones too."""
    ranges = []
    for index, line in enumerate(lines):
        match = STRUCT.match(line)
        if match and not line.rstrip().endswith("}"):
            indent = match.group(1)
            end = index + 1
            while lines[end] != indent + "}":
                end += 1
            ranges.append((index, end, indent))
    return ranges


def rewritten(text):
    lines = text.split("\n")
    insertions = {}  # line index after which to insert lines
    replacements = {}
    for start, end, indent in struct_ranges(lines):
        member = indent + "    "
        initial_values = []  # (name, value)
        inits = []
        for index in range(start + 1, end):
            line = lines[index]
            if not line.startswith(member) or line.startswith(member + " "):
                continue
            if match := OPTIONAL.match(line):
                name = match.group(2).split()[-1].rstrip(":")
                replacements[index] = f"{match.group(1)}{match.group(2)}Optional<{match.group(3)}>"
                initial_values.append((name, "nil"))
            elif (match := WITH_VALUE.match(line)) and "{" not in line:
                name, declared_type, value = match.group(3), match.group(4), match.group(5)
                declared_type = declared_type or value.rstrip("()")
                replacements[index] = f"{match.group(1)}{match.group(2)}: {declared_type}"
                initial_values.append((name, value))
            elif INIT.match(line):
                inits.append(index)
        if not initial_values:
            continue
        if not inits:
            sys.exit(f"a struct without an initializer has initial values: {lines[start]}")
        for first in inits:
            if lines[first].rstrip().endswith("{}"):
                opening, closing = first, first
            else:
                opening = first
                while not lines[opening].rstrip().endswith("{"):
                    opening += 1
                closing = opening + 1
                while lines[closing] != member + "}":
                    closing += 1
            body = "\n".join(lines[opening:closing + 1])
            if "self.init(" in body:
                continue
            assigned = set(ASSIGNED.findall(body))
            missing = [f"{member}    self.{name} = {value}" for name, value in initial_values if name not in assigned]
            if not missing:
                continue
            if opening == closing:
                replacements[first] = lines[first].rstrip()[:-1]
                insertions[first] = missing + [member + "}"]
            else:
                insertions[opening] = missing
    result = []
    for index, line in enumerate(lines):
        result.append(replacements.get(index, line))
        result += insertions.get(index, [])
    return "\n".join(result)


rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
