#!/usr/bin/env python3
"""Writes repos/<case>/ of the conformance set: small whole repositories with fixed dates, and
their expected.json (docs/FORMAT.md §5–§7, §13, docs/CLI.md "Revisions").

Not needed by the tests: the committed files are the vectors. Every expected value is stated here
from the construction (which message each revision names, by the spec's rules), not computed by
ThreadAI; the Swift tests and `threadai` then agree with it or the set is wrong. The repository
folder is `threadai/` (a folder named `.threadai` would be taken for a repository by `threadai`
run inside this package, and its `.gitignore` would keep `HEAD` and `logs/` out of git), without
`.gitignore` for the same reason.
"""
import hashlib
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of Fixtures
import json
import os
import shutil
import unicodedata

from generate_objects import value

HERE = os.path.dirname(os.path.abspath(__file__))
ZERO = "0" * 64
GITATTRIBUTES = """# ThreadAI hashes these files byte for byte: git must never convert or filter them.
* -text -ident -filter -working-tree-encoding
# Two clones that extend one thread keep both heads when merged (docs/FORMAT.md §5.1).
/refs/threads/** merge=union
/renames merge=union
# Anchor notes are appended to: a merge keeps both sides' lines (docs/FORMAT.md §4.7.1).
/anchors/** merge=union
"""


class Repo:
    def __init__(self, case):
        self.case = case
        self.root = os.path.join(HERE, "repos", case, "threadai")
        shutil.rmtree(os.path.join(HERE, "repos", case), ignore_errors=True)
        os.makedirs(self.root)
        self.write(".gitattributes", GITATTRIBUTES)
        self.second = 1795251600  # 2026-11-21T09:00:00Z, as docs/FORMAT.md §4.5
        self.messages = {}  # id -> dict
        self.revisions = {}
        self.errors = []
        self.contexts = {}

    def date(self):
        import datetime
        d = datetime.datetime.fromtimestamp(self.second, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.second += 5
        return d

    def write(self, path, text, mode="w"):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, mode + ("b" if isinstance(text, bytes) else ""), **({} if isinstance(text, bytes) else {"encoding": "utf-8", "newline": "\n"})) as f:
            f.write(text)

    def msg(self, content, role="user", thread="main", parent=None, store=True, **fields):
        lines = ["---"]
        if parent:
            lines.append("parent: " + parent)
        lines += ["thread: " + value(thread), "role: " + role, "date: " + self.date()]
        for key in sorted(k.replace("_", "-") for k in fields):
            lines.append(key + ": " + value(fields[key.replace("-", "_")]))
        data = ("\n".join(lines) + "\n---\n" + content + "\n").encode()
        oid = hashlib.sha256(data).hexdigest()
        if not store:
            return oid
        self.write("objects/%s/%s.md" % (oid[:2], oid[2:]), data)
        self.messages[oid] = dict(parent=parent, role=role, content=content, fields=fields)
        return oid

    def chain(self, thread, parent, *turns, roles=None):
        """Messages after `parent` alternating user and assistant (or as `roles` says); their ids."""
        ids = []
        for i, text in enumerate(turns):
            role = roles[i] if roles else ("user" if i % 2 == 0 else "assistant")
            parent = self.msg(text, role=role, thread=thread, parent=parent)
            ids.append(parent)
        return ids

    def ref(self, name, *ids, raw=None):
        self.write("refs/threads/" + name, raw if raw is not None else "".join(i + "\n" for i in ids))

    def reflog(self, name, lines, folder="threads"):
        flat = name.replace("/", "%2F")
        self.write("logs/%s/%s" % (folder, flat) if folder else "logs/" + name,
                   "".join("%s %s %s\t%s\n" % (old or ZERO, new or ZERO, self.date(), why) for old, new, why in lines))

    def history(self, head):
        out = []
        while head:
            out.append(head)
            head = self.messages[head]["parent"]
        return out[::-1]

    def context(self, thread, head):
        """docs/FORMAT.md §5.5: turns are the user and assistant messages; the prompt is the newest
        system message that is not a notice, none when its content is white space alone."""
        ids, system = [], None
        for oid in self.history(head):
            m = self.messages[oid]
            if m["role"] != "system":
                ids.append(oid)
            elif m["fields"].get("source_role", "system") == "system":
                system = None if m["content"].strip(" \t\n\r\x0b\x0c") == "" else m["content"]
        self.contexts[thread] = {"ids": ids, "system": system}

    def finish(self, readme):
        # No two revisions that are canonically equivalent (`café`, `cafe\u0301`) as keys: some JSON
        # readers (Swift's) compare keys as Unicode text and would keep one of them.
        keys = [unicodedata.normalize("NFC", k) for k in self.revisions]
        assert len(set(keys)) == len(keys), self.case
        expected = {"revisions": self.revisions, "contexts": self.contexts}
        if self.errors:
            expected["errors"] = self.errors
        with open(os.path.join(HERE, "repos", self.case, "expected.json"), "w", encoding="utf-8") as f:
            json.dump(expected, f, indent=2, ensure_ascii=False, sort_keys=True)
            f.write("\n")
        with open(os.path.join(HERE, "repos", self.case, "README.md"), "w", encoding="utf-8") as f:
            f.write(readme.strip() + "\n")


