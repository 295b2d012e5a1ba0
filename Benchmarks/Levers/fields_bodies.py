#!/usr/bin/env python3
"""A lever of #29, tried by rewriting generated code rather than the generator: the request bodies read their
fields from the query fields every model already has, instead of declaring their own. Every model's `Patch` becomes
`typealias Patch = FieldsPatch<Model>`, whose members are key paths into `Model.QueryFields` through
`@dynamicMemberLookup` (`patch.name = .set("x")` and `patch.count.increment(by: 1)` read as before), and its
`init(from:to:)` one generic difference of the two models' JSON. `Create` becomes `typealias Create =
FieldsCreate<Model>` set the same way, with a static `create(…)` taking the required members, so leaving one out is
still a compile error; a Document's own body goes, and a Document is set whole. The runtime side is
`FieldsBodies.swift`, next to this script: a prototype that measures build and type-check cost. It keeps neither
which fields a body may write (every queryable field can be set) nor the checks of `violations`, which the
query fields don't carry; a real version would add both to the field types.
usage: fields_bodies.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import replaced_structs, rewrite_folder


def rewritten_create(body, indent):
    model = re.search(r"typealias Model = (\w+)", body).group(1)
    parameters = re.search(r"public init\((.*?)\) \{", body, re.S).group(1)
    # A Document is set whole: its own body goes.
    parameters = [re.sub(r"\.Create\b", "", p.strip()) for p in parameters.split(",") if p.strip()]
    members = re.search(r"public var members: \[BodyMember\] \{(.*?)\n" + indent + r"    \}", body, re.S).group(1)
    values = dict((name, (key, value)) for key, value, name in re.findall(
        r"BodyMember\(\"([^\"]+)\", ((?:\.reference\()?self\.(\w+)[^\n]*)\)\)$", members, re.M))
    lines = [f"{indent}public typealias Create = FieldsCreate<{model}>", "",
             f"{indent}public static func create({', '.join(parameters)}) -> Create {{",
             f"{indent}    var body = Create()"]
    for parameter in parameters:
        name = parameter.split(":")[0].strip()
        key, value = values[name]
        lines.append(f"{indent}    body[key: \"{key}\"] = {value.replace('self.', '')}")
    lines += [f"{indent}    return body", f"{indent}}}"]
    return lines


def rewritten(text):
    text = replaced_structs(text, r"^(\s*)public struct Create: CreateBody \{",
                            lambda body, indent, _: rewritten_create(body, indent))
    text = replaced_structs(text, r"^(\s*)public struct Patch: UpdateBody \{",
                            lambda body, indent, _: [re.sub(r".*typealias Model = (\w+).*",
                                                            indent + r"public typealias Patch = FieldsPatch<\1>",
                                                            re.search(r".*typealias Model = \w+", body).group(0))])
    return replaced_structs(text, r"^(\s*)public struct Create: DocumentBody \{", lambda body, indent, _: [])


rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
