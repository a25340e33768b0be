#!/usr/bin/env python3
"""Times `threadai capture` as Claude Code's hooks run it (issue 37; docs/PERFORMANCE.md, "Capture").

usage: Benchmarks/capture.py [--threadai BIN] [--messages N] [--turns T] [--runs R] [--scratch DIR] [--json PATH]

A deterministic (seeded) Claude Code transcript of about N messages is written in a scratch folder
outside the project, with the lines Claude Code writes: `file-history-snapshot` and hook `progress`
lines, user prompts, replies split over several lines of one `message.id` (thinking, text,
`tool_use`), user lines of `tool_result` blocks only, `system` lines, each `uuid` chained by
`parentUuid`. Sizes follow the real transcripts of ../shared/real-exports (8.5 KB a message on
average: tool outputs of a few KB). Then, in a fresh `git init` + `threadai init` folder (so that
capture reads the code's anchor as a hook inside a project does):

1. first capture: the whole transcript at once (a hook installed during a long session, or `--all`);
2. one new turn: a turn appended line by line as the agent writes it, then the `Stop` hook's
   capture, T times; medians, p90 and maximum, at N messages and again at 2N and 4N (the cost must
   not grow with the session);
3. nothing new: a second hook of the same turn;
4. the check: after `SessionEnd`, an `import --redact claude-code` of the final transcript into
   another repository gives the same `export json` (PASS/FAIL): a fast capture that stored other
   messages would be worthless.

Peak memory is each capture process's `ru_maxrss` (os.wait4). R runs, each on a new transcript.
"""
import argparse, json, os, random, shutil, statistics, subprocess, sys, tempfile, time

WORDS = ("the build test fails because parser returns value after refactor module function error "
         "check index cache file thread message store commit branch line output result case").split()


