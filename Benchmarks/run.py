#!/usr/bin/env python3
"""ThreadAI's benchmark: the same conversations as a .threadai repository and as a git repository,
every row of docs/PERFORMANCE.md measured side by side in one run.

usage: Benchmarks/run.py [--threadai BINARY] [--scratch DIR] [--bench DIR] [--seed N] [--runs N]
                         [--corpora medium,large,deep] [--rows WORDS] [--reimport] [--year] [--blame]

1. Builds the release binary with scripts/release, as README.md installs it and CI tests it,
   unless --threadai names one.
2. Generates the corpora with the shared generator (--bench, default $THREADAI_BENCH or ../shared/bench
   beside the project: gen_corpus.py --preset P --seed N, to_git.py in the body and files layouts) into
   the scratch folder (--scratch, default $THREADAI_BENCH_SCRATCH or /tmp/threadai-bench; never inside
   the project), once: what is there is reused.
3. Converts each corpus to a threadai-json export and to a ChatGPT conversations.json
   (corpus_export.py) and imports both with `threadai import`, timed: the import table (time, peak
   memory). The threadai-json import is the repository every row reads; one already imported is
   reused and its recorded figures printed, unless --reimport.
4. Prints every row as a Markdown table: threadai's median, git's median, their ratio, threadai's
   peak resident memory (ru_maxrss), the target. Each row runs a warm-up pair, then --runs pairs
   (default 5), threadai and git alternately, so both see the same load. --rows start-up,diff,fork
   measures only the rows whose label contains one of the words (the `send` rows are "send").
With --year it measures instead what a developer-year of conversations (a million messages) costs
the code repository that holds them, packed and loose, side by side (Benchmarks/year.py). With
--blame it measures `threadai blame` beside `git blame` of a 1,000-line file in a copy of that year
(Benchmarks/blame.py).

5. Measures `send` with the offline model at the head of a 10-message and a 10,001-message thread in
   the small and the large repository (each with the deep corpus's 10,001-message thread imported
   beside it under `deep/`), on forks made for the run and deleted after it.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

WORD = "zeppelin"  # in about 6 % of the generated messages (../shared/bench/README.md)


def log(text):
    print(text, file=sys.stderr, flush=True)


def run(command, env=None, cwd=None):
    """Runs `command` with its output discarded: (milliseconds, peak resident MiB, exit status,
    milliseconds of CPU, user and system)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return (time.perf_counter() - start) * 1000, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), cpu


def check(command, **options):
    return subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True, **options).stdout


def convert(corpus, output, *options):
    """corpus_export.py (OPTIONS: `--chatgpt`, or a thread prefix) in a process of its own: a child's
    peak memory (ru_maxrss) counts the pages it shared with this process before its exec, so this
    process must stay small."""
    chatgpt = [o for o in options if o == "--chatgpt"]
    prefix = [o for o in options if o != "--chatgpt"]
    check([sys.executable, os.path.join(HERE, "corpus_export.py")] + chatgpt + [corpus, output + ".part"] + prefix)
    os.rename(output + ".part", output)


