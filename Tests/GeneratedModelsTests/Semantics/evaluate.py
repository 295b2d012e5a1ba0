#!/usr/bin/env python3
"""Evaluates MongoDB filters with mongomock, an implementation of MongoDB's query language independent of ours.

Used by QuerySemanticsTests.swift. Usage: evaluate.py INPUT

INPUT is a JSON object {"documents": [...], "queries": [{"name": ..., "filter": {...}}, ...]}. Prints one JSON
object: {"mongomock": version, "results": [{"name": ..., "ids": [the sorted _ids the filter selects]}, ...]}, where a
filter mongomock rejects has {"name": ..., "error": "..."} instead of ids. A query with "documents" of its own is
evaluated against those alone (mongomock takes tens of microseconds a document, so many small cases are run apart
rather than each against all the documents).

A query with "server": "crud-service" or "parse-server" is first rewritten as that server rewrites it before MongoDB
sees it (servers.py, from each server's source). mongomock has no geo operators: a filter with one is evaluated by
servers.geo_select, from MongoDB's documentation, and its ids come nearest first for `$nearSphere`.

Exits with status 3, naming the fix, when mongomock is not installed.
"""

import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import servers  # noqa: E402 - next to this file

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

    rewrites = {"crud-service": servers.crud_service, "parse-server": servers.parse_server}
    results = []
    for index, query in enumerate(payload["queries"]):
        filter_ = json.loads(json.dumps(query["filter"]))
        if "server" in query:
            filter_ = rewrites[query["server"]](filter_)
        if servers.has_geo(filter_):
            documents = query.get("documents", payload["documents"])
            try:
                results.append({"name": query["name"], "ids": servers.geo_select(documents, filter_)})
            except Exception as error:  # noqa: BLE001 - an unusable filter is reported, not fatal.
                results.append({"name": query["name"], "error": f"{type(error).__name__}: {error}"})
            continue
        target = collection
        if "documents" in query:
            target = stored("query%d" % index, query["documents"])
            if target is None:
                print("not every document of %s was stored (duplicate _id?)" % query["name"], file=sys.stderr)
                return 1
        try:
            ids = sorted(document["_id"] for document in target.find(filter_, {"_id": 1}))
            results.append({"name": query["name"], "ids": ids})
        except Exception as error:  # noqa: BLE001 - an unusable filter is reported, not fatal.
            results.append({"name": query["name"], "error": f"{type(error).__name__}: {error}"})

    json.dump({"mongomock": mongomock.__version__, "results": results}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
