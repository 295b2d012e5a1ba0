#!/usr/bin/env python3
"""A stand-in for Cortex's file uploads, for UploadTests.swift. Standard library only.

Two modes:

  upload_server.py serve [--lifetime SECONDS]
      Listens on 127.0.0.1 on a port the OS picks, prints "PORT <n>" on stdout, and emulates one object type:

        POST /c_offices                       JSON create body; `c_pictures` holds facet -> file name objects.
                                              Answers 201 with the object: `_id`, and per picture a file value
                                              (content facet at the top level, other facets in `facets`, state 0)
                                              with `uploads` (policy/signature fields, uploadKey "file").
        PUT  /c_offices/<id>                  An update: its `c_pictures` replace the office's, answered 200 as a create is.
        POST /upload/<id>/<i>/<facet>         The facet's multipart/form-data, parsed with the `email` package:
                                              the fields exactly as issued and in order, then the file under the
                                              upload key. Answers 204, or 4xx with the reason (also recorded).
        GET  /c_offices/<id>/c_pictures/<i>   First 202 (kMediaNotReady), then the file value with its facets in
                                              state 1 (processing), then state 2 (ready) once every facet arrived.
                                              Each poll is recorded with its X-Session header.
        GET  /__received                      Everything recorded (file bytes base64), for byte-for-byte checks.
        POST /__release                       Answers the held polls of slow-* pictures.
        POST /__stop                          Stops the server.

      A facet's *file name* selects a behaviour, so tests can ask for failures through the public API:
        fail500-*   its upload URL answers 500;
        small-*     its upload instruction says maxFileSize 16;
        never-*     the picture never becomes ready (processing forever);
        slow-*      every poll of the picture is held until POST /__release (at most 280 s, a backstop);
        flaky-*     the facet's first upload answers 503 (S3's SlowDown), the next ones are taken;
        hang-*      the facet's uploads are read, then held until POST /__release (at most 280 s, a backstop) before the answer.

      The server stops after --lifetime seconds (default 60, at most 900), on POST /__stop, or when stdin closes (the test
      process ended), whichever comes first.

  upload_server.py parse <content-type> <body-file>
      Parses a multipart/form-data body with the `email` package and prints its parts as JSON (values and file
      bytes base64), with any defect the parser found.
"""

import base64
import hashlib
import json
import re
import sys
import threading
from email import policy
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler

import local_serve

MAX_BODY = 16 * 1024 * 1024
DEFAULT_MAX_FILE_SIZE = 4 * 1024 * 1024
# Backstops for a test that never releases: longer than the tests' own answer backstop (240 s,
# LocalPythonServer.answerBackstop), so that a test slowed by a loaded machine still finds storage holding.
SLOW_POLL_SECONDS = 280.0
HANG_UPLOAD_SECONDS = 280.0
RELEASE = threading.Event()


def b64(data):
    return base64.b64encode(data).decode("ascii")