class Transcript:
    """Claude Code's lines for one session, written turn by turn."""

    def __init__(self, path, seed):
        self.path, self.random, self.parent, self.count, self.messages = path, random.Random(seed), None, 0, 0
        self.session = "5e551011-%04x-4000-8000-%012x" % (seed, seed)
        open(path, "w").close()

    def text(self, words):
        return " ".join(self.random.choice(WORDS) for _ in range(words))

    def uuid(self):
        self.count += 1
        return "%08x-0000-4000-8000-%012x" % (self.count, self.random.getrandbits(48))

    def line(self, kind, body, sidechain=False, parent=True):
        uuid = self.uuid()
        record = {"parentUuid": self.parent if parent else None, "isSidechain": sidechain, "userType": "external",
                  "cwd": "/home/dev/project", "sessionId": self.session, "version": "2.1.39", "gitBranch": "main",
                  "type": kind, **body, "uuid": uuid, "timestamp": "2026-03-01T10:%02d:%02d.000Z" % (self.count // 60 % 60, self.count % 60)}
        self.parent = uuid
        return json.dumps(record, separators=(",", ":"))

    def turn(self):
        """The lines of one turn: a question, one to three tool calls and their results, an answer."""
        lines = [self.line("user", {"message": {"role": "user", "content": self.text(self.random.randint(8, 60))}})]
        self.messages += 1
        for call in range(self.random.randint(1, 3)):
            reply = "msg_%016x" % self.random.getrandbits(64)
            tool = "toolu_%016x" % self.random.getrandbits(64)
            for block in ({"type": "thinking", "thinking": self.text(self.random.randint(20, 120)), "signature": "x" * 64},
                          {"type": "text", "text": self.text(self.random.randint(5, 40))},
                          {"type": "tool_use", "id": tool, "name": "Bash", "input": {"command": "make test"}}):
                lines.append(self.line("assistant", {"message": {"model": "claude-sonnet-4-5", "id": reply, "type": "message",
                                                                 "role": "assistant", "content": [block]}}))
            lines.append(json.dumps({"parentUuid": self.parent, "type": "progress", "data": {"type": "hook_progress"},
                                     "uuid": self.uuid(), "sessionId": self.session}, separators=(",", ":")))
            output = "\n".join(self.text(12) for _ in range(self.random.randint(20, 400)))
            lines.append(self.line("user", {"message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool, "content": output}]}}))
            self.messages += 2
        reply = "msg_%016x" % self.random.getrandbits(64)
        lines.append(self.line("assistant", {"message": {"model": "claude-sonnet-4-5", "id": reply, "type": "message",
                                                         "role": "assistant", "content": [{"type": "text", "text": self.text(self.random.randint(30, 200))}]}}))
        lines.append(json.dumps({"type": "file-history-snapshot", "messageId": reply, "snapshot": {}}, separators=(",", ":")))
        self.messages += 1
        return lines

    def append(self, lines):
        with open(self.path, "a") as file:
            for line in lines:
                file.write(line + "\n")

    def grow_to(self, messages):
        while self.messages < messages:
            self.append(self.turn())


# A child's ru_maxrss counts the pages of the process that forked it (Linux carries the old memory's
# peak over an exec), and this script grows as it compares exports: GNU time, a small process, forks
# the capture and reports its peak alone. Without it the peak is this script's at least.
TIME = shutil.which("time", path="/usr/bin:/bin")


def capture(threadai, folder, transcript, event="Stop"):
    """One hook call: milliseconds and peak MiB of the capture process."""
    hook = json.dumps({"session_id": "bench", "transcript_path": transcript, "cwd": folder, "hook_event_name": event})
    peak_file = os.path.join(os.path.dirname(transcript), "peak")
    command = ([TIME, "-f", "%M", "-o", peak_file] if TIME else []) + [threadai, "capture"]
    began = time.monotonic()
    child = subprocess.Popen(command, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=dict(os.environ, NO_COLOR="1"))
    child.stdin.write(hook.encode())
    child.stdin.close()
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = (time.monotonic() - began) * 1000
    if status != 0:
        sys.exit(f"capture exited with status {status}: a hook must always exit 0")
    if TIME:
        with open(peak_file) as file:
            return elapsed, int(file.read().split()[-1]) / 1024
    return elapsed, usage.ru_maxrss / 1024


def turns(threadai, folder, transcript, count):
    """`count` turns appended and captured one at a time: (milliseconds, MiB) each."""
    figures = []
    for _ in range(count):
        transcript.append(transcript.turn())
        figures.append(capture(threadai, folder, transcript.path))
    return figures


def summary(figures):
    times = sorted(ms for ms, _ in figures)
    return {"median_ms": statistics.median(times), "p90_ms": times[int(len(times) * 0.9) - 1] if len(times) > 1 else times[0],
            "max_ms": times[-1], "peak_mib": max(mib for _, mib in figures)}


def one_run(threadai, scratch, messages, count, seed):
    folder = os.path.join(scratch, "project")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    subprocess.run(["git", "init", "-q"], cwd=folder, check=True)
    subprocess.run([threadai, "init"], cwd=folder, check=True, capture_output=True)
    transcript = Transcript(os.path.join(scratch, "session.jsonl"), seed)
    transcript.grow_to(messages)
    result = {"messages": transcript.messages, "bytes": os.path.getsize(transcript.path)}
    result["first"] = dict(zip(("ms", "peak_mib"), capture(threadai, folder, transcript.path)))
    for scale in (1, 2, 4):
        if scale > 1:
            transcript.grow_to(messages * scale)
            capture(threadai, folder, transcript.path)  # The turns between, as their hooks would have.
        result[f"turn_at_{scale}x"] = summary(turns(threadai, folder, transcript, count))
    result["nothing_new"] = dict(zip(("ms", "peak_mib"), capture(threadai, folder, transcript.path)))
    capture(threadai, folder, transcript.path, event="SessionEnd")
    other = os.path.join(scratch, "imported")
    shutil.rmtree(other, ignore_errors=True)
    os.makedirs(other)
    subprocess.run([threadai, "init"], cwd=other, check=True, capture_output=True)
    subprocess.run([threadai, "import", "--redact", "claude-code", transcript.path], cwd=other, check=True, capture_output=True)
    exported = [subprocess.run([threadai, "export", "json"], cwd=where, check=True, capture_output=True).stdout for where in (folder, other)]
    result["same_as_import"] = exported[0] == exported[1]
    result["final_messages"] = transcript.messages
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--threadai", default=os.path.join(root, ".build", "release", "threadai"))
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scratch", default=None, help="a folder outside the project (default: a temporary one)")
    parser.add_argument("--json", help="write the figures there")
    args = parser.parse_args()
    scratch = args.scratch or tempfile.mkdtemp(prefix="threadai-capture-")
    runs = [one_run(os.path.abspath(args.threadai), scratch, args.messages, args.turns, seed) for seed in range(1, args.runs + 1)]
    first = runs[0]
    print(f"\nA session of {first['messages']:,} messages ({first['bytes'] / 2**20:.1f} MiB), {args.runs} runs "
          f"(medians across runs; peaks the highest)\n")
    print("| capture | median | p90 | max | peak | target |")
    print("|---|---|---|---|---|---|")
    ms = statistics.median(r["first"]["ms"] for r in runs)
    print(f"| first capture, the whole session | {ms:,.0f} ms | | | {max(r['first']['peak_mib'] for r in runs):.0f} MiB | ≤ 1 s |")
    for scale in (1, 2, 4):
        key = f"turn_at_{scale}x"
        row = {k: statistics.median(r[key][k] for r in runs) for k in ("median_ms", "p90_ms", "max_ms")}
        print(f"| one new turn, session of {scale * first['messages']:,}+ messages | {row['median_ms']:.0f} ms | {row['p90_ms']:.0f} ms | "
              f"{row['max_ms']:.0f} ms | {max(r[key]['peak_mib'] for r in runs):.0f} MiB | ≤ 50 ms median |")
    ms = statistics.median(r["nothing_new"]["ms"] for r in runs)
    print(f"| nothing new (another hook of the same turn) | {ms:.0f} ms | | | {max(r['nothing_new']['peak_mib'] for r in runs):.0f} MiB | |")
    same = all(r["same_as_import"] for r in runs)
    print(f"\ncaptured = import of the final transcript ({runs[0]['final_messages']:,} messages), every run: {'PASS' if same else 'FAIL'}")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(runs, file, indent=1)
    if not args.scratch:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
