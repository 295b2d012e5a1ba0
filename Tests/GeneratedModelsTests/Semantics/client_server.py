#!/usr/bin/env python3
"""An in-memory document server for ClientTests.swift, speaking three dialects. Standard library only.

  client_server.py serve [--lifetime SECONDS]
      Listens on 127.0.0.1 on a port the OS picks, prints "PORT <n>" on stdout. Base paths:

        /cortex   GET /<plural>?where=&sort=&skip=&limit=   {"object":"list","data":[...],"hasMore":b}
                  GET /<plural>?pipeline=[{$match},{$group count}]   {"object":"list","data":[{"_id":null,"count":n}]}
                  POST /<plural> (answers the object; c_offices answers upload instructions for its pictures),
                  GET|PUT|DELETE /<plural>/<id> (PUT: plain values, null unsets)
                  errors {"object":"fault","code":...,"reason":...,"message":...}
        /mia      GET /<plural>/?_q=&_s=&_l=&_sk= (bare array of PUBLIC documents); GET /<plural>/count?_q= (a number)
                  POST /<plural>/ ({"_id":...}, created PUBLIC), GET|PATCH|DELETE /<plural>/<id> (PATCH: $set, $unset)
                  errors {"statusCode":...,"error":...,"message":...}
        /parse    GET /classes/<C>?where=&order=&limit=&skip=&count=1  {"results":[...]} (+ "count")
                  POST /classes/<C> ({"objectId","createdAt"}), GET|PUT|DELETE /classes/<C>/<id>
                  (PUT: plain values, {"__op":"Delete"}); errors {"code":n,"error":...}

      Each backend's semantics (update operations, element paths, states, bulk calls, batches, paging) are
      ModelRuntimeTesting's in-memory backends', tested in InMemoryBackend*Tests.swift; this server keeps what a real
      socket shows: scripted answers, delays, held answers, headers, uploads.

      Control (not counted as hits):
        GET  /__state    every stored document: {"cortex": {plural: [docs]}, "mia": ..., "parse": ...}
        GET  /__hits     {"requests": ["GET /cortex/c_items", ...]} every non-control request so far
        POST /__script   a JSON array of answers for the next requests, in order: {"status", "body" (raw text),
                         "headers" (an object), "delay" (seconds, at most 10), "hold": true (kept until POST /__release, at most
                         280 s)}; a scripted answer replaces the normal one, except {"pass": true}, which lets that
                         request through
        POST /__release  answers the held requests; GET /__hits counts the held requests answered ("heldAnswered")
        POST /__reset    forgets documents, hits, the script and the storage
        POST /__storage  {"base": URL}: the storage Cortex's upload instructions point to (default: this server)

      Stops after --lifetime seconds (default 60), or when stdin closes.
"""

import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, unquote, urlsplit

import local_serve

LOCK = threading.Lock()
STORE = {"cortex": {}, "mia": {}, "parse": {}}
STORAGE = [None]
UPLOADS = []
PORT = [0]
HITS = []
# Held answers wait for POST /__release; the bound is a backstop for a test that never releases them, longer than
# the tests' own answer backstop (240 s, LocalPythonServer.answerBackstop).
RELEASE = threading.Event()
HOLD_SECONDS = 280.0
HELD_ANSWERED = [0]
HEADERS = []
QUERIES = []
SCRIPT = []
COUNTER = [0]


def new_id(dialect):
    COUNTER[0] += 1
    if dialect == "parse":
        return "obj%07d" % COUNTER[0]
    return "5f%022x" % COUNTER[0]


def compare(value, op, operand):
    if op == "$eq":
        return value == operand
    if op == "$ne":
        return value != operand
    if op == "$in":
        return value in operand
    if op == "$nin":
        return value not in operand
    if op == "$exists":
        return (value is not None) == bool(operand)
    if value is None:
        return False
    try:
        if op == "$gt":
            return value > operand
        if op == "$gte":
            return value >= operand
        if op == "$lt":
            return value < operand
        if op == "$lte":
            return value <= operand
    except TypeError:
        return False
    raise ValueError("unsupported operator " + op)


def matches(doc, where):
    for key, condition in where.items():
        if key == "$and":
            if not all(matches(doc, part) for part in condition):
                return False
            continue
        if key == "$or":
            if not any(matches(doc, part) for part in condition):
                return False
            continue
        value = doc.get(key)
        if isinstance(condition, dict) and condition and all(k.startswith("$") for k in condition):
            if not all(compare(value, op, operand) for op, operand in condition.items()):
                return False
        elif value != condition:
            return False
    return True


def sort_docs(docs, keys):
    for key, ascending in reversed(keys):
        docs.sort(key=lambda d: (d.get(key) is None, d.get(key)), reverse=not ascending)
    return docs


class Fault(Exception):
    def __init__(self, status, code, message, path=None):
        self.status, self.code, self.message, self.path = status, code, message, path