def parse_multipart(content_type, body):
    """The parts of a multipart/form-data body, as the email package reads them."""
    message = BytesParser(policy=policy.default).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\nMIME-Version: 1.0\r\n\r\n" + body
    )
    defects = [type(defect).__name__ for defect in message.defects]
    if not message.is_multipart():
        return {"defects": defects + ["NotMultipart"], "parts": [], "preamble": None, "epilogue": None}
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True)
        parts.append(
            {
                "disposition": part.get_content_disposition(),
                "name": part.get_param("name", header="content-disposition"),
                "filename": part.get_filename(),
                "contentType": part["content-type"] and part.get_content_type(),
                "headers": [[key, str(value)] for key, value in part.items()],
                "data": b64(payload if payload is not None else b""),
                "defects": [type(defect).__name__ for defect in part.defects],
            }
        )
    return {"defects": defects, "parts": parts, "preamble": message.preamble, "epilogue": message.epilogue}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.port = 0
        self.next_id = 1
        self.objects = {}  # id -> {"pictures": [{facet: filename}], "received": {(i, facet)}, "polls": {i: n},
        #                          "attempts": {(i, facet): n}}
        self.creates = []
        self.uploads = []
        self.polls = []
        self.errors = []
        self.requests = []

    def upload_instruction(self, object_id, index, facet, filename):
        url = "http://127.0.0.1:%d/upload/%s/%d/%s" % (self.port, object_id, index, facet)
        digest = hashlib.sha256(("%s/%d/%s" % (object_id, index, facet)).encode()).hexdigest()
        return {
            "name": facet,
            "uploadUrl": url,
            "uploadMethod": "POST",
            "uploadKey": "file",
            "fields": [
                {"key": "policy", "value": b64(json.dumps({"object": object_id, "facet": facet}).encode())},
                {"key": "signature", "value": digest},
                {"key": "x-meta-note", "value": "caf\u00e9 \u2713 line1\r\nline2"},
                {"key": "x-empty", "value": ""},
            ],
            "maxFileSize": 16 if filename.startswith("small-") else DEFAULT_MAX_FILE_SIZE,
            "mimes": ["image/jpeg", "image/png"],
            "state": 0,
        }

    def facet_value(self, object_id, index, facet, filename, state, upload=None):
        value = {"name": facet, "filename": filename, "state": state, "creator": "000000000000000000000001"}
        if upload is not None:
            data = upload["bytes"]
            value.update(
                {
                    "mime": upload["fileMime"],
                    "size": len(data),
                    "ETag": hashlib.md5(data).hexdigest(),
                    "path": "/c_offices/%s/c_pictures/%d/%s" % (object_id, index, facet),
                }
            )
            if state == 2:
                value["url"] = "http://127.0.0.1:%d/files/%s/%d/%s" % (self.port, object_id, index, facet)
        return value

    def file_value(self, object_id, index, facets, states, uploads=None, received=None):
        """Cortex's shape: the content facet at the top level, the other facets in `facets`."""
        received = received or {}
        values = [
            self.facet_value(object_id, index, facet, filename, states[facet], received.get(facet))
            for facet, filename in facets.items()
        ]
        content = next((value for value in values if value["name"] == "content"), None)
        others = [value for value in values if value["name"] != "content"]
        result = dict(content) if content else {}
        result["facets"] = others
        result["uploads"] = uploads or []
        return result


