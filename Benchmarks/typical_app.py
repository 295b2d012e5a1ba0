#!/usr/bin/env python3
"""An app's code against the generated models of a make_corpus.py corpus (full output, Cortex): one typical query and
one typical patch per object, each in a function of its own, for Benchmarks/type-check.sh to time how long the app's
own code takes to type-check. The queries and patches are what the README and the DocC articles show: conditions
joined with and/or, a prefix search, an array condition, a sort, a page and paths; sets, clears, an increment and an
array push. Deterministic for a given corpus.

usage: typical_app.py CORPUS_DIR OUTPUT_FILE"""
import json
import os
import sys


def swift_name(json_name):
    """The generated property name of a corpus property: c_ stripped, then lower camel case (c_integer_2 → integer2)."""
    words = json_name.removeprefix("c_").split("_")
    return words[0] + "".join(word[:1].upper() + word[1:] for word in words[1:])


def type_name(json_name):
    return "".join(word[:1].upper() + word[1:] for word in json_name.removeprefix("c_").split("_"))


def by_kind(definition):
    """Each property kind of the object's definition, mapped to the generated name of its first property of that kind."""
    kinds = {}
    for prop in definition["properties"][2:]:
        kind = prop["type"] + ("Array" if prop.get("array") else "") + ("Integer" if prop.get("integer") else "")
        kinds.setdefault(kind, swift_name(prop["name"]))
    return kinds


def query(model, kinds, index):
    conditions = ['$0.name.hasPrefix("a%d", options: .caseInsensitive)' % index]
    if "NumberInteger" in kinds:
        conditions.append("$0.%s.gt(%d).and($0.%s.lte(%d))" % (kinds["NumberInteger"], index, kinds["NumberInteger"],
                                                                  index + 10))
    if "Number" in kinds:
        conditions.append("$0.%s.gte(%d.5)" % (kinds["Number"], index))
    if "Boolean" in kinds:
        conditions.append("$0.%s.eq(true)" % kinds["Boolean"])
    if "StringArray" in kinds:
        conditions.append('$0.%s.containsAny(["x", "y"])' % kinds["StringArray"])
    where = conditions[0] if len(conditions) == 1 else "%s.or(%s)" % (conditions[0], ", ".join(conditions[1:]))
    sort = "$0.name.ascending"
    if "Date" in kinds:
        sort = "$0.%s.descending, %s" % (kinds["Date"], sort)
    return "\n".join([
        "    %s.query" % model,
        "        .where { %s }" % where,
        "        .sort { [%s] }" % sort,
        "        .skip(%d).limit(20)" % (index * 20),
        "        .paths { [$0.name, $0.created] }",
    ])


def patch(model, kinds, index):
    lines = ["    var patch = %s.Patch()" % model, '    patch.name = .set("renamed %d")' % index]
    if "String" in kinds:
        lines.append("    patch.%s = .null" % kinds["String"])
    if "NumberInteger" in kinds:
        lines.append("    patch.%s.increment(by: %d)" % (kinds["NumberInteger"], index))
    if "StringArray" in kinds:
        lines.append('    patch.%s = .set(["tag %d"])' % (kinds["StringArray"], index))
    if "Boolean" in kinds:
        lines.append("    patch.%s = .set(%s)" % (kinds["Boolean"], "true" if index % 2 else "false"))
    lines.append("    return patch")
    return "\n".join(lines)


def main(corpus_directory, output_file):
    with open(os.path.join(corpus_directory, "objects.json")) as f:
        definitions = json.load(f)["objects"]
    parts = ["// Written by Benchmarks/typical_app.py: one query and one patch per object of the corpus.",
             "import ModelRuntime", "import OursFull", ""]
    for index, definition in enumerate(definitions):
        model, kinds = type_name(definition["name"]), by_kind(definition)
        parts += ["func query%d() -> Query<%s> {" % (index, model), query(model, kinds, index), "}", "",
                  "func patch%d() -> %s.Patch {" % (index, model), patch(model, kinds, index), "}", ""]
    with open(output_file, "w") as f:
        f.write("\n".join(parts))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
