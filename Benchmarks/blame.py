"""`threadai blame` beside `git blame` (issue 39): a 1,000-line file whose history has 40 commits, half
of them made from an agent's edits captured in a Claude Code session, in a copy of the developer year
(a million messages, Benchmarks/year.py). The copy links the year's packs and objects (never changed)
and copies the rest, so the year's own tables are untouched."""

import json
import os
import random
import shutil
import subprocess

LINES = 1000
COMMITS = 40


def code_line(rng, number):
    words = ["value", "count", "total", "index", "buffer", "result", "limit", "offset", "cache", "retry"]
    a, b = rng.choice(words), rng.choice(words)
    return f"    {a}_{number} = compute_{b}({a}, {number}, {rng.randint(0, 10**6)})"


class Blame:
    def __init__(self, year, threadai, env, run, check, log):
        self.year, self.threadai, self.env, self.run, self.check, self.log = year, threadai, env, run, check, log
        self.folder = os.path.join(year.folder, "blame")

    def prepare(self):
        """The copy, its git history of `src/module.py`, and the session whose edits made half of it."""
        marker = os.path.join(self.folder, "ready")
        if os.path.exists(marker):
            return
        shutil.rmtree(self.folder, ignore_errors=True)
        source = os.path.join(self.year.packed, ".threadai")
        target = os.path.join(self.folder, ".threadai")
        self.log("copying the developer year (packs and objects linked)")
        shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns("packs", "objects", "cache"))
        for linked in ("packs", "objects"):
            self.check(["cp", "-al", os.path.join(source, linked), os.path.join(target, linked)])
        for command in (["git", "init", "-q"], ["git", "config", "user.email", "bench@example.com"],
                        ["git", "config", "user.name", "bench"]):
            self.check(command, cwd=self.folder)
        with open(os.path.join(self.folder, ".git", "info", "exclude"), "a") as file:
            file.write("/.threadai/\n")
        rng = random.Random(39)
        lines = [code_line(rng, n) for n in range(LINES)]
        os.makedirs(os.path.join(self.folder, "src"))
        path = os.path.join(self.folder, "src", "module.py")
        session = []
        parent = None
        for commit in range(COMMITS):
            if commit > 0:  # 25 lines rewritten each time, at a place of their own.
                start = rng.randrange(0, LINES - 25)
                new = [code_line(rng, n) for n in range(start, start + 25)]
                old = lines[start:start + 25]
                lines[start:start + 25] = new
            else:
                old, new = [], lines
            with open(path, "w") as file:
                file.write("\n".join(lines) + "\n")
            if commit % 2 == 0:  # An agent's edit, captured.
                stamp = f"2026-10-{1 + commit // 2:02d}T10:00:00.000Z"
                ask, edit = f"q{commit}", f"a{commit}"
                session.append({"type": "user", "uuid": ask, "parentUuid": parent, "timestamp": stamp,
                                "message": {"role": "user", "content": f"Rewrite block {commit}"}})
                tool = ({"name": "Write", "input": {"file_path": "/home/dev/bench/src/module.py", "content": "\n".join(new) + "\n"}}
                        if not old else {"name": "Edit", "input": {"file_path": "/home/dev/bench/src/module.py",
                                                                   "old_string": "\n".join(old), "new_string": "\n".join(new)}})
                session.append({"type": "assistant", "uuid": edit, "parentUuid": ask, "timestamp": stamp,
                                "message": {"id": f"msg_{commit}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                                            "content": [dict(type="tool_use", id=f"toolu_{commit}", **tool)]}})
                parent = edit
            self.check(["git", "add", "src"], cwd=self.folder)
            self.check(["git", "commit", "-q", "-m", f"change {commit}"], cwd=self.folder,
                       env=dict(self.env, GIT_COMMITTER_DATE=f"2026-11-{1 + commit // 2:02d}T12:00:00Z",
                                GIT_AUTHOR_DATE=f"2026-11-{1 + commit // 2:02d}T12:00:00Z"))
        transcript = os.path.join(self.folder, "session.jsonl")
        with open(transcript, "w") as file:
            for line in session:
                line.update({"sessionId": "39393939-0000-4000-8000-000000000039", "cwd": "/home/dev/bench", "isSidechain": False,
                             "userType": "external", "version": "2.1.39", "gitBranch": "main"})
                file.write(json.dumps(line) + "\n")
        self.check([self.threadai, "--repo", target, "import", "claude-code", transcript], env=self.env)
        open(marker, "w").close()

    def report(self, runs):
        repo = os.path.join(self.folder, ".threadai")
        ours = [self.threadai, "--repo", repo, "blame", "src/module.py"]
        theirs = ["git", "blame", "-w", "-M", "src/module.py"]
        self.check([self.threadai, "--repo", repo, "cache", "clear"], env=self.env)
        first = self.run(ours, self.env, cwd=self.folder)
        print(f"\n`threadai blame` of a {LINES:,}-line file ({COMMITS} commits, {COMMITS // 2} of them an agent's captured "
              f"edits) beside a million messages: the first, which builds `cache/written`, {first[0]:,.0f} ms, "
              f"{first[1]:.0f} MiB\n")
        print(f"medians of {runs} pairs after a warm-up, alternately\n")
        print("| work | threadai | git | threadai / git | threadai peak | git peak | target |")
        print("|---|---|---|---|---|---|---|")
        self.run(ours, self.env, cwd=self.folder), self.run(theirs, self.env, cwd=self.folder)
        results = [(self.run(ours, self.env, cwd=self.folder), self.run(theirs, self.env, cwd=self.folder)) for _ in range(runs)]
        ms = sorted(a[0] for a, _ in results)[runs // 2]
        git_ms = sorted(b[0] for _, b in results)[runs // 2]
        mib, git_mib = max(a[1] for a, _ in results), max(b[1] for _, b in results)
        print(f"| `blame src/module.py` vs `git blame -w -M` | {ms:,.0f} ms | {git_ms:,.0f} ms | {ms / git_ms:.2f}× | "
              f"{mib:.0f} MiB | {git_mib:.0f} MiB | ≤ 2× |", flush=True)
        named = self.check(ours, env=self.env, cwd=self.folder).count(" tool ")
        print(f"\n{named:,} of {LINES:,} lines named an agent's edit.")
