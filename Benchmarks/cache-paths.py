#!/usr/bin/env python3
"""Times ThreadAI's read paths against git's, pair by pair, on converted benchmark corpora.

usage: Benchmarks/cache-paths.py THREADAI CORPORA GITDIR [RUNS]
  THREADAI  the threadai binary (a release build)
  CORPORA   a folder with medium/.threadai and large/.threadai (the corpora converted to ThreadAI)
  GITDIR    a folder with medium.git and large.git (to_git.py of the same corpora)
Each row: a warm-up, then RUNS runs of threadai and of git alternately; medians, the ratio, and the
peak resident memory of threadai (ru_maxrss of the child). Written for docs/PERFORMANCE.md.
"""
import json, os, statistics, subprocess, sys, time

def run(command):
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return (time.perf_counter() - start) * 1000, usage.ru_maxrss / 1024

def pair(ours, theirs, runs):
    run(ours), run(theirs)
    results = [(run(ours), run(theirs)) for _ in range(runs)]
    ms = statistics.median(a[0] for a, _ in results)
    git = statistics.median(b[0] for _, b in results)
    return ms, max(a[1] for a, _ in results), git

def main():
    threadai, corpora, gitdir = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    os.environ["THREADAI_NO_ANCHORS"] = "1"
    for corpus in ["medium", "large"]:
        repo, git = f"{corpora}/{corpus}", f"{gitdir}/{corpus}.git"
        threads = json.loads(subprocess.check_output([threadai, "--repo", repo, "threads", "--json"]))
        longest = max(threads, key=lambda t: t["messageCount"])["name"]
        rows = [
            ("log --oneline (longest)", ["log", "--oneline", longest], ["log", "--oneline", longest]),
            ("log (longest)", ["log", longest], ["log", "--format=%B", longest]),
            ("threads", ["threads"], ["for-each-ref", "refs/heads"]),
            ("status", ["status"], ["rev-parse", "HEAD"]),
            ("show", ["show", longest], ["show", longest]),
            ("context (longest)", ["context", longest], ["log", "--format=%B", longest]),
            ("log --graph --all", ["log", "--graph", "--all"], ["log", "--oneline", "--all", "--graph"]),
        ]
        for name, ours, theirs in rows:
            ms, mib, git_ms = pair([threadai, "--repo", repo] + ours, ["git", "-C", git] + theirs, runs)
            print(f"| {corpus} | `{name}` | {ms:.0f} ms | {git_ms:.0f} ms | {ms / git_ms:.2f}× | {mib:.0f} MiB |", flush=True)

if __name__ == "__main__":
    main()
