#!/usr/bin/env python3
"""Evaluates MongoDB filters with mongomock, an implementation of MongoDB's query language independent of ours.

Used by QuerySemanticsTests.swift. Usage: evaluate.py INPUT

INPUT is a JSON object {"documents": [...], "queries": [{"name": ..., "filter": {...}}, ...]}. Prints one JSON
object: {"mongomock": version, "results": [{"name": ..., "ids": [the sorted _ids the filter selects]}, ...]}, where a
filter mongomock rejects has {"name": ..., "error": "..."} instead of ids. A query with "documents" of its own is
evaluated against those alone (mongomock takes tens of microseconds a document, so many small cases are run apart
rather than each against all the documents).

Exits with status 3, naming the fix, when mongomock is not installed.
"""

import collections
import json
import sys

MISSING_EXIT_STATUS = 3


def main(argv):
    if len(argv) != 2:
        print("usage: evaluate.py INPUT", file=sys.stderr)
        return 2
    try:
        import mongomock
    except ImportError as error:
        print(
            f"mongomock is not installed for {sys.executable} ({error}): pip install mongomock",
            file=sys.stderr,
        )
        return MISSING_EXIT_STATUS

    with open(argv[1], encoding="utf-8") as file:
        # Keep key order: the filters' operator objects are read in the order they were written.
        payload = json.load(file, object_pairs_hook=collections.OrderedDict)

    database = mongomock.MongoClient().semantics

    def stored(name, documents):
        collection = database[name]
        documents = [dict(document) for document in documents]
        if documents:
            collection.insert_many(documents)
        if collection.count_documents({}) != len(documents):
            return None
        return collection

    collection = stored("items", payload["documents"])
    if collection is None:
        print("not every document was stored (duplicate _id?)", file=sys.stderr)
        return 1

    results = []
    for index, query in enumerate(payload["queries"]):
        target = collection
        if "documents" in query:
            target = stored("query%d" % index, query["documents"])
            if target is None:
                print("not every document of %s was stored (duplicate _id?)" % query["name"], file=sys.stderr)
                return 1
        try:
            ids = sorted(document["_id"] for document in target.find(query["filter"], {"_id": 1}))
            results.append({"name": query["name"], "ids": ids})
        except Exception as error:  # noqa: BLE001 - an unusable filter is reported, not fatal.
            results.append({"name": query["name"], "error": f"{type(error).__name__}: {error}"})

    json.dump({"mongomock": mongomock.__version__, "results": results}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