class Corpus:
    """One preset's files in the scratch folder, made when missing."""

    def __init__(self, preset, folder, bench, threadai, env):
        self.preset, self.bench, self.threadai, self.env = preset, bench, threadai, env
        self.jsonl = os.path.join(folder, preset + ".jsonl")
        self.git = os.path.join(folder, preset + ".git")
        self.files_git = os.path.join(folder, preset + "-files.git")
        self.export = os.path.join(folder, preset + ".json")
        self.chatgpt = os.path.join(folder, preset + ".chatgpt.json")
        self.repo = os.path.join(folder, preset)
        self.seed = os.path.basename(folder).removeprefix("seed-")

    def generate(self):
        if not os.path.exists(self.jsonl):
            log(f"generating {self.jsonl}")
            check([sys.executable, os.path.join(self.bench, "gen_corpus.py"), "--preset", self.preset,
                   "--seed", self.seed, "-o", self.jsonl + ".part"])
            os.rename(self.jsonl + ".part", self.jsonl)
        for layout, path in [("body", self.git), ("files", self.files_git)]:
            if not os.path.exists(path):
                log(f"converting to git ({layout} layout): {path}")
                check([sys.executable, os.path.join(self.bench, "to_git.py"), "--layout", layout, self.jsonl, path])
        for path, options in [(self.export, []), (self.chatgpt, ["--chatgpt"])]:
            if not os.path.exists(path):
                convert(self.jsonl, path, *options)
        info = check([sys.executable, os.path.join(self.bench, "corpus_info.py"), self.jsonl])
        self.info = dict(line.split("=", 1) for line in info.splitlines() if "=" in line)

    def imported(self, again):
        """Imports the corpus (timed) in both formats when not done yet or when `again`: the figures."""
        figures = {}
        for form, export, repo in [("threadai-json", self.export, self.repo), ("chatgpt", self.chatgpt, self.repo + "-chatgpt")]:
            record = repo + ".import.json"
            if again or not os.path.exists(record):
                shutil.rmtree(repo, ignore_errors=True)
                os.makedirs(repo)
                check([self.threadai, "init"], cwd=repo, env=self.env, stderr=subprocess.DEVNULL)
                log(f"importing {export}")
                ms, mib, status, _ = run([self.threadai, "--repo", repo, "import", form, export], self.env)
                if status != 0:
                    sys.exit(f"threadai import failed on {export} (exit {status})")
                with open(record, "w") as file:
                    json.dump({"ms": ms, "mib": mib, "at": time.strftime("%H:%M UTC", time.gmtime())}, file)
            with open(record) as file:
                figures[form] = json.load(file)
        # The rows read the longest thread's state too (`status`), as a user in it would.
        check([self.threadai, "--repo", self.repo, "checkout", self.info["LONGEST"]], env=self.env, stderr=subprocess.DEVNULL)
        return figures


class Table:
    def __init__(self, threadai, env, runs, rows):
        self.threadai, self.env, self.runs, self.rows = threadai, env, runs, rows
        print("| corpus | work | threadai | git | ratio | threadai peak | target |")
        print("|---|---|---|---|---|---|---|", flush=True)

    def wanted(self, work):
        return not self.rows or any(word in work for word in self.rows)

    def pair(self, corpus, work, ours, theirs, target, repo=None, git=None):
        if not self.wanted(work):
            return
        ours = [self.threadai] + (["--repo", repo] if repo else []) + ours
        theirs = ["git"] + (["-C", git] if git else []) + theirs
        run(ours, self.env), run(theirs)  # warm-up: caches built, files in the page cache
        results = [(run(ours, self.env), run(theirs)) for _ in range(self.runs)]
        failed = [r for r, _ in results if r[2] not in (0, 1)]
        ms = statistics.median(a[0] for a, _ in results)
        git_ms = statistics.median(b[0] for _, b in results)
        mib = max(a[1] for a, _ in results)
        note = f" (exit {failed[0][2]})" if failed else ""
        print(f"| {corpus} | {work} | {ms:,.0f} ms{note} | {git_ms:,.0f} ms | {ms / git_ms:.2f}× | {mib:.0f} MiB | {target} |", flush=True)

    def alone(self, corpus, work, command, note):
        run([self.threadai] + command, self.env)  # warm-up
        samples = [run([self.threadai] + command, self.env) for _ in range(self.runs)]
        ms = statistics.median(s[0] for s in samples)
        mib = max(s[1] for s in samples)
        # The offline model paces its reply as a stream would (up to 200 ms, longer for a longer
        # reply): the CPU time is what the command itself costs.
        cpu = statistics.median(s[3] for s in samples)
        print(f"| {corpus} | {work} | {ms:,.0f} ms ({cpu:,.0f} ms CPU) | | | {mib:.0f} MiB | {note} |", flush=True)
        return ms


