"""A webhook receiver for scripts/soak: answers 204 to every POST, over
HTTP/1.1 keep-alive as real receivers do, and writes how many deliveries,
distinct event ids (Idempotency-Key) and connections it saw as JSON to
--stats every second."""
import argparse
import http.server
import json
import os
import threading
import time


class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    lock = threading.Lock()
    deliveries = 0
    connections = 0
    events = set()

    def setup(self):
        super().setup()
        with Sink.lock:
            Sink.connections += 1

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with Sink.lock:
            Sink.deliveries += 1
            Sink.events.add(self.headers.get("Idempotency-Key", ""))
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *arguments):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--stats", required=True)
    arguments = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", arguments.port), Sink)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    while True:
        with Sink.lock:
            snapshot = {"deliveries": Sink.deliveries, "events": len(Sink.events), "connections": Sink.connections}
        with open(arguments.stats + ".tmp", "w") as out:
            json.dump(snapshot, out)
        os.replace(arguments.stats + ".tmp", arguments.stats)
        time.sleep(1)


if __name__ == "__main__":
    main()