def prefix(r, oid, length):
    """The shortest unambiguous prefix of at least `length` digits."""
    while any(o != oid and o.startswith(oid[:length]) for o in r.messages):
        length += 1
    return oid[:length]


def forks_of_forks():
    r = Repo("forks-of-forks")
    s1, u1, a1, u2, a2, u3, a3 = r.chain("main", None, "You are terse.", "What is a fork?", "A copy.",
                                         "And a merge?", "Two ways joined.", "Thanks.", "You are welcome.",
                                         roles=["system", "user", "assistant", "user", "assistant", "user", "assistant"])
    ua1, aa1, ua2, aa2 = r.chain("alt", a1, "Say it longer.", "A fork keeps its history.", "Why?", "So nothing is lost.")
    s2, ub1, ab1 = r.chain("experiments/deeper", aa1, "Answer in French.", "Encore ?", "Une copie.",
                           roles=["system", "user", "assistant"])
    # A fork made at a question to hold another answer (as regenerate does), then extended.
    ac1, uc2, ac2 = r.chain("experiments/deepest", ub1, "Une autre copie.", "Merci.", "De rien.",
                            roles=["assistant", "user", "assistant"])
    r.ref("main", a3)
    r.ref("alt", aa2)
    r.ref("experiments/deeper", ab1)
    r.ref("experiments/deepest", ac2)
    r.ref("fresh", a2)  # a fork just made: its ref names the fork point itself
    r.write("HEAD", "ref: refs/threads/alt\n")
    R = r.revisions
    R.update({"main": a3, "main~0": a3, "main~": u3, "main~1": u3, "main~2": a2, "main~6": s1, "main^": u3,
              "main^^": a2, "main^1": u3, "main^0": a3, "main~2^": u2, "main^^^~1": a1, "main^0~3^0": u2,
              "alt": aa2, "alt~3": ua1, "alt~4": a1, "alt~6": s1, "alt^": ua2,
              "HEAD": aa2, "@": aa2, "HEAD~2": aa1, "@~1": ua2, "@^^": aa1, "refs/threads/main": a3,
              "refs/threads/experiments/deeper~2": s2, "experiments/deeper": ab1, "experiments/deeper~3": aa1,
              "experiments/deepest": ac2, "experiments/deepest~3": ub1, "experiments/deepest~4": s2,
              "fresh": a2, "fresh~1": u2, a3: a3, s1: s1, a3 + "~2": a2, ub1 + "^": s2})
    for oid, n in [(a1, 4), (ua2, 5), (ab1, 7), (ac1, 8), (u2, 12), (s2, 40)]:
        p = prefix(r, oid, n)
        R[p] = oid
        R[p + "~1"] = r.messages[oid]["parent"]
    r.errors += ["main~7", "alt~7", "nosuch", "main^2", "main~-1", "refs/threads/nosuch", "experiments",
                 "experiments/", "tags/main", a3[:3], "g" + a3[1:], "main@{0}", "HEAD@{1}", "@{-1}"]
    for name, head in [("main", a3), ("alt", aa2), ("experiments/deeper", ab1), ("experiments/deepest", ac2), ("fresh", a2)]:
        r.context(name, head)
    r.finish("""
# forks-of-forks

`main` (system prompt, three turns) → `alt` forked at main's first reply → `experiments/deeper`
forked at alt's first reply with a system prompt of its own → `experiments/deepest` forked at
deeper's question with another answer (as `regenerate` makes) → and `fresh`, a fork just made
(its ref names the fork point, main's second reply). `HEAD` is `alt`. No reflogs: `main@{0}`,
`HEAD@{1}` and `@{-1}` name nothing here.
""")


