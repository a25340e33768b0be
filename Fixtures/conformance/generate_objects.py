#!/usr/bin/env python3
"""Writes objects/valid/ and objects/invalid/ of the conformance set (docs/FORMAT.md §4).

Not needed by the tests: the committed files are the vectors. Run it from anywhere after adding a
case below; it rewrites both folders whole. Each valid object is written by `obj()`, which applies
the canonical value form of §4.3 itself, so a case only names its fields.
"""
import hashlib
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
PLAIN = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/+@:-")
PLAIN_START = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./")

ROOT = "be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c"  # FORMAT §4.5
USER = "fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58"
DATE = "2026-11-21T09:00:00Z"
BLOB1 = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"  # git's blob id of no bytes (SHA-1)
BLOB2 = "3b18e512dba79e4c8300dd08aeb37f8e728b8dad"  # `hello world\n`
BLOB256 = "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813"  # no bytes (SHA-256)
COMMIT = "0123456789abcdef0123456789abcdef01234567"
COMMIT256 = "0123456789abcdef" * 4


def value(text):
    """§4.3: plain when it can be, else quoted with exactly the defined escapes."""
    raw = text.encode()
    if raw and all(b in PLAIN for b in raw) and raw[0] in PLAIN_START:
        return text
    out = []
    for ch in text:
        c = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif c < 0x20 or c == 0x7F:
            out.append("\\u%04x" % c)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def obj(thread="main", role="user", date=DATE, parent=None, content="", **fields):
    """The exact bytes of a valid message: `fields` use `_` for `-` in keys."""
    lines = ["---"]
    if parent:
        lines.append("parent: " + parent)
    lines += ["thread: " + value(thread), "role: " + role, "date: " + date]
    for key in sorted(k.replace("_", "-") for k in fields):
        lines.append(key + ": " + value(fields[key.replace("-", "_")]))
    lines.append("---")
    return ("\n".join(lines) + "\n" + content + "\n").encode()


def fm(*lines, content="Hello."):
    """Raw bytes of an object from frontmatter lines as written (for invalid cases)."""
    return ("---\n" + "".join(l + "\n" for l in lines) + "---\n" + content + "\n").encode()


BASE = ["thread: main", "role: user", "date: " + DATE]
ASSISTANT = ["parent: " + USER, "thread: main", "role: assistant", "date: " + DATE]