def error_body(dialect, fault):
    if dialect == "cortex":
        body = {"object": "fault", "code": fault.code, "reason": fault.message, "message": fault.message,
                "status": fault.status}
        if fault.path:
            body["path"] = fault.path
        return body
    if dialect == "mia":
        reasons = {400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 500: "Internal Server Error"}
        return {"statusCode": fault.status, "error": reasons.get(fault.status, "Error"), "message": fault.message}
    return {"code": {"kNotFound": 101, "kInvalid": 102}.get(fault.code, 1), "error": fault.message}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value=None, raw=None, headers=None):
        body = raw if raw is not None else json.dumps(value).encode()
        if value is None and raw is None:
            body = b""
        if status == 204:
            body = b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, header in (headers or {}).items():
            self.send_header(name, header)
        self.end_headers()
        self.wfile.write(body)

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length else b""
        self.raw_body = data
        if not (self.headers.get("Content-Type") or "").startswith("application/json"):
            return None
        return json.loads(data) if data else None

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_PATCH(self):
        self.handle_any("PATCH")

    def do_DELETE(self):
        self.handle_any("DELETE")

    def handle_any(self, method):
        url = urlsplit(self.path)
        path = url.path
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        body = self.read_json()
        if path.startswith("/__"):
            return self.control(method, path, body)
        with LOCK:
            HITS.append("%s %s" % (method, path))
            HEADERS.append({k: v for k, v in self.headers.items()})
            QUERIES.append(url.query)
            scripted = SCRIPT.pop(0) if SCRIPT else None
        if scripted is not None and not scripted.get("pass"):
            time.sleep(min(float(scripted.get("delay", 0)), 10.0))
            if scripted.get("hold"):
                RELEASE.wait(timeout=HOLD_SECONDS)
                with LOCK:
                    HELD_ANSWERED[0] += 1
            return self.answer(int(scripted.get("status", 200)), raw=scripted.get("body", "").encode(),
                               headers=scripted.get("headers"))
        parts = [unquote(p) for p in path.split("/") if p]
        if parts and parts[0] == "upload" and method == "POST":
            with LOCK:
                UPLOADS.append({"path": path, "contentType": self.headers.get("Content-Type"),
                                "body": base64.b64encode(self.raw_body).decode("ascii")})
            return self.answer(204)
        dialect = parts[0] if parts else ""
        if dialect not in STORE:
            return self.answer(404, {"error": "no dialect " + dialect})
        try:
            with LOCK:
                status, value = getattr(self, dialect)(method, parts[1:], query, body, STORE[dialect])
            self.answer(status, value)
        except Fault as fault:
            self.answer(fault.status, error_body(dialect, fault))
        except Exception as error:  # noqa: BLE001
            self.answer(500, error_body(dialect, Fault(500, "kError", repr(error))))

    def control(self, method, path, body):
        with LOCK:
            if path == "/__state":
                return self.answer(200, dict(STORE, uploads=UPLOADS))
            if path == "/__hits":
                return self.answer(200, {"requests": HITS, "headers": HEADERS, "queries": QUERIES,
                                         "heldAnswered": HELD_ANSWERED[0]})
            if path == "/__release" and method == "POST":
                RELEASE.set()
                return self.answer(200, {})
            if path == "/__script" and method == "POST":
                SCRIPT.extend(body or [])
                return self.answer(200, {"queued": len(SCRIPT)})
            if path == "/__storage" and method == "POST":
                STORAGE[0] = (body or {}).get("base")
                return self.answer(200, {})
            if path == "/__reset" and method == "POST":
                STORAGE[0] = None
                for collections in STORE.values():
                    collections.clear()
                HITS.clear()
                UPLOADS.clear()
                HEADERS.clear()
                QUERIES.clear()
                SCRIPT.clear()
                return self.answer(200, {})
        self.answer(404, {"error": "unknown control " + path})

    # cortex

    def cortex(self, method, parts, query, body, store):
        plural = parts[0]
        docs = store.setdefault(plural, [])
        if len(parts) == 1 and method == "GET":
            if "pipeline" in query:
                stages = json.loads(query["pipeline"])
                where = next((s["$match"] for s in stages if "$match" in s), {})
                count = sum(1 for d in docs if matches(d, where))
                return 200, {"object": "list", "data": [{"_id": None, "count": count}] if count else [],
                             "hasMore": False}
            selected = [d for d in docs if matches(d, json.loads(query.get("where") or "{}"))]
            sort = json.loads(query.get("sort") or "{}")
            selected = sort_docs(selected, [(k, v == 1) for k, v in sort.items()])
            skip = int(query.get("skip") or 0)
            limit = int(query.get("limit") or 1000)
            return 200, {"object": "list", "data": selected[skip:skip + limit],
                         "hasMore": skip + limit < len(selected)}
        if len(parts) == 1 and method == "POST" and plural == "c_offices":
            doc = dict(body, _id=new_id("cortex"), object="c_office")
            docs.append(doc)
            answer = dict(doc)
            answer["c_pictures"] = [self.file_value(doc["_id"], index, facets)
                                    for index, facets in enumerate(body.get("c_pictures") or [])]
            return 201, answer
        if len(parts) == 1 and method == "POST":
            if not isinstance(body, dict) or "c_name" not in body:
                raise Fault(400, "kValidationError", "c_name is required")
            doc = dict(body, _id=new_id("cortex"), object=plural[:-1])
            docs.append(doc)
            return 201, doc
        doc = self.find(docs, "_id", parts[1])
        if method == "GET":
            return 200, doc
        if method == "PUT":
            for key, value in body.items():
                if value is None:
                    doc.pop(key, None)
                else:
                    doc[key] = value
            return 200, doc
        if method == "DELETE":
            docs.remove(doc)
            return 200, {"object": "result", "data": True}
        raise Fault(405, "kInvalidRequest", method + " not allowed")

    @staticmethod
    def file_value(object_id, index, facets):
        """Cortex's shape: the content facet at the top level, the others in `facets`, an upload for each."""
        storage = STORAGE[0] or "http://127.0.0.1:%d" % PORT[0]
        uploads = [{"name": facet, "uploadUrl": "%s/upload/%s/%d/%s" % (storage, object_id, index, facet),
                    "uploadMethod": "POST", "uploadKey": "file", "fields": [{"key": "policy", "value": "p-%d" % index}],
                    "maxFileSize": 1000000, "state": 0} for facet in facets]
        value = {"facets": [{"name": f, "filename": n, "state": 0} for f, n in facets.items() if f != "content"],
                 "uploads": uploads}
        if "content" in facets:
            value.update({"name": "content", "filename": facets["content"], "state": 0})
        return value

    # mia

    @staticmethod
    def mia_patch(doc, body):
        for key, value in (body.get("$set") or {}).items():
            doc[key] = value
        for key in body.get("$unset") or {}:
            doc.pop(key, None)

    def mia(self, method, parts, query, body, store):
        plural = parts[0]
        docs = store.setdefault(plural, [])
        visible = [d for d in docs if d.get("__STATE__") == "PUBLIC"]
        selected = lambda: [d for d in visible if matches(d, json.loads(query.get("_q") or "{}"))]  # noqa: E731
        if len(parts) == 1 and method == "GET":
            result = selected()
            keys = [(k.lstrip("-"), not k.startswith("-")) for k in (query.get("_s") or "").split(",") if k]
            result = sort_docs(result, keys)
            skip = int(query.get("_sk") or 0)
            limit = int(query.get("_l") or 200)
            return 200, result[skip:skip + limit]
        if len(parts) == 2 and parts[1] == "count" and method == "GET":
            return 200, len(selected())
        if len(parts) == 1 and method == "POST":
            doc = dict(body, _id=new_id("mia"), __STATE__="PUBLIC")
            docs.append(doc)
            return 200, {"_id": doc["_id"]}
        doc = self.find(visible, "_id", parts[1])
        if method == "GET":
            return 200, doc
        if method == "PATCH":
            self.mia_patch(doc, body)
            return 200, doc
        if method == "DELETE":
            docs.remove(doc)
            return 204, None
        raise Fault(405, "Method Not Allowed", method + " not allowed")

    # parse

    def parse(self, method, parts, query, body, store):
        if not parts or parts[0] != "classes":
            raise Fault(404, "kNotFound", "unknown path")
        plural = parts[1]
        docs = store.setdefault(plural, [])
        if len(parts) == 2 and method == "GET":
            result = [d for d in docs if matches(d, json.loads(query.get("where") or "{}"))]
            keys = [(k.lstrip("-"), not k.startswith("-")) for k in (query.get("order") or "").split(",") if k]
            result = sort_docs(result, keys)
            skip = int(query.get("skip") or 0)
            limit = int(query.get("limit") if query.get("limit") is not None else 100)
            answer = {"results": result[skip:skip + limit]}
            if query.get("count") == "1":
                answer["count"] = len(result)
            return 200, answer
        if len(parts) == 2 and method == "POST":
            doc = dict(body, objectId=new_id("parse"), createdAt="2026-01-01T00:00:00.000Z")
            doc["updatedAt"] = doc["createdAt"]
            docs.append(doc)
            return 201, {"objectId": doc["objectId"], "createdAt": doc["createdAt"]}
        doc = self.find(docs, "objectId", parts[2])
        if method == "GET":
            return 200, doc
        if method == "PUT":
            for key, value in body.items():
                if isinstance(value, dict) and value.get("__op") == "Delete":
                    doc.pop(key, None)
                elif isinstance(value, dict) and "__op" in value:
                    raise Fault(400, "kInvalid", "unsupported op " + value["__op"])
                else:
                    doc[key] = value
            doc["updatedAt"] = "2026-01-02T00:00:00.000Z"
            return 200, {"updatedAt": doc["updatedAt"]}
        if method == "DELETE":
            docs.remove(doc)
            return 200, {}
        raise Fault(405, "kInvalid", method + " not allowed")

    @staticmethod
    def find(docs, key, value):
        for doc in docs:
            if doc.get(key) == value:
                return doc
        raise Fault(404, "kNotFound", "no instance " + value)


def main(arguments):
    return local_serve.main(arguments, Handler, __doc__, on_port=lambda port: PORT.__setitem__(0, port))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