def renames():
    r = Repo("renames")
    u1, a1 = r.chain("main", None, "Start.", "Started.")
    # draft → notes → ideas: messages recorded under the first two names belong to ideas.
    d1, d2 = r.chain("draft", a1, "Draft question.", "Draft answer.")
    n1, n2 = r.chain("notes", d2, "Notes question.", "Notes answer.")
    i1, i2 = r.chain("ideas", n2, "Ideas question.", "Ideas answer.")
    r.ref("ideas", i2)
    # a → b then b → a: both map to a.
    x1, x2 = r.chain("a", a1, "On a.", "Reply on a.")
    y1, y2 = r.chain("b", x2, "On b.", "Reply on b.")
    r.ref("a", y2)
    # Two clones renamed p two ways; git's union merge kept both lines: p→q, then p→r (changes nothing).
    p1, p2 = r.chain("p", a1, "On p.", "Reply on p.")
    r.ref("q", p2)
    r.ref("r", p2)
    r.ref("main", a1)
    r.write("renames", "draft\tnotes\nnotes\tideas\na\tb\nb\ta\np\tq\np\tr\n"
            "not a line\nx\ty\tz\nHEAD\tfine\nfine\t-bad\n")
    r.write("HEAD", "ref: refs/threads/ideas\n")
    R = r.revisions
    R.update({"ideas": i2, "ideas~2": n2, "ideas~4": d2, "ideas~6": a1, "HEAD~1": i1, "a": y2, "a~2": x2,
              "q": p2, "r": p2, "r~1": p1, "main": a1})
    r.errors += ["draft", "notes", "b", "p", "draft~1"]
    for name, head in [("ideas", i2), ("a", y2), ("q", p2), ("r", p2), ("main", a1)]:
        r.context(name, head)
    r.finish("""
# renames

Messages recorded under `draft` and `notes` belong to `ideas` (`draft→notes`, `notes→ideas`);
`a→b` then `b→a` leave the thread named `a`; two clones renamed `p` to `q` and to `r`, and git's
union merge kept both lines and both refs (the second line finds no name mapping to `p` and changes
nothing, §5.4). The last four lines of `renames` are malformed and skipped. A name renamed away has
no ref and names nothing as a revision.
""")


