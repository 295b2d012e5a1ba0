"""A blog API for the example's tests, as RestKit's tutorial describes it: GET /blogposts answers the timeline under
{"data": {"blogposts": [...]}}, POST /blogposts stores a post and answers it. Listens on 127.0.0.1 on a port the OS
picks (printed first), stops on POST /__stop, when stdin closes, or after 60 seconds."""
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
posts = [{"id": 1, "text": "first post", "created": "2013-10-01T09:00:00Z", "author": {"name": "lovely"}}]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/blogposts":
            self.answer(200, {"data": {"blogposts": posts}})
        else:
            self.answer(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"null")
        if self.path == "/blogposts":
            if not isinstance(body, dict) or "text" not in body or "author" not in body:
                self.answer(400, {"error": "a post needs text and an author"})
                return
            posts.append(body)
            self.answer(201, body)
        elif self.path == "/__stop":
            self.answer(200, {})
            threading.Thread(target=server.shutdown).start()
        else:
            self.answer(404, {"error": "not found"})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
threading.Timer(60, server.shutdown).start()
server.serve_forever()
