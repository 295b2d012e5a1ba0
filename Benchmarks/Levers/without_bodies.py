#!/usr/bin/env python3
"""The upper bound of any lever on the request bodies (#29): the full output with every `Create`, `Patch` and
Document body taken out, and the extensions that hold them (a model's `FacetRules`, a Document's `bodyValue`), so
what is left is the models and their query fields. No lever that keeps bodies can build faster than this.
usage: without_bodies.py SOURCE_FOLDER DESTINATION_FOLDER"""
import re
import sys

from rewriting import rewrite_folder


def without_body_extensions(text):
    """`text` without each top-level extension that declares a body type or makes a Document a body value, with
    the doc comments above it."""
    lines = text.split("\n")
    result = []
    index = 0
    while index < len(lines):
        if not re.match(r"^extension [\w.]+(: [\w, ]+)? \{$", lines[index]):
            result.append(lines[index])
            index += 1
            continue
        end = index
        while lines[end] != "}":
            end += 1
        block = "\n".join(lines[index:end + 1])
        if re.search(r"struct (Create|Patch): |: BodyValueConvertible \{", block):
            while result and result[-1].startswith("///"):
                result.pop()
            if result and result[-1] == "":
                result.pop()
        else:
            result += lines[index:end + 1]
        index = end + 1
    return "\n".join(result)


rewrite_folder(sys.argv[1], sys.argv[2], without_body_extensions)