STATE = State()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeCortex/1"

    def log_message(self, format, *args):
        sys.stderr.write("upload_server: " + (format % args) + "\n")

    def answer(self, status, value=None, raw=None):
        body = raw if raw is not None else (b"" if value is None else json.dumps(value).encode())
        self.send_response(status)
        if value is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def fail(self, status, reason):
        with STATE.lock:
            STATE.errors.append("%s %s: %s" % (self.command, self.path, reason))
        self.answer(status, {"object": "fault", "status": status, "reason": reason})

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or ""):
            return None
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return None
        data = b""
        while len(data) < length:
            chunk = self.rfile.read(length - len(data))
            if not chunk:
                break
            data += chunk
        return data

    def do_GET(self):
        with STATE.lock:
            STATE.requests.append("GET " + self.path)
        if self.path == "/__received":
            return self.received()
        match = re.fullmatch(r"/c_offices/([0-9a-f]+)/c_pictures/(\d+)", self.path)
        if match:
            return self.poll(match.group(1), int(match.group(2)))
        self.fail(404, "no route")

    def do_POST(self):
        with STATE.lock:
            STATE.requests.append("POST " + self.path)
        body = self.read_body()
        if body is None:
            return self.fail(411, "a body with a Content-Length (at most %d bytes) is required" % MAX_BODY)
        if self.path == "/__stop":
            self.answer(200, {"stopping": True})
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        if self.path == "/__release":
            RELEASE.set()
            return self.answer(200, {"released": True})
        if self.path == "/c_offices":
            return self.create(body)
        match = re.fullmatch(r"/upload/([0-9a-f]+)/(\d+)/(\w+)", self.path)
        if match:
            return self.upload(match.group(1), int(match.group(2)), match.group(3), body)
        self.fail(404, "no route")

    def do_PUT(self):
        with STATE.lock:
            STATE.requests.append("PUT " + self.path)
        body = self.read_body()
        if body is None:
            return self.fail(411, "a body with a Content-Length (at most %d bytes) is required" % MAX_BODY)
        match = re.fullmatch(r"/c_offices/([0-9a-f]+)", self.path)
        if not match:
            return self.fail(404, "no route")
        with STATE.lock:
            known = match.group(1) in STATE.objects
        if not known:
            return self.fail(404, "no such office")
        self.create(body, object_id=match.group(1))

    def create(self, body, object_id=None):
        """A create, or with `object_id` an update that replaces the pictures and issues new upload instructions."""
        if not (self.headers.get("Content-Type") or "").startswith("application/json"):
            return self.fail(400, "the create body must be application/json")
        try:
            document = json.loads(body)
        except ValueError as error:
            return self.fail(400, "the create body is not JSON: %s" % error)
        pictures = document.get("c_pictures")
        if not isinstance(pictures, list) or not all(
            isinstance(picture, dict) and picture and all(isinstance(v, str) for v in picture.values())
            for picture in pictures
        ):
            return self.fail(400, "c_pictures must be an array of facet -> file name objects")
        with STATE.lock:
            status = 200 if object_id else 201
            if object_id is None:
                object_id = "65f1%020x" % STATE.next_id
                STATE.next_id += 1
                STATE.creates.append({"id": object_id, "body": document, "raw": body.decode("utf-8")})
            STATE.objects[object_id] = {"pictures": pictures, "received": {}, "polls": {}, "attempts": {}}
            values = []
            for index, facets in enumerate(pictures):
                uploads = [
                    STATE.upload_instruction(object_id, index, facet, filename) for facet, filename in facets.items()
                ]
                states = {facet: 0 for facet in facets}
                values.append(STATE.file_value(object_id, index, facets, states, uploads))
            created = {"_id": object_id, "object": "c_office", "c_pictures": values}
            if "c_stringProperty" in document:
                created["c_stringProperty"] = document["c_stringProperty"]
        self.answer(status, created)

    def upload(self, object_id, index, facet, body):
        with STATE.lock:
            stored = STATE.objects.get(object_id)
            facets = stored["pictures"][index] if stored and index < len(stored["pictures"]) else None
        if facets is None or facet not in facets:
            return self.fail(404, "no upload is pending for %s/%d/%s" % (object_id, index, facet))
        filename = facets[facet]
        instruction = STATE.upload_instruction(object_id, index, facet, filename)
        with STATE.lock:
            attempt = stored["attempts"].get((index, facet), 0) + 1
            stored["attempts"][(index, facet)] = attempt
        if filename.startswith("fail500-"):
            with STATE.lock:
                STATE.uploads.append({"object": object_id, "index": index, "facet": facet, "status": 500})
            return self.answer(500, raw=b"<Error><Code>InternalError</Code></Error>")
        if filename.startswith("flaky-") and attempt == 1:
            with STATE.lock:
                STATE.uploads.append({"object": object_id, "index": index, "facet": facet, "status": 503})
            slow_down = b"<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"
            return self.answer(503, raw=slow_down)
        if filename.startswith("hang-"):
            RELEASE.wait(timeout=HANG_UPLOAD_SECONDS)
        content_type = self.headers.get("Content-Type") or ""
        if not content_type.startswith("multipart/form-data"):
            return self.fail(400, "the upload must be multipart/form-data, not %r" % content_type)
        parsed = parse_multipart(content_type, body)
        names = [part["name"] for part in parsed["parts"]]
        expected_names = [field["key"] for field in instruction["fields"]] + [instruction["uploadKey"]]
        problems = []
        if parsed["defects"] or any(part["defects"] for part in parsed["parts"]):
            problems.append("the email parser found defects: %r" % parsed)
        if parsed["preamble"] or parsed["epilogue"]:
            problems.append("text outside the parts: %r / %r" % (parsed["preamble"], parsed["epilogue"]))
        if names != expected_names:
            problems.append("parts %r, expected the fields in order then the file: %r" % (names, expected_names))
        for part, field in zip(parsed["parts"], instruction["fields"]):
            value = base64.b64decode(part["data"])
            if value != field["value"].encode("utf-8"):
                problems.append("field %r is %r, issued %r" % (field["key"], value, field["value"]))
            if part["filename"] is not None or part["contentType"] is not None:
                problems.append("field %r has a file name or a content type" % field["key"])
        if any(part["disposition"] != "form-data" for part in parsed["parts"]):
            problems.append("a part is not Content-Disposition: form-data")
        if problems:
            return self.fail(400, "; ".join(problems))
        file_part = parsed["parts"][-1]
        data = base64.b64decode(file_part["data"])
        if file_part["filename"] is None:
            return self.fail(400, "the file part has no file name")
        if len(data) > instruction["maxFileSize"]:
            return self.fail(400, "EntityTooLarge: %d > %d" % (len(data), instruction["maxFileSize"]))
        if file_part["contentType"] not in instruction["mimes"]:
            return self.fail(400, "mime %r is not accepted" % file_part["contentType"])
        record = {
            "object": object_id,
            "index": index,
            "facet": facet,
            "status": 204,
            "method": self.command,
            "contentType": content_type,
            "partNames": names,
            "fields": [
                {"key": part["name"], "value": base64.b64decode(part["data"]).decode("utf-8")}
                for part in parsed["parts"][:-1]
            ],
            "fileKey": file_part["name"],
            "fileName": file_part["filename"],
            "fileMime": file_part["contentType"],
            "data": file_part["data"],
            "session": self.headers.get("X-Session"),
        }
        with STATE.lock:
            STATE.uploads.append(record)
            stored["received"].setdefault(index, {})[facet] = dict(record, bytes=data)
        self.answer(204)

    def poll(self, object_id, index):
        with STATE.lock:
            stored = STATE.objects.get(object_id)
            if stored is None or index >= len(stored["pictures"]):
                pass
            else:
                facets = stored["pictures"][index]
                received = dict(stored["received"].get(index, {}))
                count = stored["polls"].get(index, 0) + 1
                stored["polls"][index] = count
        if stored is None or index >= len(stored["pictures"]):
            return self.fail(404, "no such picture")
        if any(name.startswith("slow-") for name in facets.values()):
            RELEASE.wait(timeout=SLOW_POLL_SECONDS)
        never = any(name.startswith("never-") for name in facets.values())
        complete = len(received) == len(facets)
        if count == 1:
            answer = 202
            self.answer(202, {"object": "fault", "code": "kMediaNotReady", "status": 202, "reason": "not ready"})
        else:
            ready = complete and count >= 3 and not never
            states = {facet: (2 if ready else 1) if facet in received else 0 for facet in facets}
            answer = 2 if ready else 1
            with STATE.lock:
                value = STATE.file_value(object_id, index, facets, states, received=received)
            self.answer(200, value)
        with STATE.lock:
            STATE.polls.append(
                {"object": object_id, "index": index, "answer": answer, "session": self.headers.get("X-Session")}
            )

    def received(self):
        with STATE.lock:
            value = {
                "creates": STATE.creates,
                "uploads": STATE.uploads,
                "polls": STATE.polls,
                "errors": STATE.errors,
                "requests": STATE.requests,
            }
            body = json.dumps(value).encode()
        self.answer(200, raw=body)


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "parse":
        with open(arguments[2], "rb") as file:
            body = file.read()
        json.dump(parse_multipart(arguments[1], body), sys.stdout)
        return 0
    return local_serve.main(arguments, Handler, __doc__, on_port=lambda port: setattr(STATE, "port", port))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
