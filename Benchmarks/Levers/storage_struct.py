#!/usr/bin/env python3
"""Lever of #29: each model's stored properties in a `Storage` struct declared in an extension, the model's own body
holding only `var storage: Storage`, and every property, the initializers, the coding and the comparison declared in
extensions, forwarding to it. The API an app uses stays (the same properties, types and initializers).

Two things it aims at. The emit-module job, which every edit reruns whole, builds the getter, setter and `modify` of
each public stored property of a non-resilient module; a public computed property's bodies it skips, and `Storage` is
internal. And the driver recompiles every file that names a type when the type's own body changes (a stored property
added); a body that never changes leaves them alone, as a change inside an extension does.
usage: storage_struct.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder

CONTINUATION = (")", "]", "}", ">", "{")


def items(body):
    """The members of a struct body (its lines one level in, indented 4), each with the doc comment above it: a
    member starts at a line indented exactly 4 that doesn't close or continue the one before."""
    result = []
    current = []
    docs = []
    for line in body:
        if not line.strip():
            if current and current_is_closed(current):
                result.append(current)
                current = []
            elif current:
                current.append(line)
            continue
        top = line.startswith("    ") and not line.startswith("     ")
        if top and line.strip().startswith("///"):
            if current:
                result.append(current)
                current = []
            docs.append(line)
            continue
        if top and not line.strip().startswith(CONTINUATION) and (not current or current_is_closed(current)):
            if current:
                result.append(current)
            current = docs + [line]
            docs = []
            continue
        current.append(line)
    if current:
        result.append(current)
    return result


def current_is_closed(lines):
    """Whether a member's lines so far are complete: a one-line declaration, or one whose last line closes it."""
    code = [line for line in lines if not line.strip().startswith("///")]
    first = code[0]
    if len(code) == 1:
        return not first.rstrip().endswith(("{", "(", "[", "<", "=", ","))
    last = code[-1]
    return last.startswith("    ") and not last.startswith("     ") and last.strip() in ("}", "]", ")", ">")


def kind(item):
    code = next(line for line in item if not line.strip().startswith("///")).strip()
    if re.match(r"(public |private |package )?var \w+:", code):
        return "private" if code.startswith("private") else "property"
    if re.match(r"(public |package )?init\(from decoder", code):
        return "decoder"
    if re.match(r"(public |package )?init\(", code):
        return "memberwise"
    if re.match(r"(public |package )?func encode\(to", code):
        return "encoder"
    if "static func membersAreEqual" in code:
        return "equality"
    if re.match(r"(public |package |private )?static let modeledKeys", code):
        return "modeledKeys"
    if re.match(r"(public |package |private )?static let", code):
        return "static"
    if re.match(r"(public |package )?(struct|enum) ", code):
        return "nested"
    raise SystemExit("unexpected member: " + code)


def parameter_names(item):
    """The labels of the memberwise initializer's parameters, from its text."""
    text = " ".join(line.strip() for line in item)
    inside = text[text.index("init(") + len("init("):text.rindex(") {")]
    names = []
    depth = 0
    start = 0
    for index, character in enumerate(inside + ","):
        if character in "<[(":
            depth += 1
        elif character in ">])":
            depth -= 1
        elif character == "," and depth == 0:
            parameter = inside[start:index].strip()
            if parameter:
                names.append(parameter.split(":")[0].strip())
            start = index + 1
    return names


def indented(lines, by="    "):
    return [by + line if line else line for line in lines]


def rewritten_model(lines, header_end):
    """A top-level model struct (its lines, the header's last line at `header_end`) in the lever's form."""
    header = lines[:header_end + 1]
    name = re.match(r"^public struct (\w+)", header[0]).group(1)
    members = items(lines[header_end + 1:-1])
    kinds = [kind(item) for item in members]
    stored = [item for item, k in zip(members, kinds) if k in ("property", "private")]
    keeps = any(re.search(r"var unknownMembers:", line) for item in stored for line in item)
    storage_conformances = "Codable, Hashable, Sendable, MemberwiseEquatable" + (
        ", KeepsUnknownMembers" if keeps else "")
    moved = [item for item, k in zip(members, kinds)
             if k in ("property", "private", "memberwise", "decoder", "encoder", "equality", "modeledKeys", "static")]
    out = header + ["    var storage: Storage", "}", "", "extension " + name + " {"]
    out.append("    struct Storage: " + storage_conformances + " {")
    for index, item in enumerate(moved):
        if index:
            out.append("")
        out += indented([line.replace("private var _nullKeys", "var _nullKeys") for line in item])
    out.append("    }")
    for item, k in zip(members, kinds):
        if k == "property":
            declaration = next(line for line in item if not line.strip().startswith("///"))
            docs = [line for line in item if line.strip().startswith("///")]
            match = re.match(r"^    (public |package )?var (\w+): (.*)$", declaration)
            access, property, spelling = match.group(1) or "", match.group(2), match.group(3)
            out += [""] + docs + [
                "    " + access + "var " + property + ": " + spelling + " {",
                "        get { storage." + property + " }",
                "        set { storage." + property + " = newValue }",
                "    }",
            ]
    for item, k in zip(members, kinds):
        code = next(line for line in item if not line.strip().startswith("///"))
        access = (re.match(r"^    (public |package )?", code).group(1) or "")
        if k == "memberwise":
            names = parameter_names(item)
            signature = [line for line in item if not line.strip().startswith("///")]
            end = next(index for index, line in enumerate(signature) if line.rstrip().endswith(") {"))
            arguments = ", ".join(n + ": " + n for n in names)
            out += [""] + signature[:end + 1] + ["        self.storage = Storage(" + arguments + ")", "    }"]
        elif k == "decoder":
            out += ["", "    " + access + "init(from decoder: any Decoder) throws {",
                    "        self.storage = try Storage(from: decoder)", "    }"]
        elif k == "encoder":
            out += ["", "    " + access + "func encode(to encoder: any Encoder) throws {",
                    "        try storage.encode(to: encoder)", "    }"]
        elif k == "equality":
            out += ["", "    " + access + "static func membersAreEqual(_ lhs: Self, _ rhs: Self) -> Bool {",
                    "        Storage.membersAreEqual(lhs.storage, rhs.storage)", "    }"]
        elif k == "modeledKeys":
            out += ["", "    " + access + "static var modeledKeys: Set<String> { Storage.modeledKeys }"]
        elif k == "nested":
            out += [""] + item
    out.append("}")
    return out


def with_storage_structs(text):
    lines = text.split("\n")
    result = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if re.match(r"^public struct \w+", line):
            end = index
            while not lines[end].rstrip().endswith("{"):
                end += 1
            whole = " ".join(lines[index:end + 1])
            close = end + 1
            while lines[close] != "}":
                close += 1
            if re.search(r"\bCodable\b", whole):
                result += rewritten_model(lines[index:close + 1], end - index)
            else:
                result += lines[index:close + 1]
            index = close + 1
            continue
        result.append(line)
        index += 1
    return "\n".join(result)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rewrite_folder(sys.argv[1], sys.argv[2], with_storage_structs)
