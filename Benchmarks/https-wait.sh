#!/usr/bin/env bash
# CPU spent while waiting for a model over https: a local TLS server (a self-signed certificate
# made here, trusted through SSL_CERT_FILE) holds its answer for HOLD seconds, then streams it.
# Prints wall, user and sys seconds and CPU share of wall for `threadai send` over libcurl, the https
# transport on Linux (builds since the start-up change hold no URLSession transport; the URLSession
# figures of docs/PROVIDERS.md were measured before).
#
#   Benchmarks/https-wait.sh [HOLD_SECONDS]        (default 3; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
hold="${1:-3}"
swift build -c release --product threadai >/dev/null
binary="$PWD/.build/release/threadai"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 1 \
    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost 2>/dev/null
chunks="$(python3 -c 'import json,sys; t=open(sys.argv[1]).read(); print(json.dumps([c+"\n\n" for c in t.split("\n\n") if c]))' \
    Fixtures/streams/openai-hello.sse)"
(cd "$work" && "$binary" init >/dev/null)
printf '%-12s %8s %8s %8s %8s\n' transport wall user sys cpu%
for transport in curl; do
    cat >"$work/scenario.json" <<JSON
{"responses": [{"status": 200, "headers": {"Content-Type": "text/event-stream"}, "chunks": $chunks,
  "end": "clean", "delay_seconds": $hold}], "deadline_seconds": 60,
 "tls_cert": "$work/cert.pem", "tls_key": "$work/key.pem"}
JSON
    rm -f "$work/port"
    python3 Fixtures/provider-e2e/stub_server.py "$work/scenario.json" "$work/journal.jsonl" >"$work/port" &
    server=$!
    until [ -s "$work/port" ]; do sleep 0.05; done
    read -r port <"$work/port"
    /usr/bin/time -f "%e %U %S" -o "$work/time" env -C "$work" SSL_CERT_FILE="$work/cert.pem" \
        OPENAI_API_KEY=sk-benchmark-not-a-key \
        OPENAI_BASE_URL="https://127.0.0.1:$port/v1" "$binary" send --provider openai "Hi" >/dev/null 2>"$work/stderr" \
        || { echo "$transport: the send failed:"; tail -n 2 "$work/stderr"; wait "$server" 2>/dev/null || true; continue; }
    wait "$server" 2>/dev/null || true
    read -r wall user sys <"$work/time"
    printf '%-12s %8s %8s %8s %7.1f%%\n' "$transport" "$wall" "$user" "$sys" \
        "$(python3 -c "print(100*($user+$sys)/$wall)")"
done