def tags():
    r = Repo("tags")
    u1, a1, u2, a2 = r.chain("main", None, "What is a tag?", "A bookmark.", "Does it move?", "Never by itself.")
    v1, w1 = r.chain("alt", a1, "Another question.", "Another answer.")
    r.ref("main", a2)
    r.ref("alt", w1)
    r.write("refs/tags/v1", a1 + "\n")
    r.write("refs/tags/v2", u2 + "\ndate: 2026-11-21T10:00:00Z\n")
    r.write("refs/tags/review/short-answer", a2 + "\ndate: 2026-11-21T10:00:05Z\nnote: \"Short, and right.\\nSecond line.\"\n")
    r.write("refs/tags/alt", u1 + "\ndate: 2026-11-21T10:00:10Z\n")  # a clash two clones made: the thread wins
    r.write("refs/tags/extra", w1 + "\ndate: 2026-11-21T10:00:15Z\nnote: plain\nx-future: kept\n")
    r.write("refs/tags/café", v1 + "\n")
    r.write("HEAD", "ref: refs/threads/main\n")
    R = r.revisions
    R.update({"v1": a1, "tags/v1": a1, "refs/tags/v1": a1, "v1~1": u1, "v1^0": a1, "v2": u2,
              "review/short-answer": a2, "tags/review/short-answer~3": u1, "alt": w1, "tags/alt": u1,
              "refs/tags/alt": u1, "alt~1": v1, "extra": w1, "extra^": v1, "café^0": v1,
              "main": a2, "HEAD": a2})
    # A tag file left with git's conflict markers is malformed, and one whose name is not a valid
    # name is no tag: neither names anything (§5.6).
    r.write("refs/tags/broken", "<<<<<<< HEAD\n%s\n=======\n%s\n>>>>>>> theirs\n" % (a1, u2))
    r.write("refs/tags/abcd", a1 + "\n")
    r.write("refs/tags/nodate", a2 + "\ndate: yesterday\n")
    r.errors += ["tags/nosuch", "refs/tags/main", "tags/v1~2~1", "v3", "broken", "tags/broken", "tags/abcd",
                 "refs/tags/abcd", "nodate", "tags/nodate"]
    for name, head in [("main", a2), ("alt", w1)]:
        r.context(name, head)
    r.finish("""
# tags

Tags (§5.6): `v1` with no date, `v2` with a date, `review/short-answer` with a note of two lines,
`extra` with a key this version does not define (ignored), `café`, and `alt`, a tag with the name of
a thread (two clones made them): the bare name is the thread, `tags/alt` and `refs/tags/alt` the tag.
`broken` holds git's conflict markers and `nodate` a malformed date: both are malformed, and name
nothing; `abcd` is not a valid tag name (only hexadecimal digits), so it is no tag.
""")


