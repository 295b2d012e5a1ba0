#!/usr/bin/env python3
"""A lever of #29, tried by rewriting generated code rather than the generator: every model's `Patch` struct (a stored
property, an `init()` line, an `operations` line and a `violations` line per writable property) becomes
`typealias Patch = GenericPatch<Model>` over a table of the model's writable fields (`PatchFields`, one computed
property per field: its JSON key, its order and its rules), set through `@dynamicMemberLookup` key paths, so
`patch.name = .set("x")` reads as before. `init(from:to:)` becomes the model's `difference(from:to:into:)`.
The runtime side is `GenericPatch.swift`, next to this script. Only the shapes `make_corpus.py` generates (Cortex,
no relations or document arrays) are rewritten; that is enough to measure what the lever saves.
usage: generic_patch.py SOURCE_FOLDER DESTINATION_FOLDER [keypaths|fields]
  keypaths (default): init(from:to:)'s assignments go through the key paths, as a user's code would;
  fields: they go through the field values (patch[fields.name] = …), which the type checker resolves without key paths."""
import re
import sys

from rewriting import replaced_structs, rewrite_folder


def rewritten_patch(body, indent, difference_style):
    model = re.search(r"typealias Model = (\w+)", body).group(1)
    properties = [(name, kind) for name, kind in re.findall(r"^\s*public var (\w+): (.+)$", body, re.M)
                  if not kind.startswith("[PatchOperation]")]
    keys = dict(re.findall(r"self\.(\w+)\.(?:reference)?[oO]perations\(at: (\"[^\"]+\")", body))
    references = dict(re.findall(r"self\.(\w+)\.referenceOperations\(at: \"[^\"]+\", object: (\"[^\"]+\")", body))
    required = set(re.findall(r"Validation\.notCleared\(self\.(\w+)", body))
    files = set(re.findall(r"if case \.set\(let value\) = self\.(\w+)", body))
    difference = re.search(r"init\(from original: \w+, to edited: \w+\) \{\n\s*self\.init\(\)\n(.*?)\n" + indent
                           + r"    \}", body, re.S).group(1)
    lines = [f"{indent}public typealias Patch = GenericPatch<{model}>", "",
             f"{indent}public struct PatchFields: Sendable {{"]
    for index, (name, kind) in enumerate(properties):
        rules = [".required"] if name in required else []
        if name in references:
            rules.append(f".reference({references[name]})")
        if name in files:
            rules.append(f".files(FacetRules.{name})")
        listed = f", rules: [{', '.join(rules)}]" if rules else ""
        lines.append(f"{indent}    public var {name}: PatchField<{kind}> {{ .init({keys[name]}, {index}{listed}) }}")
    lines += [f"{indent}}}", "", f"{indent}public static let patchFields = PatchFields()", "",
              f"{indent}public static func difference(from original: {model}, to edited: {model}, "
              "into patch: inout Patch) {"]
    if difference_style == "fields":
        lines.append(f"{indent}    let fields = patchFields")
        lines.append(re.sub(r"self\.(\w+)", r"patch[fields.\1]", difference))
    else:
        lines.append(difference.replace("self.", "patch."))
    lines.append(f"{indent}}}")
    return lines


def rewritten(text, difference_style):
    text = replaced_structs(text, r"^(\s*)public struct Patch: UpdateBody \{",
                            lambda body, indent, _: rewritten_patch(body, indent, difference_style))
    return re.sub(r"extension (\w+) \{\n    /// The body that creates", r"extension \1: PatchableModel {\n"
                  r"    /// The body that creates", text)


def main():
    source, destination = sys.argv[1], sys.argv[2]
    style = sys.argv[3] if len(sys.argv) > 3 else "keypaths"
    rewrite_folder(source, destination, lambda text: rewritten(text, style))


main()