def valid_cases():
    c = []
    add = c.append
    # Roles, roots and parents.
    add(obj(role="system", content="You are a concise assistant."))
    add(obj(role="user", content="A root question."))
    add(obj(role="assistant", content="A root reply (an import can start with one)."))
    add(obj(parent=ROOT, content="What is a Merkle chain?", date="2026-11-21T09:00:05Z"))
    add(obj(parent=USER, role="assistant", content="An answer."))
    add(obj(parent=USER, role="system", content="A system prompt in the middle of a chain replaces the earlier one."))
    # Dates (§2): edges of the calendar and the clock.
    for d in ["1970-01-01T00:00:00Z", "2024-02-29T12:00:00Z", "2000-02-29T23:59:59Z", "2026-12-31T23:59:59Z",
              "9999-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2026-04-30T10:10:10Z"]:
        add(obj(date=d, content="Dated " + d + "."))
    # Thread names (§5.2) as values (§4.3): plain and quoted.
    for t in ["alt", "experiments/deeper", "a/b/c/d", "x", "_private", "v1.2", "a+b", "a-b_c.d",
              "café", "cafe\u0301", "日本語/スレッド", "Ελληνικά", "नमस्ते", "123", "abc", "a..b",
              "Main", "MAIN2", "COM10", "LPT0", "con-x", "conx", "auxiliary", "x.lockfile", "lock", "z" * 200,
              "é" * 100, "١٢٣٤", "Ⅻ", "a½", "e\u0301\u0301", "a/+x", "a/-x"]:
        add(obj(thread=t, content="On thread " + t + "."))
    # Content (§4.1): empty, line ends, look-alike frontmatter, Unicode, controls.
    for text in ["", "\n", "\n\n", "a\r\nb\r\n", "a\rb", "trailing spaces   ", "---", "---\n---",
                 "---\nthread: other\nrole: system\n---", "\ufeffstarts with a BOM character",
                 "emoji 👩‍👩‍👧 and e\u0301", "tab\there\x01\x1b[31mred\x7f", "\u2028line\u2029sep\u0085nel",
                 "```\ncode\n```", "  leading spaces", "no final newline in content",
                 "x" * 5000, "\u200d\u202e invisible formatters"]:
        add(obj(content=text))
    # Assistant fields (§4.2).
    add(obj(parent=USER, role="assistant", content="Full.", finish="end_turn", input_tokens="18",
            model="claude-sonnet-4-5", output_tokens="41", provider="anthropic", first_token_ms="350", latency_ms="1200"))
    for f in ["stop", "max_tokens", "length", "refusal", "interrupted"]:
        add(obj(parent=USER, role="assistant", content="Finish " + f + ".", finish=f, provider="openai", model="gpt-4o"))
    add(obj(parent=USER, role="assistant", content="Partial", finish="error", error="HTTP 529: overloaded",
            provider="openai-compatible", model="llama3.1:8b"))
    add(obj(parent=USER, role="assistant", content="", finish="error", error="connection reset\nby peer \"x\""))
    add(obj(parent=USER, role="assistant", content="Offline.", provider="offline", model="offline-echo"))
    add(obj(parent=USER, role="assistant", content="Zeros.", input_tokens="0", output_tokens="0", latency_ms="0"))
    add(obj(parent=USER, role="assistant", content="Huge.", input_tokens="99999999999999999999999999999999"))
    add(obj(parent=USER, role="assistant", content="Max.", output_tokens="9223372036854775807"))
    # Imported (§4.6).
    add(obj(thread="chatgpt/hello-0b1c6f9e", content="Hi", source="chatgpt:0b1c6f9e-aaaa/client-created-root",
            source_title="Hello there", date="1970-01-01T00:00:00Z"))
    add(obj(thread="claude-code/s-12345678", role="user", content="tool output", source="claude-code:s1/u2",
            source_role="tool_result", cwd="/home/me/My Project", git_branch="main", hidden="true"))
    add(obj(thread="claude-code/s-12345678", role="system", content="Conversation compacted",
            source="claude-code:s1/u3", source_role="compact_boundary"))
    add(obj(thread="chatgpt/x-1", role="assistant", content="ran", source="chatgpt:c/n 1", source_role="tool", model="gpt-4o"))
    add(obj(thread="codex/r-1", content="hi", source="codex:0199/7", cwd="/tmp"))
    add(obj(thread="llm/c-1", role="system", content="be brief", source="llm:01j/01k.system"))
    add(obj(content="hidden meta", hidden="true", source="claude-code:s/u", source_title="Été — \"quoted\""))
    # Only `true` means hidden; any other value is accepted, kept, and means not hidden (§4.6).
    for h in ["false", "yes", "", "TRUE", "1"]:
        add(obj(content="hidden is " + repr(h), hidden=h))
    # Code anchors (§4.7).
    add(obj(content="Anchored.", code_commit=COMMIT, code_branch="main"))
    add(obj(content="Anchored 256.", code_commit=COMMIT256, code_branch="feature/x"))
    add(obj(content="Dirty.", code_commit=COMMIT, code_branch="main", code_dirty="true"))
    add(obj(content="Detached.", code_commit=COMMIT))
    add(obj(content="Unborn branch.", code_branch="main"))
    add(obj(content="Branch with space.", code_branch="wip on é", code_commit=COMMIT))
    add(obj(parent=USER, role="assistant", content="Reply anchored.", code_commit=COMMIT, code_dirty="true", provider="offline"))
    # Attached files (§4.7).
    add(obj(content="Why?\n\n```file:Sources/App/main.swift\nprint(\"hello\")\n```", files=BLOB2 + " Sources/App/main.swift"))
    add(obj(content="Two files.", files=BLOB1 + " a.txt\n" + BLOB2 + " dir/b c.txt"))
    add(obj(content="Stdin.", files=BLOB2 + " -"))
    add(obj(content="SHA-256 blob.", files=BLOB256 + " notes/é.md", code_commit=COMMIT256))
    add(obj(content="Outside.", files=BLOB1 + " /etc/hosts\n" + BLOB1 + " ../x"))
    add(obj(content="Path with a tab.", files=BLOB1 + " a\tb"))
    # A path is every byte after the first space: leading and trailing spaces are part of it.
    add(obj(content="Path with a leading space.", files=BLOB1 + "  a.txt"))
    add(obj(content="Path of one space.", files=BLOB1 + "  "))
    add(obj(content="Path with trailing spaces.", files=BLOB2 + " b.txt  \n" + BLOB1 + " c"))
    # Merged outcomes (§4.8).
    add(obj(parent=USER, content="The answer.", merged_from=ROOT, merged_thread="alt"))
    add(obj(parent=USER, content="A summary.", merged_from=ROOT, merged_thread="experiments/deeper", merged_summary="true"))
    add(obj(parent=USER, content="Merged from a quoted name.", merged_from=ROOT, merged_thread="idées"))
    # Extension keys and every value form (§4.2, §4.3).
    add(obj(content="ext", x_rating="5 stars"))
    add(obj(content="ext", a="first"))
    add(obj(content="ext", zz="last", aa="first", mm="middle", error="before?"))
    add(obj(content="ext", **{"k" + "0" * 63: "long key"}))
    add(obj(content="ext", x9="digits", x="short"))
    for v in ["", " ", "-dash", "+plus", "@at", ":colon", "a b", "a=b", "a#b", "back\\slash", "quote\"d",
              "tab\t", "cr\r", "lf\n", "nul-ish \x01\x1f", "del\x7f", "é", "\u0085\u2028", "👍", "'single'",
              "a,b", "{}", "[x]", "~tilde", "end ", "A", "/abs/path", ".dot", "_under", "9lives", "a:b@c+d/e.f_g-h"]:
        add(obj(content="value form", x_value=v))
    return c


