"""The developer-year benchmark (issue 36): what a million messages cost the code repository that
holds them, packed (`threadai gc`) and loose (one file per message), side by side in one run.

Run by `Benchmarks/run.py --year`. In the scratch folder (never inside the project), once:
1. the corpus (`gen_corpus.py --conversations 4600 --turns 100 --fork-prob 0.02 --seed 11`) and its
   threadai-json export;
2. `packed/`: a git repository in which `threadai init` and `import threadai-json` (timed) made
   `.threadai/`, then `threadai gc` (timed: the rewrite of the import's packs);
3. `loose/`: the same `.threadai/` with every object as its own file, written from the packs by
   this script from docs/FORMAT.md §15.1 alone (a stranger's reader), and no `packs/`;
4. in each, `git add .threadai` and `git commit` (timed), as a user commits.
Then the table: disk and files, `git status` and ThreadAI's commands, packed against loose, pairs
alternating after a warm-up; and whether every command prints the same bytes in both layouts.
"""
import hashlib, json, os, shlex, shutil, subprocess, sys

GENERATOR = ["--conversations", "4600", "--turns", "100", "--fork-prob", "0.02", "--seed", "11"]


def pack_entries(path):
    """(id, bytes) of every object of the pack at `path` (FORMAT §15.1), checked as a reader must."""
    with open(path, "rb") as file:
        data = file.read()
    header = b"threadai-pack 1\n"
    if not data.startswith(header):
        sys.exit(f"{path}: not a pack")
    position, count, previous = len(header), 0, b""
    while not data.startswith(b"end ", position):
        end = data.index(b"\n", position)
        ident, length = data[position:end].split(b" ")
        start = end + 1
        body = data[start:start + int(length)]
        if ident <= previous or hashlib.sha256(body).hexdigest().encode() != ident or data[start + int(length)] != 0x0A:
            sys.exit(f"{path}: damaged entry {ident!r}")
        yield ident.decode(), body
        previous, count, position = ident, count + 1, start + int(length) + 1
    if data[position:] != b"end %d\n" % count:
        sys.exit(f"{path}: bad end line")


def unpack(threadai_dir, target):
    """`target`: `threadai_dir` without packs or caches, each object a loose file (FORMAT §3)."""
    shutil.copytree(threadai_dir, target, ignore=shutil.ignore_patterns("packs", "cache", "*.lock", "logs"))
    os.remove(os.path.join(target, "format"))
    # Packed refs (FORMAT §5.7) back to one file per thread: each name's ids, in file order.
    packed_refs = os.path.join(target, "refs", "threads", ".packed")
    if os.path.exists(packed_refs):
        with open(packed_refs, "rb") as file:
            for line in file.read().splitlines():
                ident, name = line.split(b" ", 1)
                path = os.path.join(target, "refs", "threads", name.decode())
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "ab") as ref:
                    ref.write(ident + b"\n")
        os.remove(packed_refs)
    packs = os.path.join(threadai_dir, "packs")
    for name in sorted(os.listdir(packs)):
        if name.endswith(".pack"):
            for ident, body in pack_entries(os.path.join(packs, name)):
                folder = os.path.join(target, "objects", ident[:2])
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, ident[2:] + ".md"), "wb") as file:
                    file.write(body)


def disk(path):
    """(bytes on disk, files) under `path`, caches left out (local, never committed)."""
    blocks, files = 0, 0
    for folder, folders, names in os.walk(path):
        if os.path.basename(folder) == ".threadai" and "cache" in folders:
            folders.remove("cache")
        for name in names:
            blocks += os.lstat(os.path.join(folder, name)).st_blocks * 512
            files += 1
    return blocks, files


def content_bytes(threadai_dir):
    """The bytes of every message object: the sum of the lengths the packs frame."""
    total = 0
    for name in os.listdir(os.path.join(threadai_dir, "packs")):
        if name.endswith(".pack"):
            total += sum(len(body) for _, body in pack_entries(os.path.join(threadai_dir, "packs", name)))
    return total


