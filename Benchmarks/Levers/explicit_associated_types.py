#!/usr/bin/env python3
"""Lever of #29: every associated type the compiler infers for a generated conformance written out instead. A model
gets `typealias ID` (`Identifiable`, from `id`) and `typealias SystemProperties` (`SystemPropertiesCarrying`, from
`system`), its `Fields` `typealias SystemFields` (`SystemFieldsCarrying`). Inferring an associated type means trying
each member that could witness it, in the emit-module job every edit reruns as in the batch jobs; written out, the
conformance checker only checks the alias. The API is the same.
usage: explicit_associated_types.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder


def with_explicit_associated_types(text):
    """`text` with the aliases each model and its `Fields` would otherwise have inferred."""
    model = re.search(r"^public struct (\w+): .*\bIdentifiable\b", text, re.MULTILINE)
    if not model:
        return text
    identifier = re.search(r"^    public var id: (.+)$", text, re.MULTILINE)
    system = re.search(r"^    public var system: (.+)$", text, re.MULTILINE)
    aliases = []
    if identifier:
        aliases.append("    public typealias ID = %s" % identifier.group(1))
    if system:
        aliases.append("    public typealias SystemProperties = %s" % system.group(1))
    opening = text.index("\n{\n", model.start()) + len("\n{\n")
    text = text[:opening] + "".join(alias + "\n" for alias in aliases) + text[opening:]
    fields = re.search(r"^        public var system: (.+) \{$", text, re.MULTILINE)
    if fields:
        anchor = "        public typealias Model = %s\n" % model.group(1)
        text = text.replace(anchor, anchor + "        public typealias SystemFields = %s\n" % fields.group(1), 1)
    return text


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rewrite_folder(sys.argv[1], sys.argv[2], with_explicit_associated_types)
