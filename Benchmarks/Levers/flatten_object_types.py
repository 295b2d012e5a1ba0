#!/usr/bin/env python3
"""The bound of a lever of #29 on a real org: each Cortex object's `objectTypes` folded into the object itself, so
that the generated code declares the object's own properties once instead of once in each type's struct, `Create`
and `Patch` (Medable's `c_step_response` repeats its 22 properties in each of its 24 types). Each type's own
properties become properties of the object, named `<type>__<property>` so that two types' `c_value`s of different
types stay apart. No shape of generated code that keeps a struct per type can declare less, so this measures the
most a shared-properties lever could save, not the lever itself.
usage: flatten_object_types.py SOURCE_DIR DESTINATION_DIR   (folders of object definitions, one JSON file each)"""
import copy
import glob
import json
import os
import sys


def flattened(definition):
    """`definition` with its object types' properties among its own, and no object types."""
    types = definition.get("objectTypes") or []
    if not types:
        return definition
    result = copy.deepcopy(definition)
    for object_type in types:
        for prop in object_type.get("properties", []):
            folded = copy.deepcopy(prop)
            folded["name"] = "%s__%s" % (object_type["name"], prop["name"].removeprefix("c_"))
            result["properties"].append(folded)
    result["objectTypes"] = []
    return result


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    os.makedirs(sys.argv[2], exist_ok=True)
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
        with open(path) as file:
            definition = json.load(file)
        with open(os.path.join(sys.argv[2], os.path.basename(path)), "w") as file:
            json.dump(flattened(definition), file, indent=2)