def reflogs():
    r = Repo("reflogs")
    u1, a1 = r.chain("main", None, "First.", "First reply.")
    u2 = r.msg("Second.", thread="main", parent=a1)
    partial = r.msg("Second repl", role="assistant", thread="main", parent=u2, finish="interrupted")
    a2 = r.msg("Second reply.", role="assistant", thread="main", parent=u2)
    o1, o2 = r.chain("other", a1, "Other question.", "Other answer.")
    r.ref("main", a2)
    r.ref("other", o2)
    r.reflog("main", [(None, u1, "send: user message"), (u1, a1, "send: reply"), (a1, u2, "send: user message"),
                      (u2, partial, "send: reply"), (partial, a2, "retry: reply replacing " + partial[:8])])
    r.reflog("other", [(None, a1, "fork: from main at " + a1[:8]), (a1, o1, "send: user message"),
                       (o1, o2, "send: reply")])
    r.reflog("HEAD", [(a1, a1, "checkout: moving from main to other"),
                      (o2, a1, "checkout: moving from other to main"),
                      (a2, o2, "checkout: moving from main to other"),
                      (o2, a2, "checkout: moving from other to main")], folder=None)
    # A pull moved `pulled` (git writes no reflog line): its newest reflog entry is not its head.
    p1, p2 = r.chain("pulled", a1, "Asked here.", "Answered here.")
    p3, p4 = r.chain("pulled", p2, "Asked in another clone.", "Answered there.")
    r.ref("pulled", p4)
    r.reflog("pulled", [(None, a1, "fork: from main at " + a1[:8]), (a1, p1, "send: user message"), (p1, p2, "send: reply")])
    r.revisions.update({"pulled": p4, "pulled@{0}": p2, "pulled@{1}": p1, "pulled@{0}~1": p1})
    r.context("pulled", p4)
    r.write("HEAD", "ref: refs/threads/main\n")
    R = r.revisions
    R.update({"main@{0}": a2, "main@{1}": partial, "main@{2}": u2, "main@{4}": u1, "main@{1}~1": u2,
              "@{0}": a2, "@{1}": partial, "@{3}": a1, "other@{0}": o2, "other@{2}": a1, "other@{1}^": a1,
              "HEAD@{0}": a2, "HEAD@{1}": o2, "HEAD@{2}": a1, "HEAD@{3}": a1, "@{-1}": o2, "@{-2}": a2,
              "@{-3}": o2, "@{-4}": a2, "main": a2, "main~1": u2, "other": o2})
    r.errors += ["main@{5}", "other@{3}", "HEAD@{4}", "@{-5}", "main@{-1}", "nosuch@{0}"]
    for name, head in [("main", a2), ("other", o2)]:
        r.context(name, head)
    r.finish("""
# reflogs

`logs/threads/main` records two sends, a reply that was interrupted and the retry that replaced it
(`main@{1}` is the partial reply, in no thread's history); `logs/threads/other` a fork and a turn;
`logs/HEAD` four checkouts between `main` and `other`. `NAME@{N}` is the new value of the N-th
entry back from the newest of NAME's reflog; `HEAD@{0}` is HEAD itself; `@{-N}` is the head now of
the thread checked out N checkouts ago (docs/CLI.md, Revisions). `pulled` was moved by a pull after
its last reflog entry (git writes none): `pulled@{0}` is that entry, not the head.
""")


def diverged():
    r = Repo("diverged")
    s, u1, a1 = r.chain("main", None, "Be brief.", "Shared question.", "Shared answer.", roles=["system", "user", "assistant"])
    t1, t2 = r.chain("topic", a1, "Topic question.", "Topic answer.")
    # Both clones merged topic's outcome into main, then each extended main: git's union merge of
    # refs/threads/main kept both heads.
    m = r.msg("Topic answer.", thread="main", parent=a1, merged_from=t2, merged_thread="topic")
    am = r.msg("Noted.", role="assistant", thread="main", parent=m)
    c1, c1r = r.chain("main", am, "Clone one asks.", "Clone one's answer.")
    c2, c2r = r.chain("main", am, "Clone two asks.", "Clone two's answer.")
    r.ref("main", c1r, c2r)
    # A merge without the union driver left conflict markers (diff3 style, with the base).
    b1, b2 = r.chain("side", a1, "Side question.", "Side answer.")
    b3 = r.msg("Side, clone one.", thread="side", parent=b2)
    b4 = r.msg("Side, clone two.", thread="side", parent=b2)
    r.ref("side", raw="<<<<<<< HEAD\n%s\n||||||| base\n%s\n=======\n%s\n>>>>>>> origin/main\n" % (b3, b2, b4))
    # Markers around a single id: one head.
    one = r.msg("Only one.", thread="single", parent=a1)
    r.ref("single", raw="<<<<<<< HEAD\n%s\n=======\n>>>>>>> theirs\n" % one)
    r.ref("topic", t2)
    r.write("HEAD", "ref: refs/threads/topic\n")
    R = r.revisions
    R.update({c1r: c1r, c2r: c2r, c1r + "~2": am, c2r + "~3": m, c2r + "~4": a1, "topic": t2, "single": one,
              "single~1": a1, b3 + "^": b2, b4: b4, "HEAD": t2})
    r.errors += ["main", "main~1", "side", "side^"]
    for name, head in [("topic", t2), ("single", one)]:
        r.context(name, head)
    r.finish("""
# diverged

Two clones each merged `topic`'s outcome into `main` (a message with `merged-from`) and extended
`main`; git's union merge kept both heads in `refs/threads/main` (§5.1). `refs/threads/side` holds
git's conflict markers (diff3 style, with the base's id, an ancestor), three heads of which the base
is contained; `refs/threads/single` holds markers around one id, so it has one head. A revision
that is a diverged thread's name needs one history and names nothing; its heads are named by id.
""")
    return r


