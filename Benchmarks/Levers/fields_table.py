#!/usr/bin/env python3
"""A lever of #29, tried by rewriting generated code rather than the generator: every `Fields<Root>` struct (a getter
per field) becomes `typealias Fields<Root> = TableFields<Root, Model>`, one generic struct in the runtime side
(`FieldsTable.swift`, next to this script) whose members are the model's own key paths through `@dynamicMemberLookup`,
and the model declares one table from its key paths to their JSON keys (`fieldKeys`; key paths aren't `Sendable`). So `$0.name.eq("x")` reads as
before. Only the shapes `make_corpus.py` generates (Cortex, no relations or document arrays) are rewritten; that is
enough to measure what the lever saves.
usage: fields_table.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import replaced_structs, rewrite_folder


def rewritten(text):
    tables = []  # (the model or Document, [(property, JSON key)])

    def table_fields(body, indent, preceding):
        owner = next(match.group(1) for line in reversed(preceding)
                     if (match := re.match(r"^extension ([\w.]+) \{$", line)))
        tables.append((owner, re.findall(r"public var (\w+): [^{]+\{\n\s*\.init\(_prefix, (\"[^\"]+\")", body)))
        return [f"{indent}public typealias Fields<Root> = TableFields<Root, {owner}>"]

    result = [replaced_structs(text, r"^(\s*)public struct Fields<Root>: FieldCollection(?:, SystemFieldsCarrying)? \{",
                               table_fields)]
    for owner, keys in tables:
        entries = ", ".join(f"\\.{name}: {key}" for name, key in keys)
        result += ["", f"extension {owner}: FieldTableModel {{",
                   f"    nonisolated(unsafe) public static let fieldKeys: [PartialKeyPath<{owner}>: String] = [{entries}]",
                   "}"]
    return "\n".join(result)


rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
