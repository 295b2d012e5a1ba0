#!/usr/bin/env python3
"""The edits Benchmarks/compile-time.sh times, made to a corpus of make_corpus.py in both of its forms (objects.json
for model-generator, openapi.json for swift-openapi-generator), so that both generators see the same change.

The benchmark corpus references each object exactly once (object i references object i+1), so it has no leaf and no
most-referenced object. `prepare` adds both, and an enum:
  - c_hub: referenced by every fourth object, with a string enum property c_status (open, closed);
  - c_leaf: referenced by nobody.
Each edit is its own switch, turned on or off, so a benchmark round can apply it and take it back:
  - leaf: c_leaf gains a String property c_added;
  - hub: c_hub gains a String property c_added;
  - enum: c_hub's c_status gains the value archived.

usage: edit_corpus.py prepare DIR
       edit_corpus.py EDIT on|off DIR      (EDIT: leaf, hub, enum)"""
import json
import os
import sys

HUB, LEAF = "c_hub", "c_leaf"
STATUS_VALUES = ["open", "closed"]


def load(directory):
    with open(os.path.join(directory, "objects.json")) as f:
        objects = json.load(f)
    with open(os.path.join(directory, "openapi.json")) as f:
        openapi = json.load(f)
    return objects, openapi


def save(directory, objects, openapi):
    with open(os.path.join(directory, "objects.json"), "w") as f:
        json.dump(objects, f, indent=1)
    with open(os.path.join(directory, "openapi.json"), "w") as f:
        json.dump(openapi, f, indent=1)


def native_object(objects, name):
    return next(o for o in objects["objects"] if o["name"] == name)


def prepare(objects, openapi):
    schemas = openapi["components"]["schemas"]
    for index, definition in enumerate(objects["objects"]):
        if index % 4 == 0:
            definition["properties"].append({"name": "c_hub_ref", "type": "Reference", "sourceObject": HUB})
            schemas[definition["name"]]["properties"]["c_hub_ref"] = {"$ref": "#/components/schemas/Reference"}
    status = {"name": "c_status", "type": "String",
              "validators": [{"name": "stringEnum", "definition": {"values": list(STATUS_VALUES)}}]}
    objects["objects"].append({"name": HUB, "label": HUB, "pluralName": HUB + "s", "properties": [
        {"name": "_id", "type": "ObjectId"}, {"name": "c_name", "type": "String"}, status]})
    objects["objects"].append({"name": LEAF, "label": LEAF, "pluralName": LEAF + "s", "properties": [
        {"name": "_id", "type": "ObjectId"}, {"name": "c_name", "type": "String"}]})
    identity = {"_id": {"type": "string", "pattern": "^[0-9a-f]{24}$"}, "c_name": {"type": "string"}}
    schemas[HUB] = {"type": "object", "required": [], "properties": dict(
        identity, c_status={"type": "string", "enum": list(STATUS_VALUES)})}
    schemas[LEAF] = {"type": "object", "required": [], "properties": dict(identity)}


def set_added_property(objects, openapi, name, on):
    properties = native_object(objects, name)["properties"]
    properties[:] = [p for p in properties if p["name"] != "c_added"]
    schema_properties = openapi["components"]["schemas"][name]["properties"]
    schema_properties.pop("c_added", None)
    if on:
        properties.append({"name": "c_added", "type": "String"})
        schema_properties["c_added"] = {"type": "string"}


def set_archived_status(objects, openapi, on):
    values = STATUS_VALUES + (["archived"] if on else [])
    status = next(p for p in native_object(objects, HUB)["properties"] if p["name"] == "c_status")
    status["validators"][0]["definition"]["values"] = list(values)
    openapi["components"]["schemas"][HUB]["properties"]["c_status"]["enum"] = list(values)


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "prepare":
        objects, openapi = load(arguments[1])
        prepare(objects, openapi)
    elif len(arguments) == 3 and arguments[0] in ("leaf", "hub", "enum") and arguments[1] in ("on", "off"):
        objects, openapi = load(arguments[2])
        on = arguments[1] == "on"
        if arguments[0] == "enum":
            set_archived_status(objects, openapi, on)
        else:
            set_added_property(objects, openapi, HUB if arguments[0] == "hub" else LEAF, on)
    else:
        sys.exit(__doc__)
    save(arguments[-1], objects, openapi)


if __name__ == "__main__":
    main(sys.argv[1:])