def read_rows(table, corpus, has_grep):
    name, repo, git, info = corpus.preset, corpus.repo, corpus.git, corpus.info
    longest, a, b = info["LONGEST"], info["FORK_A"], info["FORK_B"]
    length = info["LONGEST_LEN"]
    one_thread = "≤ 0.5×" if name == "deep" else "≤ 1×"
    rows = [
        (f"`log --oneline` of the longest thread ({length} msgs) vs `git log --oneline`",
         ["log", "--oneline", longest], ["log", "--oneline", longest], one_thread, git),
        ("`log` with bodies vs `git log --format=%B`", ["log", longest], ["log", "--format=%B", longest], one_thread, git),
        ("labelled: `log --oneline --decorate` vs `git log --oneline --decorate` (every ref read)",
         ["log", "--oneline", "--decorate", longest], ["log", "--oneline", "--decorate", longest], "≤ 1×", git),
        ("`log --graph --all` vs `git log --oneline --all --graph`",
         ["log", "--graph", "--all"], ["log", "--oneline", "--all", "--graph"], "≤ 0.5×", git),
        ("`threads` vs `git for-each-ref refs/heads`", ["threads"], ["for-each-ref", "refs/heads"], "≤ 1×", git),
        (f"`diff` of sibling forks ({a}, {b}) vs `git diff` (files layout)", ["diff", a, b], ["diff", a, b], "≤ 1×",
         corpus.files_git),
        ("fork point (`diff --stat`) vs `git merge-base`", ["diff", "--stat", a, b], ["merge-base", a, b], "≤ 1×", git),
        ("`context` of the longest thread vs `git log --format=%B`", ["context", longest], ["log", "--format=%B", longest],
         "≤ 1×", git),
        ("`fsck` vs `git fsck`", ["fsck"], ["fsck"], "≤ 1×", git),
        ("`status` vs `git rev-parse HEAD`", ["status"], ["rev-parse", "HEAD"], "what it shows", git),
        ("`show` of the longest thread's head vs `git show`", ["show", longest], ["show", longest], "what it shows", git),
    ]
    if has_grep:
        rows.append((f"`grep {WORD}` (every thread) vs `git log --all --grep={WORD}`", ["grep", WORD],
                     ["log", "--all", f"--grep={WORD}", "--oneline"], "≤ 0.1×", git))
    for work, ours, theirs, target, git_dir in rows:
        table.pair(name, work, ours, theirs, target, repo=repo, git=git_dir)


