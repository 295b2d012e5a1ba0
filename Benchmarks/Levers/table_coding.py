#!/usr/bin/env python3
"""The lever #29 names next after item 1's, table-driven coding, tried by rewriting generated code: each struct's
optional properties decoded as they are (`decodeOrNull` of the property's own type, no date wrapper) are decoded,
encoded and compared through one static table of the struct's key paths (`codingTable`, a `CodingTable<Self>` of
`CodingField`s, in `TableCoding.swift` next to this script) instead of a statement each in `init(from:)`,
`encode(to:)` and `membersAreEqual`. Required properties, dates, the system properties and the kept members stay as
generated. The table decodes its members after every other property and encodes them where the first of them was,
so the order in which keys are read and written moves (and with several bad values, another error may come first);
what is read, written and compared doesn't.
usage: table_coding.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder

INIT_FROM = re.compile(r"^(\s*)(public )?init\(from decoder: any Decoder\) throws \{$")
DECODE = re.compile(r"self\.(\w+) = try container\.decodeOrNull\(([^\n]*?)\.self, forKey: MemberKey<Self>\(\"([^\"]+)\"\), "
                    r"nulls: &nulls\)$")
ENCODE = re.compile(r"try container\.encodeOrNull\(self\.(\w+), forKey: JSONKey\(\"([^\"]+)\"\), nulls: _nullKeys\)$")
EQUAL = re.compile(r"guard equalValues\(lhs\.(\w+), rhs\.\w+\) else \{ return false \}$")
MODELED_KEYS = re.compile(r"^(\s*)(public )?static let modeledKeys: Set<String> = ")


def statement_at(lines, start):
    """The statement that begins at `lines[start]`: its lines, up to where its parentheses balance, and those lines
    joined into one."""
    end, depth = start, 0
    while True:
        depth += lines[end].count("(") - lines[end].count(")")
        end += 1
        if depth == 0:
            break
    joined = " ".join(part.strip() for part in lines[start:end]).replace("( ", "(").replace(" )", ")")
    return lines[start:end], joined


def statements(lines):
    """`lines` grouped into statements, as `statement_at` finds them."""
    result, start = [], 0
    while start < len(lines):
        result.append(statement_at(lines, start))
        start += len(result[-1][0])
    return result


def rewritten(text):
    lines = text.split("\n")
    result = []
    table = []  # the fields of the struct being rewritten, (property, key), from its init(from:) to its modeledKeys
    written = set()  # which of the table's calls, "encode" and "equal", the struct's methods got
    tabled = set()  # the names of every table's properties in the file
    index = 0
    while index < len(lines):
        line = lines[index]
        init_from = INIT_FROM.match(line)
        if init_from:
            indent = init_from.group(1)
            end = lines.index(indent + "}", index)
            table = []
            written = set()
            body = []
            for statement, joined in statements(lines[index + 1:end]):
                decode = DECODE.match(joined)
                if decode:
                    table.append((decode.group(1), decode.group(3)))
                    tabled.add(decode.group(1))
                    continue
                if table and joined == "self._nullKeys = nulls":
                    body.append(indent + "    try Self.codingTable.decode(container, into: &self, nulls: &nulls)")
                body += statement
            result += [line] + body + [lines[end]]
            index = end + 1
            continue
        if line.strip().startswith(("try container.encodeOrNull(", "guard equalValues(")):
            statement, joined = statement_at(lines, index)
            indent = line[:len(line) - len(line.lstrip())]
            if joined.endswith("else {"):  # a guard too long for one line puts its `return false` on the next
                statement = lines[index:lines.index(indent + "}", index) + 1]
                joined = " ".join(part.strip() for part in statement)
            encode, equal = ENCODE.match(joined), EQUAL.match(joined)
            if encode and (encode.group(1), encode.group(2)) in table:
                if (encode.group(1), encode.group(2)) == table[0]:
                    result.append(indent + "try Self.codingTable.encode(self, to: &container, nulls: _nullKeys)")
                    written.add("encode")
                index += len(statement)
                continue
            if equal and any(name == equal.group(1) for name, _ in table):
                if equal.group(1) == table[0][0]:
                    result.append(indent + "guard Self.codingTable.equal(lhs, rhs) else { return false }")
                    written.add("equal")
                index += len(statement)
                continue
        keys = MODELED_KEYS.match(line)
        if keys and table:
            # A table that isn't also encoded and compared would measure less code than the lever needs.
            assert written == {"encode", "equal"}, f"{table[0][0]}'s table is not run by both encode and =="
            indent = keys.group(1)
            result.append(indent + "static let codingTable = CodingTable<Self>([")
            result += [f'{indent}    .init(\\.{name}, "{key}"),' for name, key in table]
            result.append(indent + "])")
            table = []
        result.append(line)
        index += 1
    return with_initial_values("\n".join(result), tabled)


def with_initial_values(text, names):
    """`text` with initial values back on what a table decodes into: `decode(_:into:)` takes `self` whole, so its
    properties (those of `names`), `_nullKeys` and `unknownMembers` must hold a value before `init(from:)` runs the
    table. A property of the same name in another struct of the file, and every struct's `_nullKeys` and
    `unknownMembers`, get one too: a few more functions on the lever's side, none lost from it."""
    if not names:
        return text
    text = re.sub(r"^(\s*(?:public |package )?var (\w+): )Optional<(.+)>$",
                  lambda match: f"{match.group(1)}{match.group(3)}?" if match.group(2) in names else match.group(0),
                  text, flags=re.M)
    text = re.sub(r"^(\s*private var _nullKeys: NullKeys)$", r"\1 = NullKeys()", text, flags=re.M)
    return re.sub(r"^(\s*(?:public |package )?var unknownMembers: UnknownMembers)$", r"\1 = .init()", text, flags=re.M)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("usage: ")[1])
    rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