def invalid_cases():
    """(name, bytes, rule) for objects a reader MUST reject."""
    v = []

    def bad(name, data, rule):
        v.append((name, data if isinstance(data, bytes) else data.encode(), rule))

    good = obj(content="Hello.")
    bad("bom", b"\xef\xbb\xbf" + good, "§4.1 the object begins with the four bytes ---LF: no byte-order mark (§2)")
    bad("no-opening-line", good[4:], "§4.1 missing opening --- line")
    bad("opening-with-space", b"--- \n" + good[4:], "§4.1 the opening line is exactly ---")
    bad("opening-four-dashes", b"----\n" + good[4:], "§4.1 the opening line is exactly ---")
    bad("leading-blank-line", b"\n" + good, "§4.1 nothing before the opening --- line")
    bad("not-closed", "---\nthread: main\nrole: user\ndate: " + DATE + "\nHello.\n", "§4.4 missing closing --- line")
    bad("closing-with-space", "---\nthread: main\nrole: user\ndate: " + DATE + "\n--- \nHello.\n", "§4.4 missing closing --- line (a closing line is exactly ---)")
    bad("empty-file", b"", "§4.1 missing opening --- line")
    bad("only-opening", b"---\n", "§4.4 missing closing --- line")
    bad("no-final-lf", good[:-1], "§4.1 an object ends with LF")
    bad("no-final-lf-empty-content", b"---\nthread: main\nrole: user\ndate: " + DATE.encode() + b"\n---", "§4.1 an object ends with LF")
    bad("nul-in-content", good.replace(b"Hello.", b"Hel\x00lo."), "§4.1 an object contains no NUL byte")
    bad("nul-in-value", fm("thread: main", "role: user", "date: " + DATE, 'x-a: "a\x00b"'), "§4.1 an object contains no NUL byte")
    bad("invalid-utf8-byte", good.replace(b"Hello.", b"Hel\xfflo."), "§4.1 an object is valid UTF-8")
    bad("invalid-utf8-overlong", good.replace(b"Hello.", b"\xc0\xafHello."), "§4.1 an object is valid UTF-8 (overlong encoding)")
    bad("invalid-utf8-surrogate", good.replace(b"Hello.", b"\xed\xa0\x80Hello."), "§4.1 an object is valid UTF-8 (an encoded surrogate)")
    bad("invalid-utf8-truncated", good.replace(b"Hello.", b"Hello.\xe2\x82"), "§4.1 an object is valid UTF-8 (a truncated sequence)")
    bad("invalid-utf8-in-value", fm("thread: main", "role: user", "date: " + DATE).replace(b"thread: main", b'thread: "caf\xe9"'), "§4.1 an object is valid UTF-8")
    bad("crlf-frontmatter", good.replace(b"thread: main\n", b"thread: main\r\n"), "§4.4 a CR inside the frontmatter")
    bad("cr-in-value", fm("thread: main", "role: user", "date: " + DATE, 'x-a: "a\rb"'), "§4.4 a CR inside the frontmatter")
    bad("no-space-after-colon", fm("thread: main", "role:user", "date: " + DATE), "§4.2 a frontmatter line is key \": \" value")
    bad("no-colon", fm("thread: main", "role user", "date: " + DATE), "§4.2 a frontmatter line is key \": \" value")
    bad("blank-frontmatter-line", fm("thread: main", "", "role: user", "date: " + DATE), "§4.2 a frontmatter line is key \": \" value")
    bad("two-spaces-after-colon", fm("thread: main", "role:  user", "date: " + DATE), "§4.3 a value beginning with a space is quoted (and §4.2 role)")
    bad("space-before-colon", fm("thread : main", "role: user", "date: " + DATE), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("empty-plain-value", fm(*BASE, "x-a: "), "§4.3 an empty value is written \"\"")
    bad("key-uppercase", fm(*BASE, "Model: x"), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("key-leading-digit", fm(*BASE, "1x: y"), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("key-underscore", fm(*BASE, "x_a: y"), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("key-leading-dash", fm(*BASE, "-x: y"), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("key-too-long", fm(*BASE, "k" + "0" * 64 + ": y"), "§4.2 a key is at most 64 bytes")
    bad("key-non-ascii", fm(*BASE, "clé: y"), "§4.2 key matches [a-z][a-z0-9-]*")
    bad("duplicate-role", fm("thread: main", "role: user", "role: user", "date: " + DATE), "§4.2 a key appears at most once")
    bad("duplicate-extension", fm(*BASE, "x-a: 1", "x-a: 1"), "§4.2 a key appears at most once")
    bad("duplicate-thread-later", fm(*BASE, "thread: main"), "§4.2 a key appears at most once")
    bad("role-before-thread", fm("role: user", "thread: main", "date: " + DATE), "§4.2 keys out of order: parent, thread, role, date first")
    bad("date-first", fm("date: " + DATE, "thread: main", "role: user"), "§4.2 keys out of order: parent, thread, role, date first")
    bad("parent-after-thread", fm("thread: main", "parent: " + ROOT, "role: user", "date: " + DATE), "§4.2 keys out of order: parent, thread, role, date first")
    bad("extension-before-date", fm("thread: main", "role: user", "x-a: 1", "date: " + DATE), "§4.2 keys out of order: parent, thread, role, date first")
    bad("extensions-unsorted", fm(*BASE, "x-b: 1", "x-a: 1"), "§4.2 other keys in ascending order of their bytes")
    bad("defined-keys-unsorted", fm(*ASSISTANT, "model: m", "finish: stop"), "§4.2 other keys in ascending order of their bytes")
    bad("dash-sorts-before-digit", fm(*BASE, "x1: a", "x-: a"), "§4.2 other keys in ascending order of their bytes ('-' 0x2D < '1' 0x31)")
    bad("missing-thread", fm("role: user", "date: " + DATE), "§4.4 a missing thread")
    bad("missing-role", fm("thread: main", "date: " + DATE), "§4.4 a missing role")
    bad("missing-date", fm("thread: main", "role: user"), "§4.4 a missing date")
    bad("no-frontmatter-keys", fm(), "§4.4 a missing thread, role and date")
    for name, p in [("uppercase", ROOT.upper()), ("63-digits", ROOT[:63]), ("65-digits", ROOT + "0"),
                    ("not-hex", "g" + ROOT[1:]), ("prefix", ROOT[:8]), ("quoted", '"' + ROOT + '"'), ("empty", '""')]:
        bad("parent-" + name, fm("parent: " + p, *BASE), "§4.2 parent must be 64 lowercase hex digits (§2)")
    for name, t in [("head", "HEAD"), ("head-lower", "head"), ("space", '"a b"'), ("dot-start", ".hidden"),
                    ("dot-end", "a."), ("lock", "x.lock"), ("lock-case", "refs/X.LOCK"), ("con", "con"),
                    ("com1-ext", "COM1.txt"), ("lpt-superscript", '"LPT¹"'), ("dash-start", '"-x"'),
                    ("plus-start", '"+x"'), ("hex-4", "abcd"), ("hex-long", "deadbeef"), ("empty", '""'),
                    ("double-slash", "a//b"), ("trailing-slash", "a/"), ("leading-slash", "/a"),
                    ("dotdot-component", "a/../b"), ("tilde", '"a~1"'), ("colon", "a:b"), ("at", "a@b"),
                    ("zero-width-joiner", '"a\u200db"'), ("rtl-override", '"a\u202eb"'), ("control", '"a\\u0001b"'),
                    ("too-long", "a" * 201), ("too-long-bytes", '"' + "é" * 101 + '"'),
                    ("combining-start", '"\u0301a"'), ("emoji", '"👍"'), ("caret", '"a^b"')]:
        bad("thread-" + name, fm("thread: " + t, "role: user", "date: " + DATE), "§5.2 thread must be a valid thread name (§4.4)")
    for name, r in [("capital", "User"), ("tool", "tool"), ("empty", '""'), ("quoted", '"user"')]:
        bad("role-" + name, fm("thread: main", "role: " + r, "date: " + DATE),
            "§4.3 a value that could be plain is not quoted" if name == "quoted" else "§4.2 role is system, user or assistant")
    for name, d in [("feb-30", "2026-02-30T00:00:00Z"), ("feb-29-not-leap", "2025-02-29T00:00:00Z"),
                    ("1900-feb-29", "1900-02-29T00:00:00Z"), ("hour-24", "2026-11-21T24:00:00Z"),
                    ("minute-60", "2026-11-21T09:60:00Z"), ("second-60", "2026-11-21T09:00:60Z"),
                    ("month-13", "2026-13-01T00:00:00Z"), ("day-0", "2026-11-00T00:00:00Z"),
                    ("fraction", "2026-11-21T09:00:00.5Z"), ("offset", '"2026-11-21T09:00:00+00:00"'),
                    ("lowercase", "2026-11-21t09:00:00z"), ("no-seconds", "2026-11-21T09:00Z"),
                    ("date-only", "2026-11-21"), ("space", '"2026-11-21 09:00:00Z"'), ("short-year", "226-11-21T09:00:00Z")]:
        bad("date-" + name, fm("thread: main", "role: user", "date: " + d), "§2 date is YYYY-MM-DDTHH:MM:SSZ naming a real date and time (§4.4)")
    for name, n in [("leading-zero", "012"), ("negative", '"-1"'), ("fraction", "1.5"), ("plus", '"+1"'),
                    ("empty", '""'), ("letters", "12k"), ("spaces", '" 12"')]:
        bad("input-tokens-" + name, fm(*ASSISTANT, "input-tokens: " + n), "§4.2 a decimal integer matches 0|[1-9][0-9]*")
    bad("latency-leading-zero", fm(*ASSISTANT, "latency-ms: 00"), "§4.2 a decimal integer matches 0|[1-9][0-9]*")
    for name, line in [("commit-39", "code-commit: " + COMMIT[:39]), ("commit-41", "code-commit: " + COMMIT + "0"),
                       ("commit-upper", "code-commit: " + COMMIT.upper()), ("commit-50", "code-commit: " + COMMIT + "0123456789"),
                       ("commit-empty", 'code-commit: ""'), ("dirty-false", "code-dirty: false"),
                       ("dirty-yes", "code-dirty: yes"), ("dirty-upper", "code-dirty: TRUE"), ("branch-empty", 'code-branch: ""')]:
        bad("code-" + name, fm(*BASE, line), "§4.7 a malformed code-commit, code-dirty or code-branch")
    for name, f in [("empty", '""'), ("no-path", BLOB1), ("empty-path", '"' + BLOB1 + ' "'),
                    ("bad-blob", '"' + BLOB1[:39] + ' a.txt"'), ("upper-blob", '"' + BLOB1.upper() + ' a.txt"'),
                    ("blank-entry", '"' + BLOB1 + ' a\\n\\n' + BLOB1 + ' b"'), ("trailing-lf", '"' + BLOB1 + ' a\\n"'),
                    ("tab-separator", '"' + BLOB1 + '\\ta"'), ("blob-48", '"' + BLOB1 + "01234567" + ' a"')]:
        bad("files-" + name, fm(*BASE, "files: " + f), "§4.7 files: entries BLOB SP PATH separated by LF, a blob id and a non-empty path")
    for name, line in [("from-short", "merged-from: " + ROOT[:12]), ("from-upper", "merged-from: " + ROOT.upper()),
                       ("thread-invalid", "merged-thread: HEAD"), ("thread-space", 'merged-thread: "a b"'),
                       ("summary-false", "merged-summary: false"), ("summary-empty", 'merged-summary: ""')]:
        lines = [*BASE]
        extra = [line] if not line.startswith("merged-from") else [line, "merged-thread: alt"]
        if line.startswith("merged-thread"):
            extra = ["merged-from: " + ROOT, line]
        if line.startswith("merged-summary"):
            extra = ["merged-from: " + ROOT, line, "merged-thread: alt"]
        bad("merged-" + name, fm(*lines, *extra), "§4.8 a malformed merged-from, merged-thread or merged-summary")
    quoting = "§4.3 a value that could be plain is not quoted"
    escapes = "§4.3 a quoted value uses only the escapes \\\\ \\\" \\n \\r \\t and \\u00XX below U+0020 and U+007F"
    bad("quoted-plain-model", fm(*ASSISTANT, 'model: "gpt-4o"'), quoting)
    bad("quoted-plain-thread", fm('thread: "main"', "role: user", "date: " + DATE), quoting)
    bad("quoted-plain-extension", fm(*BASE, 'x-a: "abc"'), quoting)
    bad("escape-x", fm(*BASE, 'x-a: "\\x41 b"'), escapes)
    bad("escape-u-printable", fm(*BASE, 'x-a: "\\u0041 b"'), escapes)
    bad("escape-u-uppercase", fm(*BASE, 'x-a: "\\u001B b"'), escapes)
    bad("escape-u-for-lf", fm(*BASE, 'x-a: "a\\u000ab"'), escapes)
    bad("escape-u-for-tab", fm(*BASE, 'x-a: "a\\u0009b"'), escapes)
    bad("escape-u-non-ascii", fm(*BASE, 'x-a: "\\u00e9 b"'), escapes)
    bad("escape-slash", fm(*BASE, 'x-a: "a\\/b c"'), escapes)
    bad("escape-single-quote", fm(*BASE, "x-a: \"it\\'s\""), escapes)
    bad("escape-short-u", fm(*BASE, 'x-a: "\\u01 b"'), escapes)
    bad("raw-tab-in-quotes", fm(*BASE, 'x-a: "a\tb"'), escapes)
    bad("raw-control-in-quotes", fm(*BASE, 'x-a: "a\x01b"'), escapes)
    bad("raw-del-in-quotes", fm(*BASE, 'x-a: "a\x7fb"'), escapes)
    bad("unterminated-quote", fm(*BASE, 'x-a: "a b'), escapes)
    bad("after-closing-quote", fm(*BASE, 'x-a: "a b"c'), escapes)
    bad("raw-quote-inside", fm(*BASE, 'x-a: "a"b"'), escapes)
    bad("trailing-backslash", fm(*BASE, 'x-a: "a b\\"'), escapes)
    plain = "§4.3 a value that cannot be plain is quoted"
    bad("plain-with-space", fm(*BASE, "x-a: a b"), plain)
    bad("plain-with-equals", fm(*BASE, "x-a: a=b"), plain)
    bad("plain-dash-start", fm(*BASE, "x-a: -x"), plain)
    bad("plain-colon-start", fm(*BASE, "x-a: :x"), plain)
    bad("plain-non-ascii", fm("thread: café", "role: user", "date: " + DATE), plain)
    bad("plain-trailing-space", fm(*BASE, "x-a: abc "), plain)
    bad("single-quoted", fm(*BASE, "x-a: 'a b'"), plain)
    return v


def main():
    valid_dir = os.path.join(HERE, "objects", "valid")
    invalid_dir = os.path.join(HERE, "objects", "invalid")
    for d in (valid_dir, invalid_dir):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    seen = set()
    for data in valid_cases():
        oid = hashlib.sha256(data).hexdigest()
        assert oid not in seen, data
        seen.add(oid)
        with open(os.path.join(valid_dir, oid + ".md"), "wb") as f:
            f.write(data)
    names = set()
    for name, data, rule in invalid_cases():
        assert name not in names, name
        names.add(name)
        with open(os.path.join(invalid_dir, name + ".md"), "wb") as f:
            f.write(data)
        with open(os.path.join(invalid_dir, name + ".rule"), "w") as f:
            f.write(rule + "\n")
    print(len(seen), "valid,", len(names), "invalid")


if __name__ == "__main__":
    main()
