#!/usr/bin/env python3
"""A lever of #29, tried by rewriting generated code rather than the generator: every model's `Create` struct (a stored
property per creatable property, an initializer, a `members` line and a `violations` line per property) becomes
`typealias Create = GenericCreate<Model>` over a table of the model's creatable fields (`CreateFields`, one computed
property per field: its JSON key, its order and its rules), set through `@dynamicMemberLookup` key paths, so
`body.name = "x"` reads as before. The initializer's required parameters become a static `create(…)`, so leaving a
required member out stays a compile error. The runtime side is `GenericCreate.swift`, next to this script. Only the
model's own `Create` is rewritten, not its Documents' (a Document's body is a property's value); that is enough to
measure what the lever saves.
usage: generic_create.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import replaced_structs, rewrite_folder, wrapped_type


def rewritten_create(body, indent):
    model = re.search(r"typealias Model = (\w+)", body).group(1)
    properties = re.findall(r"^\s*public var (\w+): ([^{\n]+)$", body, re.M)
    keys = {}
    members = re.search(r"public var members: \[BodyMember\] \{(.*?)\n" + indent + r"    \}", body, re.S).group(1)
    for key, name in re.findall(r"BodyMember\(\"([^\"]+)\", (?:\.reference\()?self\.(\w+)", members):
        keys[name] = key
    for name, key in re.findall(r"if let value = self\.(\w+) \{\n\s*members\.append\(BodyMember\(\"([^\"]+)\"", members):
        keys[name] = key
    references = dict(re.findall(r"\.reference\(self\.(\w+), object: (\"[^\"]+\")\)", members))
    files = dict(re.findall(r"Validation\.file\(self\.(\w+), rules: ([\w.]+),", body))
    parameters = re.search(r"public init\((.*?)\) \{", body, re.S).group(1)
    parameters = [p.strip() for p in parameters.split(",") if p.strip()]
    lines = [f"{indent}public typealias Create = GenericCreate<{model}>", "",
             f"{indent}public struct CreateFields: Sendable {{"]
    for index, (name, kind) in enumerate(properties):
        value = wrapped_type(kind)
        rules = []
        if name in references:
            rules.append(f".reference({references[name]})")
        if name in files:
            rules.append(f".files({files[name]})")
        listed = f", rules: [{', '.join(rules)}]" if rules else ""
        lines.append(f"{indent}    public var {name}: CreateField<{value}> {{ .init(\"{keys[name]}\", {index}{listed}) }}")
    lines += [f"{indent}}}", "", f"{indent}public static let createFields = CreateFields()", ""]
    lines.append(f"{indent}public static func create({', '.join(parameters)}) -> Create {{")
    lines.append(f"{indent}    var body = Create()")
    for parameter in parameters:
        name = parameter.split(":")[0].strip()
        lines.append(f"{indent}    body.{name} = {name}")
    lines += [f"{indent}    return body", f"{indent}}}"]
    return lines


def rewritten(text):
    text = replaced_structs(text, r"^(\s*)public struct Create: CreateBody \{",
                            lambda body, indent, _: rewritten_create(body, indent))
    return re.sub(r"extension (\w+) \{\n    public typealias Create = ", r"extension \1: CreatableModel {\n"
                  r"    public typealias Create = ", text)


rewrite_folder(sys.argv[1], sys.argv[2], rewritten)
