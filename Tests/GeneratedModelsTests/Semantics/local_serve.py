"""What every test server here shares: serving a handler on 127.0.0.1 on a port the OS picks, printed as "PORT <n>",
until stdin closes (the test process ended) or the lifetime passes. Standard library only."""

import os
import signal
import sys
import threading
from http.server import ThreadingHTTPServer


def serve(handler, lifetime, on_port=None):
    # Foundation's Process on Linux starts children with SIGTERM blocked: unblock it so terminate() works.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # A longer listen queue than the default 5: on a busy two-core machine the accept loop falls behind, and a
    # full queue refuses connections.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True

    def stop_when_stdin_closes():
        # os.read, not sys.stdin: a daemon thread blocked in a buffered read aborts the interpreter's shutdown.
        try:
            while os.read(0, 1024):
                pass
        except OSError:
            pass
        server.shutdown()

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    timer = threading.Timer(lifetime, server.shutdown)
    timer.daemon = True
    timer.start()
    if on_port:
        on_port(server.server_address[1])
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.05)
    finally:
        timer.cancel()
        server.server_close()


def main(arguments, handler, usage, on_port=None):
    """`serve [--lifetime SECONDS]` (at most 900, default 60); anything else prints `usage`."""
    if arguments and arguments[0] == "serve":
        lifetime = 60.0
        if len(arguments) == 3 and arguments[1] == "--lifetime":
            lifetime = min(float(arguments[2]), 900.0)
        serve(handler, lifetime, on_port)
        return 0
    print(usage, file=sys.stderr)
    return 2
