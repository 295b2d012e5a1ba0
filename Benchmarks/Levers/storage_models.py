#!/usr/bin/env python3
"""The lever #29's notes name after every lever of item 1: models backed by their JSON object, as Apollo iOS 1.0's
`DataDict` backs its models. Each model and Document (every struct that keeps unknown members) stores one
`ModelStorage` (in `StorageModels.swift` next to this script), the members as the server sent them, and each of its
properties becomes a `get`/`set` pair over a member of it. `init(from:)` takes the object and checks each member
against a static table of keys and types (`storedFields`), so a payload the model can't read is still an error when
it is decoded; `encode(to:)` writes the object back and `membersAreEqual` compares it; the kept members and `null`
tracking come with the object. The API stays: the same properties, types and initializers. `Fields`, `Create` and
`Patch` stay as generated.
usage: storage_models.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder

MODEL_HEADER = re.compile(r"^(\s*)((?:public )?)struct (\w+): ")
STORED = re.compile(r"^(\s*)((?:public )?)var (\w+): ([^{]*)$")
DECODE = re.compile(r"self\.(\w+) = try container\.(decode|decodeOrNull)\((.*?)\.self, forKey: MemberKey<Self>\(\"([^\"]*)\"\)"
                    r"(?:, nulls: &nulls)?\)(\?\.wrappedValue)?$")
SYSTEM = re.compile(r"self\.system = try (.*?)\(from: container, counting: &nulls\)$")
KEYS = re.compile(r"static let modeledKeys: Set<String> = \[(.*?)\]", re.S)


def block_end(lines, start, indent):
    """The index of the line that closes the block opened at or after `lines[start]` at `indent`."""
    end = start
    while lines[end] != indent + "}":
        end += 1
    return end


def joined_statements(lines):
    """`lines` joined into statements where parentheses balance."""
    result, current, depth = [], [], 0
    for line in lines:
        current.append(line.strip())
        depth += line.count("(") - line.count(")")
        if depth == 0:
            result.append(" ".join(current).replace("( ", "(").replace(" )", ")"))
            current = []
    return result


def rewritten_model(lines, indent, access):
    """The lines of one model struct (header to closing brace, nested structs already rewritten) backed by storage."""
    inner = indent + "    "
    # The key and decoding of each property, from init(from:).
    start = next(i for i, line in enumerate(lines) if line.strip().endswith("init(from decoder: any Decoder) throws {")
                 and line.startswith(inner) and not line.startswith(inner + " "))
    end = block_end(lines, start, inner)
    fields = {}  # property → (key, decoded type, required, wrapped)
    system = None
    for statement in joined_statements(lines[start + 1:end]):
        decode = DECODE.match(statement)
        if decode:
            fields[decode.group(1)] = (decode.group(4), decode.group(3), decode.group(2) == "decode",
                                       decode.group(5) is not None)
        elif SYSTEM.match(statement):
            system = SYSTEM.match(statement).group(1)
    text = "\n".join(lines)
    modeled = [key.strip().strip('"') for key in KEYS.search(text).group(1).split(",") if key.strip()]
    own_keys = {key for key, _, _, _ in fields.values()}
    result = []
    index = 0
    # The header, up to its opening brace.
    while not lines[index].rstrip().endswith("{"):
        result.append(lines[index])
        index += 1
    result.append(lines[index])
    result[-1] = result[-1].replace("KeepsUnknownMembers", "StorageBacked, KeepsUnknownMembers")
    result[-1] = result[-1].replace("KeepsUnknownMembers,\n", "KeepsUnknownMembers,")
    index += 1
    result.append(f"{inner}{access}var storage: ModelStorage")
    while index < len(lines) - 1:
        line = lines[index]
        stripped = line.strip()
        if not line.startswith(inner) or line.startswith(inner + " "):  # inside a member, or a nested struct
            result.append(line)
            index += 1
            continue
        stored = STORED.match(line)
        if stored and stored.group(1) == inner:
            name = stored.group(3)
            if name == "unknownMembers":
                result += [f"{line} {{",
                           f"{inner}    get {{ storage.unknownMembers(Self.modeledKeys) }}",
                           f"{inner}    set {{ storage.setUnknownMembers(newValue, Self.modeledKeys) }}",
                           f"{inner}}}"]
            elif name == "system":
                result += [f"{line} {{",
                           f"{inner}    get {{ storage.whole({system}.self) }}",
                           f"{inner}    set {{ storage.setWhole(newValue, replacing: Self.systemKeys) }}",
                           f"{inner}}}"]
            else:
                key, decoded, required, wrapped = fields[name]
                if required:
                    getter = f"storage.required({decoded}.self, \"{key}\")"
                else:
                    getter = f"storage.value({decoded}.self, \"{key}\")" + ("?.wrappedValue" if wrapped else "")
                value = f"newValue.map {{ {decoded}(wrappedValue: $0) }}" if wrapped else "newValue"
                result += [f"{line} {{",
                           f"{inner}    get {{ {getter} }}",
                           f"{inner}    set {{ storage.set(\"{key}\", {value}) }}",
                           f"{inner}}}"]
            index += 1
            continue
        if stripped == "private var _nullKeys: NullKeys":
            index += 1
            continue
        if stripped.endswith("init(from decoder: any Decoder) throws {"):
            close = block_end(lines, index, inner)
            result += [f"{inner}{access}init(storage: ModelStorage) {{", f"{inner}    self.storage = storage", inner + "}",
                       "", line, f"{inner}    self.storage = try ModelStorage(from: decoder, checking: Self.storedFields)",
                       inner + "}"]
            index = close + 1
            continue
        if stripped.endswith("func encode(to encoder: any Encoder) throws {"):
            close = block_end(lines, index, inner)
            result += [line, f"{inner}    try storage.encode(to: encoder)", inner + "}"]
            index = close + 1
            continue
        if stripped.endswith("static func membersAreEqual(_ lhs: Self, _ rhs: Self) -> Bool {"):
            close = block_end(lines, index, inner)
            result += [line, f"{inner}    lhs.storage == rhs.storage", inner + "}"]
            index = close + 1
            continue
        if re.match(r"(public )?init\(", stripped):  # the memberwise initializer: its assignments go to the storage
            close = index
            while not lines[close].rstrip().endswith("{"):
                close += 1
            body_end = block_end(lines, close, inner)
            result += lines[index:close + 1]
            result.append(f"{inner}    self.storage = ModelStorage()")
            for body_line in lines[close + 1:body_end]:
                if body_line.strip() in ("self.unknownMembers = .init()", "self._nullKeys = NullKeys()"):
                    continue
                result.append(body_line)
            result.append(inner + "}")
            index = body_end + 1
            continue
        if stripped.startswith(f"{access}static let modeledKeys"):
            # The table of members decoding checks, before the modeled keys.
            docs = []
            while result and result[-1].strip().startswith("///"):
                docs.insert(0, result.pop())
            entries = []
            for name, (key, decoded, required, _) in fields.items():
                entries.append(f"{inner}    StoredField(\"{key}\", {decoded}.self" + (", required: true)," if required
                                                                                       else "),"))
            if system:
                entries.append(f"{inner}    StoredField(whole: {system}.self),")
            result.append(f"{inner}/// What decoding checks of each member.")
            result.append(f"{inner}{access}static let storedFields = StoredFields([")
            result += entries
            result.append(f"{inner}])")
            if system:
                system_keys = ", ".join(f"\"{key}\"" for key in modeled if key not in own_keys)
                result.append(f"{inner}/// The members the system properties' bundle reads.")
                result.append(f"{inner}{access}static let systemKeys: [String] = [{system_keys}]")
            result += docs + [line]
            index += 1
            continue
        result.append(line)
        index += 1
    result.append(lines[-1])
    return result


def rewritten_lines(lines):
    """`lines` with every model struct in them, at any depth, backed by storage."""
    result = []
    index = 0
    while index < len(lines):
        header = MODEL_HEADER.match(lines[index])
        if header:
            end = index
            while not lines[end].rstrip().endswith("{"):
                end += 1
            whole = " ".join(lines[index:end + 1])
            if "KeepsUnknownMembers" in whole and "Codable" in whole:
                close = block_end(lines, end, header.group(1))
                body = lines[end + 1:close]
                inner = rewritten_lines(body)
                result += rewritten_model(lines[index:end + 1] + inner + [lines[close]], header.group(1),
                                          header.group(2))
                index = close + 1
                continue
        result.append(lines[index])
        index += 1
    return result


def rewritten(text):
    return "\n".join(rewritten_lines(text.split("\n")))


if __name__ == "__main__":
    rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