def deleted():
    r = Repo("deleted")
    u1, a1 = r.chain("main", None, "Keep this.", "Kept.")
    g1, g2, g3 = r.chain("gone", a1, "A thread that will be deleted.", "Deleted later.", "One more.")
    k1, k2 = r.chain("kept", g2, "A fork of gone.", "It outlives it.")
    r.ref("main", a1)
    r.ref("kept", k2)
    r.reflog("gone", [(None, a1, "fork: from main at " + a1[:8]), (a1, g1, "send: user message"),
                      (g1, g2, "send: reply"), (g2, g3, "send: user message"), (g3, None, "delete")])
    r.reflog("kept", [(None, g2, "fork: from gone at " + g2[:8]), (g2, k1, "send: user message"), (k1, k2, "send: reply")])
    # A thread deleted, then made again under its name: the old reflog went to logs/deleted/ (§7).
    o1 = r.msg("Old again.", thread="again", parent=a1)
    n1 = r.msg("New again.", thread="again", parent=a1)
    r.ref("again", n1)
    r.reflog("again.1", [(None, a1, "fork: from main at " + a1[:8]), (a1, o1, "send: user message"), (o1, None, "delete")], folder="deleted")
    r.reflog("again", [(None, a1, "fork: from main at " + a1[:8]), (a1, n1, "send: user message")])
    r.write("HEAD", "ref: refs/threads/main\n")
    R = r.revisions
    R.update({"gone@{1}": g3, "gone@{2}": g2, "gone@{4}": a1, "gone@{1}~2": g1, "kept": k2, "kept~2": g2,
              "kept~4": a1, g3: g3, "again": n1, "again@{0}": n1, "again@{1}": a1, "main": a1})
    r.errors += ["gone", "gone@{0}", "gone@{5}", "again@{2}", "gone~1"]
    for name, head in [("main", a1), ("kept", k2), ("again", n1)]:
        r.context(name, head)
    r.finish("""
# deleted

`gone` was deleted: no ref, its reflog kept with a last line that deletes it (`gone@{0}` is that
deletion and names nothing; `gone@{1}` is its last head). `kept` is a fork of `gone` and keeps its
messages in its history. `again` was deleted and made again: the first one's reflog is in
`logs/deleted/again.1`, which `again@{N}` does not read.
""")


def local_threads():
    r = Repo("local-threads")
    u1, a1 = r.chain("main", None, "Shared.", "Shared reply.")
    l1, l2 = r.chain("tmp", a1, "Private question.", "Private answer.")
    l3, l4 = r.chain("scratch", l2, "Renamed locally.", "Still private.")
    f1, f2 = r.chain("scratch-fork", l4, "A local fork.", "Local too.")
    s1, s2 = r.chain("shared-fork", l2, "Shared from a local message.", "Published.")
    r.ref("main", a1)
    r.ref("scratch", l4)
    r.ref("scratch-fork", f2)
    r.ref("shared-fork", s2)
    r.write("local-threads", "scratch\nscratch-fork\ntmp\nno-such-thread\n")
    r.write("local-renames", "tmp\tscratch\n")
    r.write("HEAD", "ref: refs/threads/scratch\n")
    R = r.revisions
    R.update({"scratch": l4, "scratch~3": l1, "scratch-fork": f2, "scratch-fork~2": l4, "shared-fork~2": l2,
              "HEAD": l4, "main": a1})
    r.errors += ["tmp"]
    for name, head in [("main", a1), ("scratch", l4), ("scratch-fork", f2), ("shared-fork", s2)]:
        r.context(name, head)
    r.finish("""
# local-threads

`scratch` and its fork `scratch-fork` are local (§13, `local-threads`, which also names `tmp`, the
old name of `scratch`, followed through `local-renames`, and a name that has neither, ignored).
`shared-fork` is shared but forked from a local message. Local threads are threads like any other
for revisions and contexts.
""")


