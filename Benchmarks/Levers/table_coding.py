#!/usr/bin/env python3
"""The lever #29 names next after item 1's, table-driven coding, tried by rewriting generated code: each struct's
optional properties decoded as they are (`decodeOrNull` of the property's own type, no date wrapper) are decoded,
encoded and compared through one static table of the struct's key paths (`codingTable`, a `CodingTable<Self>` of
`CodingField`s, in `TableCoding.swift` next to this script) instead of a statement each in `init(from:)`,
`encode(to:)` and `membersAreEqual`. Required properties, dates, the system properties and the kept members stay as
generated. The table writes its members where the first of them was, so a date between two of them moves in the
encoded key order; nothing else changes.
usage: table_coding.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder

INIT_FROM = re.compile(r"^(\s*)(public )?init\(from decoder: any Decoder\) throws \{$")
DECODE = re.compile(r"self\.(\w+) = try container\.decodeOrNull\(([^\n]*?)\.self, forKey: MemberKey<Self>\(\"([^\"]+)\"\), "
                    r"nulls: &nulls\)$")
ENCODE = re.compile(r"^(\s*)try container\.encodeOrNull\(self\.(\w+), forKey: JSONKey\(\"([^\"]+)\"\), nulls: _nullKeys\)$")
EQUAL = re.compile(r"^(\s*)guard equalValues\(lhs\.(\w+), rhs\.\w+\) else \{ return false \}$")
MODELED_KEYS = re.compile(r"^(\s*)(public )?static let modeledKeys: Set<String> = ")


def statements(lines):
    """`lines` grouped into statements, each one line joined from the lines up to where its parentheses balance."""
    result, current, depth = [], [], 0
    for line in lines:
        current.append(line)
        depth += line.count("(") - line.count(")")
        if depth == 0:
            joined = " ".join(part.strip() for part in current).replace("( ", "(").replace(" )", ")")
            result.append((current, joined))
            current = []
    return result


def rewritten(text):
    lines = text.split("\n")
    result = []
    table = []  # the fields of the struct being rewritten, (property, key), from its init(from:) to its modeledKeys
    index = 0
    while index < len(lines):
        line = lines[index]
        init_from = INIT_FROM.match(line)
        if init_from:
            indent = init_from.group(1)
            end = lines.index(indent + "}", index)
            table = []
            body = []
            for statement, joined in statements(lines[index + 1:end]):
                decode = DECODE.match(joined)
                if decode:
                    table.append((decode.group(1), decode.group(3)))
                    continue
                if table and joined == "self._nullKeys = nulls":
                    body.append(indent + "    try Self.codingTable.decode(container, into: &self, nulls: &nulls)")
                body += statement
            result += [line] + body + [lines[end]]
            index = end + 1
            continue
        encode = ENCODE.match(line)
        if encode and (encode.group(2), encode.group(3)) in table:
            if (encode.group(2), encode.group(3)) == table[0]:
                result.append(encode.group(1) + "try Self.codingTable.encode(self, to: &container, nulls: _nullKeys)")
            index += 1
            continue
        equal = EQUAL.match(line)
        if equal and any(name == equal.group(2) for name, _ in table):
            if equal.group(2) == table[0][0]:
                result.append(equal.group(1) + "guard Self.codingTable.equal(lhs, rhs) else { return false }")
            index += 1
            continue
        keys = MODELED_KEYS.match(line)
        if keys and table:
            indent = keys.group(1)
            result.append(indent + "static let codingTable = CodingTable<Self>([")
            result += [f'{indent}    .init(\\.{name}, "{key}"),' for name, key in table]
            result.append(indent + "])")
            table = []
        result.append(line)
        index += 1
    return "\n".join(result)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("usage: ")[1])
    rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
