#!/usr/bin/env python3
"""What the generated models' build cost is made of (#29): the models-only output rewritten three ways, each keeping
less, so that building them next to the peer's types shows what each part costs.
  stubbed: every declaration and conformance kept; the bodies of `init(from:)`, `encode(to:)` and `membersAreEqual`
           replaced by `fatalError()`, the floor of any way of writing the coding and the comparison (a table, a
           generic helper) that keeps the models' declarations;
  lean:    stubbed, and without what keeps unknown members (`unknownMembers`, `modeledKeys`,
           `KeepsUnknownMembers`) or tells `null` from absent (`_nullKeys`, which `keepUnknownMembers: false` keeps);
  bare:    only each struct's stored properties and memberwise initializer (`Sendable`, no coding, no comparison,
           no kept members, references stored as their ids, no schema list). Only `public` structs, as the
           corpus's config generates them.
usage: model_floor.py SOURCE_FOLDER DESTINATION_FOLDER stubbed|lean|bare"""
import re
import sys

from rewriting import rewrite_folder

CODING = re.compile(r"^(\s*)(public )?(init\(from decoder: any Decoder\) throws|func encode\(to encoder: any Encoder\) "
                    r"throws|static func membersAreEqual\(_ lhs: Self, _ rhs: Self\) -> Bool) \{$")
# Their declarations, and the initializers' assignments to them.
KEPT_MEMBER = re.compile(r"^\s*((public )?var unknownMembers: UnknownMembers|private var _nullKeys|"
                         r"self\.(unknownMembers|_nullKeys) = (\.init|NullKeys)\(\)$)")
MODELED_KEYS = re.compile(r"^(\s*)(public )?static let modeledKeys: Set<String> = (.*)$")
STRUCT = re.compile(r"^(\s*)public struct (\w+): [^{]*(\{)?$")


def rewritten(text, mode):
    if mode == "bare" and "public enum SchemaObjects" in text:
        return "// The bare models have no schema list: its conformances need the coding.\n"
    if mode == "bare":
        text = re.sub(r"Reference<\w+>", "ObjectID", text)
    lines = text.split("\n")
    result = []
    index = 0
    while index < len(lines):
        line = lines[index]
        coding = CODING.match(line)
        if coding:
            end = lines.index(coding.group(1) + "}", index)
            if mode == "bare":
                while result and result[-1] == "":
                    result.pop()
            else:
                result += [line, coding.group(1) + "    fatalError()", lines[end]]
            index = end + 1
            continue
        if mode in ("lean", "bare"):
            line = line.replace(" KeepsUnknownMembers,", "")
            if KEPT_MEMBER.match(line):
                index += 1
                continue
            keys = MODELED_KEYS.match(line)
            if keys:
                while result and result[-1].strip().startswith("///"):
                    result.pop()
                index = index + 1 if keys.group(3) != "[" else lines.index(keys.group(1) + "]", index) + 1
                continue
        declaration = STRUCT.match(line) if mode == "bare" else None
        if declaration:
            result.append(f"{declaration.group(1)}public struct {declaration.group(2)}: Sendable {{")
            index += 1
            if not declaration.group(3):
                while lines[index].strip() != "{":
                    index += 1
                index += 1
            continue
        result.append(line)
        index += 1
    return "\n".join(result)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[3] not in ("stubbed", "lean", "bare"):
        sys.exit(__doc__.split("usage: ")[1])
    rewrite_folder(sys.argv[1], sys.argv[2], lambda text: rewritten(text, sys.argv[3]))