def system_prompts():
    r = Repo("system-prompts")
    s1 = r.msg("You are terse.", role="system")
    u1 = r.msg("Hi.", parent=s1)
    a1 = r.msg("Hello.", role="assistant", parent=u1)
    s2 = r.msg("You are verbose.", role="system", parent=a1)
    u2 = r.msg("Hi again.", parent=s2)
    a2 = r.msg("Hello, hello, hello.", role="assistant", parent=u2)
    notice = r.msg("Conversation compacted", role="system", parent=a2, source="claude-code:s/u1",
                   source_role="compact_boundary")
    u3 = r.msg("After a notice.", parent=notice)
    a3 = r.msg("Still verbose.", role="assistant", parent=u3)
    r.ref("main", a3)
    # Forked before the second prompt: inherits the first.
    b1, b2 = r.chain("before", a1, "Forked early.", "Terse.")
    # An empty system message clears the prompt; one of white space alone is none as well.
    e0 = r.msg("", role="system", thread="cleared", parent=a2)
    e1, e2 = r.chain("cleared", e0, "No prompt now?", "None.")
    w0 = r.msg(" \n\t ", role="system", thread="blank", parent=a2)
    w1, w2 = r.chain("blank", w0, "White space only?", "None either.")
    # A prompt that is the last message: in force, and no turn after it.
    t0 = r.msg("Prompt at the head.", role="system", thread="prompt-head", parent=a1)
    # Only a notice: no prompt at all.
    n0 = r.msg("Local command output", role="system", thread="notice-only", source="claude-code:s/u2", source_role="local_command")
    n1, n2 = r.chain("notice-only", n0, "Question after a notice.", "Answer.")
    # A prompt with a source-role of `system` is a prompt (§5.5: only another source-role is a notice).
    i0 = r.msg("Imported prompt.", role="system", thread="imported", source="llm:c/r.system", source_role="system")
    i1 = r.msg("Imported question.", thread="imported", parent=i0, source="llm:c/r.prompt")
    # A merged outcome is a turn like another (the preface line is added to its content, not its id).
    m1 = r.msg("Terse.", thread="main-merged", parent=a3, merged_from=b2, merged_thread="before")
    m2 = r.msg("Merged.", role="assistant", thread="main-merged", parent=m1)
    # No system message at all.
    z1, z2 = r.chain("no-prompt", None, "No system message.", "Fine.")
    for name, head in [("before", b2), ("cleared", e2), ("blank", w2), ("prompt-head", t0), ("notice-only", n2),
                       ("imported", i1), ("main-merged", m2), ("no-prompt", z2)]:
        r.ref(name, head)
    r.write("HEAD", "ref: refs/threads/main\n")
    r.revisions.update({"main": a3, "main~2": notice, "main~5": s2, "before~2": a1, "prompt-head": t0,
                        "prompt-head~1": a1, "cleared~2": e0, "HEAD^": u3})
    for name, head in [("main", a3), ("before", b2), ("cleared", e2), ("blank", w2), ("prompt-head", t0),
                       ("notice-only", n2), ("imported", i1), ("main-merged", m2), ("no-prompt", z2)]:
        r.context(name, head)
    r.finish("""
# system-prompts

The prompt of a context is the content of the newest system message in the history (§5.5); system
messages are not turns. `main` changes its prompt half-way, then holds a notice (a `system` message
with a `source-role` other than `system`, not a prompt and not a turn); `before` forks ahead of the
change; `cleared` ends the prompt with an empty system message and `blank` with one of white space
alone (none: `system` is null); `prompt-head` ends with a prompt; `notice-only` has a notice and no
prompt; `imported` has a prompt whose `source-role` is `system`; `main-merged` holds a merged outcome,
a turn like another; `no-prompt` has no system message.
""")


