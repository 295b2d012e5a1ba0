"""A Parse Server stand-in on 127.0.0.1 (standard library only), written from Parse's REST guide (parse-community/docs
_includes/rest: objects, queries, batch, users) and parse-server's routers and middlewares.

    python3 parse_server.py serve [--lifetime SECONDS]    prints "PORT <n>", serves until stdin closes

Every request below /parse must send X-Parse-Application-Id: testapp and X-Parse-REST-API-Key: restkey, else
403 {"error":"unauthorized"} as parse-server's middleware answers. X-Parse-Session-Token, when sent, must be a
known session ("r:valid"), else 400 {"code":209,"error":"Invalid session token"}.

    GET    /parse/classes/<C>?where=&order=&limit=&skip=&count=1&keys=   {"results":[...]} (+ "count")
    POST   /parse/classes/<C>                     201 {"objectId","createdAt"}, Location header
    GET    /parse/classes/<C>/<id>?keys=          the object, or 404 {"code":101,"error":"Object not found."}
    PUT    /parse/classes/<C>/<id>                 plain values and __op Delete/Increment/Add/AddUnique/Remove;
                                                  200 {"updatedAt"}
    DELETE /parse/classes/<C>/<id>                 200 {}
    POST   /parse/files/<name>                     the raw bytes with their Content-Type (FilesRouter): 201
                                                  {"url","name"} with a Location header, the stored name being a
                                                  random hex prefix, "_" and <name>; an empty body is 130 "Invalid
                                                  file upload.", a name parse-server's FilesAdapter refuses (longer
                                                  than 128, or not [_a-zA-Z0-9][a-zA-Z0-9@. ~_-]*) 122
    A File value written to an object ({"__type":"File","name":…}) is stored by name; reads give it back with the
    url of the stored file, as parse-server's FilesController expands it. A name no upload made is 111 (stricter
    than parse-server, which does not look: the tests learn that the client wrote the name the upload gave).
    Parse's batches, includes and paging are ModelRuntimeTesting's in-memory backend's (ParseClientTests and
    InMemoryBackend*Tests.swift); this server keeps what a real socket shows: its credentials, its error answers, and
    file uploads.
Test controls (no headers needed):
    POST /__unique {"className","field"}     a unique index: a duplicate is 137 "A duplicate value for a field with
                                              unique values was provided"
    GET  /__state                            {"classes": {C: [objects]}, "requests": ["METHOD /path?query", ...],
                                              "files": {name: {"contentType", "data" (base64)}}}
"""

import base64
import json
import re
import secrets
import sys
import threading
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, unquote, urlsplit

import local_serve

LOCK = threading.Lock()
CLASSES = {}
UNIQUE = set()
REQUESTS = []
COUNTER = [0]
SESSIONS = {"r:valid"}
MAX_BODY = 1 << 20
FILES = {}
FILE_NAME = re.compile(r"^[_a-zA-Z0-9][a-zA-Z0-9@. ~_-]*$")
PORT = [0]


class ParseError(Exception):
    def __init__(self, code, message, status=None):
        super().__init__(message)
        self.code = code
        self.message = message
        # parse-server's handleParseErrors: 101 is 404, an internal error 500, every other code 400.
        self.status = status or (404 if code == 101 else 500 if code == 1 else 400)


def new_id():
    COUNTER[0] += 1
    return "obj%07d" % COUNTER[0]


