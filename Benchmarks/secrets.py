#!/usr/bin/env python3
"""Runs the secret scanner over real conversations and lists every finding, to count false positives.

usage: Benchmarks/secrets.py [THREADAI] [EXPORTS]
       (defaults: .build/debug/threadai and ../shared/real-exports)

Each file of EXPORTS (Claude Code transcripts `*.jsonl`, subagents' too, and ChatGPT exports `*.json`)
is imported with --allow-secrets into a fresh repository in a temporary folder, as stored text is what
capture and `import --redact` scan; then `threadai scan` lists the findings and `show --json` gives
each one's message, from which a short context is printed with the credential masked (its first 4
characters, then `…`): enough to judge a finding by hand, not to copy a key. The files themselves are
only read, never copied (../shared/real-exports/README.md). At the end: files, bytes of stored text,
findings per pattern and the time of `threadai scan` over all of them. docs/CLI.md ("Secrets") holds
the table of the last review.
"""
import collections, json, os, re, subprocess, sys, tempfile, time

FINDING = re.compile(r"^(\S+) (.+) (\w+): .* \(([a-z0-9-]+)\) at line (\d+), column (\d+)$")


def exports(root):
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith(".jsonl"):
                yield "claude-code", os.path.join(folder, name)
            elif name.endswith(".json"):
                yield "chatgpt", os.path.join(folder, name)


def masked(text, line, column):
    """30 characters before the finding, its first 4, and the rest of its line cut at 20 after."""
    row = text.split("\n")[line - 1]
    start = column - 1
    end = start
    while end < len(row) and not row[end].isspace() and row[end] not in "\"'":
        end += 1
    before = row[max(0, start - 30):start]
    after = row[end:end + 20]
    return (before + row[start:start + 4] + "…" + after).replace("\t", " ")


def main():
    threadai = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/threadai")
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.getcwd()), "shared", "real-exports")
    env = dict(os.environ, NO_COLOR="1", THREADAI_CHAT_HISTORY="0")
    per_kind = collections.Counter()
    files = stored = 0
    scan_seconds = 0.0
    for kind, path in exports(root):
        # An import that makes a gc due starts one in the background (docs/CLI.md `gc --auto`): it may
        # still be writing when the folder goes.
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as scratch:
            run = lambda *args: subprocess.run([threadai, "--repo", scratch + "/.threadai", *args], env=env,
                                               capture_output=True, text=True)
            subprocess.run([threadai, "init"], cwd=scratch, env=env, capture_output=True, check=True)
            imported = run("import", "--allow-secrets", kind, path)
            if imported.returncode != 0:
                print(f"{os.path.relpath(path, root)}: import failed: {imported.stderr.strip()[:200]}")
                continue
            files += 1
            exported = json.loads(run("export", "json").stdout or "{}")
            stored += sum(len(m.get("object", "").encode()) for m in exported.get("messages", []))
            began = time.monotonic()
            scanned = run("scan")
            scan_seconds += time.monotonic() - began
            for row in scanned.stdout.splitlines():
                found = FINDING.match(row)
                if not found:
                    continue
                object_id, _, role, pattern, line, column = found.groups()
                per_kind[pattern] += 1
                content = json.loads(run("show", "--json", object_id).stdout)["content"]
                print(f"{pattern:22} {os.path.basename(path)[:28]:28} {role:9} {masked(content, int(line), int(column))}")
    print(f"\nfiles: {files}, stored objects: {stored} bytes, scan: {scan_seconds:.2f} s")
    for pattern, count in sorted(per_kind.items()):
        print(f"  {pattern}: {count}")


if __name__ == "__main__":
    main()