def names_and_prefixes():
    r = Repo("names-and-prefixes")
    u1, a1 = r.chain("main", None, "Root.", "Root reply.")
    # Two messages whose ids share their first 5 hex digits: a 4- or 5-digit prefix is ambiguous.
    first = r.msg("Collision 0.", thread="main", parent=a1)
    n = 1
    while True:
        r.second -= 5
        if r.msg("Collision %d." % n, thread="café", parent=a1, store=False)[:5] == first[:5]:
            r.second -= 5
            oid = r.msg("Collision %d." % n, thread="café", parent=a1)
            break
        n += 1
    second = oid
    r.ref("main", first)
    r.ref("café", second)
    j1, j2 = r.chain("日本語/スレッド", a1, "日本語の質問。", "答え。")
    r.ref("日本語/スレッド", j2)
    r.ref("a..b", a1)  # an older writer's name with `..`: a reader accepts it, and the revision names it
    r.write("HEAD", a1 + "\n")  # detached
    R = r.revisions
    R.update({prefix(r, first, 6): first, prefix(r, second, 6): second, first: first, "main": first,
              unicodedata.normalize("NFD", "café"): second, "café~1": a1, "café^0": second, "日本語/スレッド": j2,
              "日本語/スレッド~2": a1, "a..b": a1, "HEAD": a1, "@": a1, "@~1": u1, "HEAD^": u1})
    r.errors += [first[:4], first[:5], "CAFÉ", "@{0}", "@{1}"]
    for name, head in [("main", first), ("café", second), ("日本語/スレッド", j2), ("a..b", a1)]:
        r.context(name, head)
    r.finish("""
# names-and-prefixes

Two messages whose ids share their first five hex digits (found by trying contents), so a prefix
of four or five digits is ambiguous and one of six names one message. `café` (NFC) is named by the
decomposed spelling too (docs/CLI.md, Revisions); `日本語/スレッド` is a thread in a folder; `a..b`
is a name an older writer made (a reader accepts it, and a revision that is exactly it names it).
`HEAD` is detached at a message, so `@{N}` has no thread to read.
""")


def corrupt():
    r = Repo("corrupt")
    u1, a1, u2, a2 = r.chain("main", None, "Question.", "Answer.", "Another question.", "Damaged answer.")
    # a2's file no longer hashes to its name (§3): it is never used as content, so nothing past it
    # (its parent) can be known.
    path = os.path.join(r.root, "objects", a2[:2], a2[2:] + ".md")
    data = open(path, "rb").read().replace(b"Damaged", b"damaged")
    with open(path, "wb") as f:
        f.write(data)
    b1, b2 = r.chain("ok", a1, "A healthy fork.", "Healthy.")
    r.ref("main", a2)
    r.ref("ok", b2)
    # A ref naming a message this repository does not have (§5.1: every id MUST name one).
    r.ref("missing", "cd" * 32)
    r.write("HEAD", "ref: refs/threads/ok\n")
    r.revisions.update({"ok": b2, "ok~2": a1, "ok~3": u1, "HEAD~1": b1})
    r.errors += ["main~1", "main^", "main~3", "missing~1", "missing^"]
    r.context("ok", b2)
    r.finish("""
# corrupt

The head of `main` is an object whose bytes no longer hash to its name (§3): a reader never uses it
as content, so `main~1` and beyond name nothing. `missing` names a message the repository does not
have. `ok`, a fork of `main` below the damage, is whole.
""")


def main():
    forks_of_forks()
    renames()
    tags()
    reflogs()
    diverged()
    deleted()
    local_threads()
    system_prompts()
    names_and_prefixes()
    corrupt()


if __name__ == "__main__":
    main()