def stamp():
    COUNTER[0] += 1
    return "2026-01-01T00:00:%02d.%03dZ" % (COUNTER[0] // 1000 % 60, COUNTER[0] % 1000)


def compare(value, op, operand):
    if op == "$ne":
        return value != operand
    if op == "$in":
        return value in operand
    if op == "$nin":
        return value not in operand
    if op == "$exists":
        return (value is not None) == operand
    if value is None:
        return False
    if op == "$gt":
        return value > operand
    if op == "$gte":
        return value >= operand
    if op == "$lt":
        return value < operand
    if op == "$lte":
        return value <= operand
    raise ParseError(102, "Invalid key " + op + " for find")


def matches(obj, where):
    for key, condition in where.items():
        if key == "$or":
            if not any(matches(obj, sub) for sub in condition):
                return False
            continue
        value = obj.get(key)
        if isinstance(condition, dict) and any(k.startswith("$") for k in condition):
            if not all(compare(value, op, operand) for op, operand in condition.items()):
                return False
        elif isinstance(condition, dict) and condition.get("__type") == "Pointer":
            if not (isinstance(value, dict) and value.get("objectId") == condition.get("objectId")):
                return False
        elif value != condition:
            return False
    return True


def sort_objects(objects, order):
    for key in reversed([k for k in order.split(",") if k]):
        field = key.lstrip("-")
        present = [o for o in objects if o.get(field) is not None]
        absent = [o for o in objects if o.get(field) is None]
        present.sort(key=lambda o: o[field], reverse=key.startswith("-"))
        objects = present + absent if not key.startswith("-") else absent + present
    return objects


def project(obj, keys):
    if keys:
        wanted = set(keys.split(",")) | {"objectId", "createdAt", "updatedAt"}
        obj = {k: v for k, v in obj.items() if k in wanted}
    else:
        obj = dict(obj)
    return expand_files(obj)


def find(class_name, object_id, required=True):
    for obj in CLASSES.get(class_name, []):
        if obj["objectId"] == object_id:
            return obj
    if required:
        raise ParseError(101, "Object not found.")
    return None


def check_unique(class_name, obj, object_id=None):
    for other in CLASSES.get(class_name, []):
        if other["objectId"] == object_id:
            continue
        for unique_class, field in UNIQUE:
            if unique_class == class_name and field in obj and other.get(field) == obj[field]:
                raise ParseError(137, "A duplicate value for a field with unique values was provided")


def file_url(name):
    return "http://127.0.0.1:%d/parse/files/testapp/%s" % (PORT[0], name)


def store_file(name, content_type, data):
    """POST /files/<name>: parse-server's FilesRouter.createHandler and FilesAdapter.validateFilename."""
    if not data:
        raise ParseError(130, "Invalid file upload.")
    if len(name) > 128:
        raise ParseError(122, "Filename too long.")
    if not FILE_NAME.match(name):
        raise ParseError(122, "Filename contains invalid characters.")
    stored = secrets.token_hex(16) + "_" + name
    FILES[stored] = {"contentType": content_type, "data": base64.b64encode(data).decode("ascii")}
    return stored


def stored_value(value):
    """A written value as parse-server stores it: a File by its name only, which an upload must have made."""
    if isinstance(value, dict) and value.get("__type") == "File":
        name = value.get("name")
        if not isinstance(name, str) or name not in FILES:
            raise ParseError(111, "This is not a valid File: %r" % (name,))
        return {"__type": "File", "name": name}
    return value


def expand_files(obj):
    """A read: each File gets its url back, as the FilesController's expandFilesInObject does."""
    return {
        key: dict(value, url=file_url(value["name"]))
        if isinstance(value, dict) and value.get("__type") == "File"
        else value
        for key, value in obj.items()
    }


def apply_update(obj, body):
    for key, value in body.items():
        if key in ("objectId", "createdAt", "updatedAt"):
            raise ParseError(105, "Invalid field name: " + key)
        value = stored_value(value)
        if isinstance(value, dict) and "__op" in value:
            op = value["__op"]
            if op == "Delete":
                obj.pop(key, None)
            elif op == "Increment":
                obj[key] = obj.get(key, 0) + value["amount"]
            elif op == "Add":
                obj[key] = obj.get(key, []) + value["objects"]
            elif op == "AddUnique":
                obj[key] = obj.get(key, []) + [v for v in value["objects"] if v not in obj.get(key, [])]
            elif op == "Remove":
                obj[key] = [v for v in obj.get(key, []) if v not in value["objects"]]
            else:
                raise ParseError(102, "bad op " + op)
        else:
            obj[key] = value


def route(method, path, query, body):
    """Answers one REST call below the mount path: (status, json, extra headers)."""
    parts = [p for p in path.split("/") if p]
    if len(parts) < 2 or parts[0] != "classes":
        raise ParseError(119, "unknown path " + path, status=404)
    class_name = parts[1]
    objects = CLASSES.setdefault(class_name, [])
    if len(parts) == 2 and method == "GET":
        result = [o for o in objects if matches(o, json.loads(query.get("where") or "{}"))]
        result = sort_objects(result, query.get("order") or "")
        skip = int(query.get("skip") or 0)
        limit = int(query["limit"]) if query.get("limit") is not None else 100
        answer = {"results": [project(o, query.get("keys")) for o in result[skip:skip + limit]]}
        if query.get("count") == "1":
            answer["count"] = len(result)
        return 200, answer, {}
    if len(parts) == 2 and method == "POST":
        if not isinstance(body, dict):
            raise ParseError(107, "This is not a valid JSON object.")
        obj = {}
        apply_update(obj, body)
        check_unique(class_name, obj)
        obj["objectId"] = new_id()
        obj["createdAt"] = obj["updatedAt"] = stamp()
        objects.append(obj)
        return 201, {"objectId": obj["objectId"], "createdAt": obj["createdAt"]}, {
            "Location": "/parse/classes/%s/%s" % (class_name, obj["objectId"])
        }
    if len(parts) != 3:
        raise ParseError(119, "unknown path " + path, status=404)
    obj = find(class_name, parts[2])
    if method == "GET":
        return 200, project(obj, query.get("keys")), {}
    if method == "PUT":
        changed = dict(obj)
        apply_update(changed, body or {})
        check_unique(class_name, changed, obj["objectId"])
        changed["updatedAt"] = stamp()
        objects[objects.index(obj)] = changed
        return 200, {"updatedAt": changed["updatedAt"]}, {}
    if method == "DELETE":
        objects.remove(obj)
        return 200, {}, {}
    raise ParseError(119, method + " not allowed", status=405)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value, headers=None):
        data = b"" if value is None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self, method):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return self.answer(413, {"error": "request entity too large"})
        raw = self.rfile.read(length) if length else b""
        if method == "POST" and url.path.startswith("/parse/files/"):
            # Express decodes the :filename parameter.
            return self.upload(unquote(url.path[len("/parse/files/"):]), raw)
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            return self.answer(400, {"code": 107, "error": "invalid JSON"})
        with LOCK:
            if url.path == "/__state":
                return self.answer(200, {"classes": CLASSES, "requests": REQUESTS, "files": FILES})
            if url.path == "/__unique" and method == "POST":
                UNIQUE.add((body["className"], body["field"]))
                return self.answer(200, {})
            if not url.path.startswith("/parse/"):
                return self.answer(404, {"error": "not found"})
            REQUESTS.append(method + " " + url.path + ("?" + url.query if url.query else ""))
            if (
                self.headers.get("X-Parse-Application-Id") != "testapp"
                or self.headers.get("X-Parse-REST-API-Key") != "restkey"
            ):
                return self.answer(403, {"error": "unauthorized"})
            try:
                token = self.headers.get("X-Parse-Session-Token")
                if token is not None and token not in SESSIONS:
                    raise ParseError(209, "Invalid session token")
                # A long query goes as a POST with "_method": "GET" and its parameters in the body.
                if method == "POST" and isinstance(body, dict) and body.get("_method") == "GET":
                    method = "GET"
                    query = {k: (json.dumps(v) if k == "where" else str(v)) for k, v in body.items() if k != "_method"}
                    body = None
                path = url.path[len("/parse"):]
                status, value, headers = route(method, path, query, body)
                return self.answer(status, value, headers)
            except ParseError as error:
                return self.answer(error.status, {"code": error.code, "error": error.message})

    def upload(self, name, data):
        with LOCK:
            REQUESTS.append("POST " + self.path)
            if (
                self.headers.get("X-Parse-Application-Id") != "testapp"
                or self.headers.get("X-Parse-REST-API-Key") != "restkey"
            ):
                return self.answer(403, {"error": "unauthorized"})
            try:
                stored = store_file(name, self.headers.get("Content-Type"), data)
            except ParseError as error:
                return self.answer(error.status, {"code": error.code, "error": error.message})
        self.answer(201, {"url": file_url(stored), "name": stored}, {"Location": file_url(stored)})

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_DELETE(self):
        self.handle_any("DELETE")


def main(arguments):
    return local_serve.main(arguments, Handler, __doc__, on_port=lambda port: PORT.__setitem__(0, port))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
