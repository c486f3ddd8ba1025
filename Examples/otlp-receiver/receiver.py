"""A loopback OTLP/HTTP traces receiver (http/json) for trying Baton's traces.

Decodes every `POST /v1/traces` body into an `ExportTraceServiceRequest` of
the `opentelemetry-proto` package, strictly (an unknown field, a wrong type
or a malformed id is refused with 400), and appends one JSON line per span
to --out: ids in hex, kind and status as numbers, attributes as a flat
object, the resource's attributes, and the raw body of its export.

    python receiver.py --out spans.jsonl [--port-file FILE] [--delay SECONDS]

--delay holds every answer that long (a slow collector). The listening port
is printed on stdout and written to --port-file.
"""

import argparse
import base64
import binascii
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

ID_FIELDS = ("traceId", "spanId", "parentSpanId")
ID_LENGTHS = {"traceId": 16, "spanId": 8, "parentSpanId": 8}


def hex_ids_to_base64(document):
    """OTLP/JSON writes ids as hex; protobuf's JSON mapping reads bytes as base64."""
    for resource_spans in document.get("resourceSpans", []):
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                for field in ID_FIELDS:
                    if field not in span:
                        continue
                    raw = binascii.unhexlify(span[field])
                    if len(raw) != ID_LENGTHS[field] or span[field] != span[field].lower():
                        raise ValueError(f"{field} is not {ID_LENGTHS[field]} bytes of lowercase hex")
                    span[field] = base64.b64encode(raw).decode()
    return document


def any_value(value):
    kind = value.WhichOneof("value")
    return getattr(value, kind) if kind else None


def span_lines(request, body):
    for resource_spans in request.resource_spans:
        resource = {a.key: any_value(a.value) for a in resource_spans.resource.attributes}
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                yield {
                    "trace_id": span.trace_id.hex(),
                    "span_id": span.span_id.hex(),
                    "parent_span_id": span.parent_span_id.hex(),
                    "trace_state": span.trace_state,
                    "name": span.name,
                    "kind": span.kind,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "status": span.status.code,
                    "attributes": {a.key: any_value(a.value) for a in span.attributes},
                    "resource": resource,
                    "scope": scope_spans.scope.name,
                    "body": body,
                }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--port-file")
    parser.add_argument("--delay", type=float, default=0)
    options = parser.parse_args()
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
            if options.delay:
                time.sleep(options.delay)
            try:
                if self.path != "/v1/traces":
                    raise ValueError(f"unexpected path {self.path}")
                if self.headers.get("Content-Type") != "application/json":
                    raise ValueError("Content-Type is not application/json")
                request = json_format.ParseDict(hex_ids_to_base64(json.loads(body)), ExportTraceServiceRequest())
                lines = [json.dumps(line) for line in span_lines(request, body)]
            except Exception as error:  # noqa: BLE001 - every refusal is a 400 and a line
                lines = [json.dumps({"error": str(error), "body": body})]
                status = 400
            else:
                status = 200
            with lock, open(options.out, "a", encoding="utf-8") as out:
                out.write("".join(line + "\n" for line in lines))
            answer = b"{}"
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    # Ends with whoever started it (a test process that was killed, say).
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    port = server.server_address[1]
    if options.port_file:
        with open(options.port_file + ".tmp", "w", encoding="utf-8") as file:
            file.write(str(port))
        os.replace(options.port_file + ".tmp", options.port_file)
    print(port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
