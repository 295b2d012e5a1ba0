#!/usr/bin/env python3
"""Hostile and unusual answers for ClientSafetyTests.swift (and the response benchmark). Standard library only.

  response_server.py serve [--lifetime SECONDS]
      Listens on 127.0.0.1 on a port the OS picks, prints "PORT <n>" on stdout.

        ANY  /echo                 200 {"method","path","headers":{name: value},"body": text}
        ANY  /redirect?to=URL&status=N&cookie=C&bytes=B&length=0|1&every=S
                                   answers N (default 302) with Location: URL, and Set-Cookie: C when there is a
                                   cookie, and a body of B bytes (default 0) in 64 KiB writes, one every S seconds
                                   (default 0: as fast as the client reads it); Content-Length: B unless length=0
                                   (then the body ends with the connection)
                                   (both also under any folder: /v1/files/echo, /v1/files/redirect)
        ANY  /loop                 302 with Location: loop, itself
        GET  /json?items=N         200 {"data":[...N numbers...]} with Content-Length
        GET  /c_patients?items=N   a Cortex list of N patients (default 10,000), for the listing benchmark
        GET  /stream?bytes=N&length=0|1   a JSON array of N bytes, in 64 KiB writes; Content-Length only if length=1
        GET  /endless              a JSON array that never ends, as fast as the client reads it
        GET  /trickle?every=S      a JSON array that never ends, one number every S seconds (default 0.05)

      Control (not logged):
        GET  /__log                {"requests":[{"method","path","headers","body"}...]} every request so far; one
                                   whose client hung up before the whole answer was written has "aborted": true

      Stops after --lifetime seconds (default 60), or when stdin closes.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

import local_serve

LOCK = threading.Lock()
LOG = []
CHUNK = b"[" + b"0," * 32767 + b"0"  # 64 KiB of a number array


PATIENTS = {}


def patients(count):
    """A Cortex list answer of `count` patients, made once per count."""
    with LOCK:
        if count not in PATIENTS:
            data = [{"_id": "5f%022x" % index, "object": "c_patient", "c_name": "Patient %d" % index,
                     "c_age": 20 + index % 60, "c_score": index / 7, "c_active": index % 2 == 0,
                     "c_tags": ["a", "b"],
                     "c_address": {"c_street": "%d Main St" % index, "c_city": "Springfield", "c_zip": "12345"}}
                    for index in range(count)]
            PATIENTS[count] = json.dumps({"object": "list", "data": data, "hasMore": False}).encode()
        return PATIENTS[count]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def handle_any(self):
        url = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        if url.path == "/__log":
            with LOCK:
                return self.answer(200, json.dumps({"requests": LOG}).encode())
        entry = {"method": self.command, "path": url.path, "headers": dict(self.headers.items()), "body": body}
        with LOCK:
            LOG.append(entry)
        try:
            if url.path == "/echo" or url.path.endswith("/echo"):
                echo = {"method": self.command, "path": url.path, "headers": dict(self.headers.items()), "body": body}
                return self.answer(200, json.dumps(echo).encode())
            if url.path == "/loop":
                query = {"to": "loop"}
            if url.path in ("/redirect", "/loop") or url.path.endswith("/redirect"):
                self.send_response(int(query.get("status", "302")))
                self.send_header("Location", query["to"])
                if "cookie" in query:
                    self.send_header("Set-Cookie", query["cookie"])
                size = int(query.get("bytes", "0"))
                if query.get("length") != "0":
                    self.send_header("Content-Length", str(size))
                self.end_headers()
                return self.spaces(size, float(query.get("every", "0")))
            if url.path == "/json":
                items = int(query.get("items", "0"))
                return self.answer(200, json.dumps({"data": list(range(items))}).encode())
            if url.path == "/c_patients":
                return self.answer(200, patients(int(query.get("items", "10000"))))
            if url.path == "/stream":
                return self.stream(int(query["bytes"]), query.get("length") == "1")
            if url.path == "/endless":
                return self.stream(None, False)
            if url.path == "/trickle":
                return self.trickle(float(query.get("every", "0.05")))
            return self.answer(404, b'{"error":"not found"}')
        except (BrokenPipeError, ConnectionResetError):
            with LOCK:
                entry["aborted"] = True
            return

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream(self, size, declare_length):
        """`size` bytes of a valid JSON number array ([0,0,...,0 ]), or an array that never ends when size is None."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if declare_length:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        if size is None:
            self.wfile.write(CHUNK)
            while True:
                self.wfile.write(b"," + CHUNK[1:])
        pairs = (size - 3) // 2
        block = b"0," * 32768
        self.wfile.write(b"[")
        while pairs > 0:
            count = min(pairs, 32768)
            self.wfile.write(block if count == 32768 else b"0," * count)
            pairs -= count
        self.wfile.write(b"0" + b" " * ((size - 3) % 2) + b"]")

    def spaces(self, size, every):
        """`size` bytes of spaces, in 64 KiB writes `every` seconds apart."""
        block = b" " * 65536
        while size > 0:
            count = min(size, len(block))
            self.wfile.write(block if count == len(block) else block[:count])
            size -= count
            if every and size > 0:
                self.wfile.flush()
                time.sleep(every)

    def trickle(self, every):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"[0")
        self.wfile.flush()
        while True:
            time.sleep(every)
            self.wfile.write(b",0")
            self.wfile.flush()


def main(arguments):
    return local_serve.main(arguments, Handler, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