def send_rows(table, corpus, deep):
    """`send` at the head of a 10-message and a 10,001-message thread, on forks made for the run."""
    if not table.wanted("send"):
        return {}
    repo = corpus.repo + "-send"
    record = repo + ".ready"
    if not os.path.exists(record):
        shutil.rmtree(repo, ignore_errors=True)
        os.makedirs(repo)
        ai = [table.threadai, "--repo", repo]
        check([table.threadai, "init"], cwd=repo, env=table.env, stderr=subprocess.DEVNULL)
        prefixed = deep.export.replace(".json", ".prefixed.json")
        if not os.path.exists(prefixed):
            convert(deep.jsonl, prefixed, "deep/")
        for export in (corpus.export, prefixed):
            log(f"importing {export} into {repo}")
            check(ai + ["import", "threadai-json", export], env=table.env, stderr=subprocess.DEVNULL)
        open(record, "w").close()
    ai = ["--repo", repo]
    longest, length = corpus.info["LONGEST"], int(corpus.info["LONGEST_LEN"])
    figures = {}
    for depth, start in [(10, f"{longest}~{length - 10}"), (10001, "deep/" + deep.info["LONGEST"])]:
        fork = f"bench/send-{depth}-{os.getpid()}"
        check([table.threadai] + ai + ["checkout", "-b", fork, start], env=table.env, stderr=subprocess.DEVNULL)
        figures[depth] = table.alone(corpus.preset, f"`send` (offline model) at the head of a {depth:,}-message thread",
                                     ai + ["send", "--provider", "offline", "--no-stream", "What next?"],
                                     "flat in depth and size")
        check([table.threadai] + ai + ["checkout", longest], env=table.env, stderr=subprocess.DEVNULL)
        check([table.threadai] + ai + ["threads", "delete", "--force", fork], env=table.env, stderr=subprocess.DEVNULL)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threadai", help="a threadai binary (default: build the release binary)")
    parser.add_argument("--scratch", default=os.environ.get("THREADAI_BENCH_SCRATCH", "/tmp/threadai-bench"))
    parser.add_argument("--bench", default=os.environ.get("THREADAI_BENCH", os.path.join(ROOT, "..", "shared", "bench")))
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpora", default="medium,large,deep")
    parser.add_argument("--rows", default="", help="only the rows whose label contains one of these comma-separated words")
    parser.add_argument("--reimport", action="store_true", help="import every corpus again (timed)")
    parser.add_argument("--year", action="store_true", help="the developer-year table (Benchmarks/year.py) alone")
    parser.add_argument("--blame", action="store_true", help="blame beside git blame in the developer year (Benchmarks/blame.py) alone")
    options = parser.parse_args()
    scratch = os.path.realpath(options.scratch)
    if scratch == ROOT or scratch.startswith(ROOT + os.sep):
        sys.exit("the scratch folder must be outside the project: corpora are never committed")
    if not os.path.exists(os.path.join(options.bench, "gen_corpus.py")):
        sys.exit(f"no gen_corpus.py in {options.bench}: name the shared bench folder with --bench or THREADAI_BENCH")
    threadai = options.threadai
    if not threadai:
        log("building the release binary")
        # The executable users get: the script prints its path last.
        built = subprocess.run([os.path.join(ROOT, "scripts", "release")], cwd=ROOT, check=True,
                               stdout=subprocess.PIPE, text=True)
        threadai = built.stdout.strip().splitlines()[-1]
    threadai = os.path.abspath(threadai)
    folder = os.path.join(scratch, f"seed-{options.seed}")
    os.makedirs(folder, exist_ok=True)
    home = os.path.join(scratch, "home")
    os.makedirs(home, exist_ok=True)
    # No user configuration, no keys (send uses the offline model), no git anchors in the measurement.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "THREADAI_NO_ANCHORS": "1", "LC_ALL": "C.UTF-8"}
    if options.year or options.blame:
        sys.path.insert(0, HERE)
        from year import Year
        year = Year(scratch, options.bench, threadai, env, run, check, log)
        year.prepare(lambda corpus, output: convert(corpus, output))
    if options.blame:
        from blame import Blame
        blame = Blame(year, threadai, env, run, check, log)
        blame.prepare()
        blame.report(options.runs)
        return
    if options.year:
        load = os.getloadavg()
        print(f"threadai {check([threadai, '--version'], env=env).strip()}, {os.cpu_count()} cores, "
              f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start")
        year.report(options.runs)
        load = os.getloadavg()
        print(f"\nload {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the end")
        return
    presets = options.corpora.split(",")
    corpora = {p: Corpus(p, folder, options.bench, threadai, env) for p in sorted(set(presets + ["small", "deep"]))}
    for corpus in corpora.values():
        corpus.generate()
    imports = {p: c.imported(options.reimport) for p, c in corpora.items()}
    has_grep = run([threadai, "grep", "--help"], env)[2] == 0
    load = os.getloadavg()
    print(f"threadai {check([threadai, '--version'], env=env).strip()}, seed {options.seed}, medians of {options.runs} "
          f"pairs after a warm-up, {os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start\n")
    print("| corpus | messages | `import threadai-json` | peak | `import chatgpt` | peak | measured |")
    print("|---|---|---|---|---|---|---|")
    for preset, figures in imports.items():
        ours, chatgpt = figures["threadai-json"], figures["chatgpt"]
        print(f"| {preset} | {int(corpora[preset].info['MESSAGES']):,} | {ours['ms'] / 1000:.1f} s | {ours['mib']:.0f} MiB | "
              f"{chatgpt['ms'] / 1000:.1f} s | {chatgpt['mib']:.0f} MiB | {ours['at']}, {chatgpt['at']} |")
    print(flush=True)
    table = Table(threadai, env, options.runs, [word for word in options.rows.split(",") if word])
    table.pair("—", "start-up (`--version` vs `git --version`)", ["--version"], ["--version"], "≤ 5×")
    for preset in presets:
        read_rows(table, corpora[preset], has_grep)
    for preset in ("small", "large"):
        if preset in corpora:
            send_rows(table, corpora[preset], corpora["deep"])
    if not has_grep:
        print(f"\n(no `grep` command in this binary: the search row is left out)")
    load = os.getloadavg()
    print(f"\nload {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the end")


if __name__ == "__main__":
    main()
