#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 for the end-to-end provider tests.

Usage: stub_server.py SCENARIO.json JOURNAL.jsonl

Prints the port it listens on, then answers one request per scripted response, in order,
and exits when the script is used up or its deadline passes (so it never outlives a test).
Each request is appended to the journal as one JSON line: method, path, headers, body.

A response is {"status", "headers", "chunks", "end"}: the body is sent with chunked transfer
encoding, one HTTP chunk per item of "chunks"; "end" is "clean" (the terminating chunk),
"drop" (the connection is closed mid-body) or "stall" (silence for "stall_seconds", then close).
"delay_seconds" holds the response that long before its head, as a model that thinks does.
With "tls_cert" and "tls_key" (PEM files) in the scenario, the server speaks https.
"""
import json
import socket
import ssl
import sys
import time

REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests",
           500: "Internal Server Error", 503: "Service Unavailable", 529: "Overloaded"}


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        piece = connection.recv(65536)
        if not piece:
            return None
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        piece = connection.recv(65536)
        if not piece:
            break
        body += piece
    return {"method": method, "path": path, "headers": headers, "body": body.decode("utf-8", "replace")}


def respond(connection, response):
    time.sleep(response.get("delay_seconds", 0))
    status = response.get("status", 200)
    head = "HTTP/1.1 %d %s\r\n" % (status, REASONS.get(status, "Status"))
    for name, value in response.get("headers", {}).items():
        head += "%s: %s\r\n" % (name, value)
    head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    connection.sendall(head.encode("latin-1"))
    for chunk in response.get("chunks", []):
        data = chunk.encode("utf-8")
        connection.sendall(b"%x\r\n" % len(data) + data + b"\r\n")
    end = response.get("end", "clean")
    if end == "clean":
        connection.sendall(b"0\r\n\r\n")
    elif end == "stall":
        time.sleep(response.get("stall_seconds", 5))


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        scenario = json.load(file)
    responses = scenario["responses"]
    deadline = time.monotonic() + scenario.get("deadline_seconds", 60)
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    if scenario.get("tls_cert"):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(scenario["tls_cert"], scenario["tls_key"])
        server = context.wrap_socket(server, server_side=True)
    print(server.getsockname()[1], flush=True)
    served = 0
    while served < len(responses) and time.monotonic() < deadline:
        server.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            connection, _ = server.accept()
        except socket.timeout:
            break
        except ssl.SSLError:
            continue
        with connection:
            connection.settimeout(10)
            request = read_request(connection)
            if request is None:
                continue
            with open(sys.argv[2], "a", encoding="utf-8") as journal:
                journal.write(json.dumps(request) + "\n")
            respond(connection, responses[served])
            served += 1
    server.close()


if __name__ == "__main__":
    main()