class Year:
    def __init__(self, scratch, bench, threadai, env, run, check, log):
        self.folder = os.path.join(scratch, "year")
        os.makedirs(self.folder, exist_ok=True)
        self.bench, self.threadai, self.env, self.run, self.check, self.log = bench, threadai, env, run, check, log
        self.jsonl = os.path.join(self.folder, "year.jsonl")
        self.export = os.path.join(self.folder, "year.json")
        self.packed = os.path.join(self.folder, "packed")
        self.loose = os.path.join(self.folder, "loose")
        self.figures = {}

    def timed(self, label, command, cwd=None):
        ms, mib, status, _ = self.run(command, self.env, cwd=cwd)
        if status != 0:
            sys.exit(f"{label} failed (exit {status}): {command}")
        self.figures[label] = (ms, mib)
        self.log(f"{label}: {ms / 1000:.1f} s, {mib:.0f} MiB")

    def prepare(self, convert):
        if not os.path.exists(self.jsonl):
            self.log("generating the developer-year corpus (about 8 minutes)")
            self.check([sys.executable, os.path.join(self.bench, "gen_corpus.py")] + GENERATOR + ["-o", self.jsonl + ".part"])
            os.rename(self.jsonl + ".part", self.jsonl)
        if not os.path.exists(self.export):
            convert(self.jsonl, self.export)
        info = self.check([sys.executable, os.path.join(self.bench, "corpus_info.py"), self.jsonl])
        self.info = dict(line.split("=", 1) for line in info.splitlines() if "=" in line)
        record = os.path.join(self.folder, "figures.json")
        if os.path.exists(record):  # Made by an earlier run: its figures, and the layouts as they are.
            with open(record) as file:
                saved = json.load(file)
            self.figures, self.import_packs = {k: tuple(v) for k, v in saved["figures"].items()}, saved["import_packs"]
            return
        for path in (self.packed, self.loose):
            shutil.rmtree(path, ignore_errors=True)
            os.makedirs(path)
            self.check(["git", "init", "-q"], cwd=path)
            self.check(["git", "config", "user.email", "bench@example.com"], cwd=path)
            self.check(["git", "config", "user.name", "bench"], cwd=path)
        ai = [self.threadai, "--repo", self.packed]
        self.check([self.threadai, "init"], cwd=self.packed, env=self.env, stderr=subprocess.DEVNULL)
        self.check(ai + ["config", "set", "gc.auto", "0"], env=self.env)  # Measured, not started by itself.
        self.timed("import threadai-json", ai + ["import", "threadai-json", self.export])
        self.import_packs = len([n for n in os.listdir(os.path.join(self.packed, ".threadai", "packs")) if n.endswith(".pack")])
        self.timed("gc", ai + ["gc"])
        self.log("writing the loose layout from the packs")
        unpack(os.path.join(self.packed, ".threadai"), os.path.join(self.loose, ".threadai"))
        for layout in ("packed", "loose"):
            path = getattr(self, layout)
            self.timed(f"git add .threadai ({layout})", ["git", "add", ".threadai"], cwd=path)
            self.timed(f"git commit ({layout})", ["git", "commit", "-q", "-m", "conversations"], cwd=path)
        for path in (self.packed, self.loose):
            self.check([self.threadai, "--repo", path, "checkout", self.info["LONGEST"]], env=self.env, stderr=subprocess.DEVNULL)
        with open(record, "w") as file:
            json.dump({"figures": self.figures, "import_packs": self.import_packs}, file)

    def pair(self, work, command, target, runs, git=False):
        """`command` (a list, `{repo}` replaced by each layout's folder) in the packed and the loose
        layout, alternately, after a warm-up of each: medians, their ratio, peak memory."""
        def at(path):
            words = [word.replace("{repo}", path) for word in command]
            return words if git else [self.threadai, "--repo", path] + words
        packed, loose = at(self.packed), at(self.loose)
        self.run(packed, self.env), self.run(loose, self.env)
        results = [(self.run(packed, self.env), self.run(loose, self.env)) for _ in range(runs)]
        failed = [r[2] for pair in results for r in pair if r[2] not in (0, 1)]
        ms = sorted(a[0] for a, _ in results)[runs // 2]
        loose_ms = sorted(b[0] for _, b in results)[runs // 2]
        mib, loose_mib = max(a[1] for a, _ in results), max(b[1] for _, b in results)
        note = f" (exit {failed[0]})" if failed else ""
        print(f"| {work} | {ms:,.0f} ms{note} | {loose_ms:,.0f} ms | {ms / loose_ms:.2f}× | {mib:.0f} MiB | {loose_mib:.0f} MiB | {target} |",
              flush=True)

    def digest(self, path, command):
        child = subprocess.Popen([self.threadai, "--repo", path] + command, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, env=self.env)
        hasher = hashlib.sha256()
        for chunk in iter(lambda: child.stdout.read(1 << 20), b""):
            hasher.update(chunk)
        return hasher.hexdigest()[:16], child.wait()

    def report(self, runs):
        info = self.info
        messages = int(info["MESSAGES"])
        content = content_bytes(os.path.join(self.packed, ".threadai"))
        print(f"\nThe developer year: {messages:,} messages, {info.get('THREADS', '?')} threads, "
              f"{content / 2**30:.2f} GiB of message objects; the import wrote {self.import_packs} packs, gc left "
              f"{len([n for n in os.listdir(os.path.join(self.packed, '.threadai', 'packs')) if n.endswith('.pack')])}.\n")
        print("| what the code repository pays | packed | loose | packed / loose | target |")
        print("|---|---|---|---|---|")
        sizes = {layout: disk(os.path.join(getattr(self, layout), ".threadai")) for layout in ("packed", "loose")}
        gits = {layout: disk(os.path.join(getattr(self, layout), ".git"))[0] for layout in ("packed", "loose")}
        (pb, pf), (lb, lf) = sizes["packed"], sizes["loose"]
        print(f"| files in `.threadai/` (caches left out) | {pf:,} | {lf:,} | | a few thousand |")
        # Counted by a pipe, not read here: a million paths would grow this process, and with it the
        # peak memory every later child reports (ru_maxrss counts the pages shared before exec).
        tracked = {layout: int(self.check("git ls-files -z .threadai | tr -cd '\\0' | wc -c", shell=True, cwd=getattr(self, layout)))
                   for layout in ("packed", "loose")}
        threads_logs = os.path.join(self.packed, ".threadai", "logs", "threads")
        reflogs = len(os.listdir(threads_logs)) if os.path.isdir(threads_logs) else 0
        print(f"| of which git tracks | {tracked['packed']:,} | {tracked['loose']:,} | | |")
        print(f"| of which reflog files (`logs/threads/`, local; `gc` packs them into `logs/packed`) | {reflogs:,} | (not copied) | | |")
        print(f"| disk for `.threadai/` (caches left out) | {pb / 2**30:.2f} GiB ({pb / content:.2f}× content) | "
              f"{lb / 2**30:.2f} GiB ({lb / content:.2f}× content) | {pb / lb:.2f}× | ≤ 1.3× content |")
        print(f"| disk for `.git/` after the commit | {gits['packed'] / 2**30:.2f} GiB | {gits['loose'] / 2**30:.2f} GiB | "
              f"{gits['packed'] / gits['loose']:.2f}× | |")
        for label, target in [("git add .threadai", "≤ 10 s"), ("git commit", "")]:
            (ms, mib), (lms, lmib) = self.figures[f"{label} (packed)"], self.figures[f"{label} (loose)"]
            print(f"| `{label}` | {ms / 1000:.1f} s, {mib:.0f} MiB | {lms / 1000:.1f} s, {lmib:.0f} MiB | {ms / lms:.2f}× | {target} |")
        ms, mib = self.figures["import threadai-json"]
        print(f"| `threadai import threadai-json` (writes packs) | {ms / 1000:.1f} s, {mib:.0f} MiB | | | |")
        ms, mib = self.figures["gc"]
        print(f"| `threadai gc` after the import | {ms / 1000:.1f} s, {mib:.0f} MiB | | | minutes, ≤ 256 MiB |")
        # The same caches in both: the import leaves packed/ with cache/messages (a 100 MB file that
        # status checks whole), which loose/ would build only for long walks.
        for path in (self.packed, self.loose):
            self.check([self.threadai, "--repo", path, "cache", "clear"], env=self.env)
        # What a gc leaves besides the packs: the multi-pack index (FORMAT §15.2), which no command
        # but gc and `cache rebuild` writes (here gc finds nothing to pack and writes only it).
        self.check([self.threadai, "--repo", self.packed, "gc"], env=self.env)
        print(f"\nmedians of {runs} pairs after a warm-up, packed and loose alternately, caches cleared first "
              "(then `gc` in the packed layout, which writes the multi-pack index)\n")
        print("| work | packed | loose | packed / loose | packed peak | loose peak | target |")
        print("|---|---|---|---|---|---|---|")
        longest, a, b = info["LONGEST"], info["FORK_A"], info["FORK_B"]
        self.pair("`git status` in the code repository", ["git", "-C", "{repo}", "status"], "≤ 0.1 s", runs, git=True)
        rows = [
            ("`status`", ["status"], "±20%"),
            ("`log -n 20` of the longest thread", ["log", "-n", "20", longest], "±20%"),
            (f"`log --oneline` of the longest thread ({info['LONGEST_LEN']} msgs)", ["log", "--oneline", longest], "±20%"),
            ("`log` with bodies of the longest thread", ["log", longest], "±20%"),
            ("`show` of its head", ["show", longest], "±20%"),
            ("`context` of the longest thread", ["context", longest], "±20%"),
            (f"`diff` of sibling forks", ["diff", a, b], "±20%"),
            ("`threads`", ["threads"], "no slower"),
            ("`grep zeppelin` (every thread)", ["grep", "zeppelin"], "no slower"),
        ]
        for work, command, target in rows:
            self.pair(work, command, target, runs)
        # Issue 38: a digest, and the same search asked of `threadai mcp` by a client (the handshake
        # and one tools/call, the server then reading the end of its input), each a page of 5.
        self.pair("`context --digest 'zeppelin retry'` (every thread, 5 best)", ["context", "--digest", "zeppelin retry"],
                  "well under 1 s", runs)
        requests = [
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                                                          "clientInfo": {"name": "bench", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "zeppelin retry"}}},
        ]
        lines = "".join(json.dumps(request) + "\n" for request in requests)
        self.pair("MCP `search` (`threadai mcp`: initialize, one call)",
                  ["sh", "-c", f"printf '%s' '{lines}' | {shlex.quote(self.threadai)} --repo {{repo}} mcp >/dev/null"],
                  "well under 1 s", runs, git=True)
        self.pair("`fsck` (every object)", ["fsck"], "no slower", 1)
        print("\n| output (SHA-256, first 16 digits) | packed | loose | packed after `cache clear` |")
        print("|---|---|---|---|")
        commands = [["log", "--all", "--json"], ["threads", "--json"], ["grep", "zeppelin"], ["context", longest],
                    ["diff", a, b], ["export", "json"]]
        packed = [self.digest(self.packed, c) for c in commands]
        loose = [self.digest(self.loose, c) for c in commands]
        self.check([self.threadai, "--repo", self.packed, "cache", "clear"], env=self.env)
        cleared = [self.digest(self.packed, c) for c in commands]
        for command, p, l, c in zip(commands, packed, loose, cleared):
            same = "" if p == l == c else " **differs**"
            print(f"| `{' '.join(command)}` | {p[0]} (exit {p[1]}) | {l[0]} (exit {l[1]}) | {c[0]} (exit {c[1]}){same} |", flush=True)
