#!/usr/bin/env python3
"""Writes anchors/ of the conformance set (docs/FORMAT.md §4.7.1): anchor notes, each beside
NAME.expected, whose lines are what a reader concludes: `anchor LINE` for each message anchored (the
note line that anchors it, in the order of the file), `malformed N` for each malformed line (from
1), and `cut-short` when the last line has no LF.

Not needed by the tests: the committed files are the vectors.
"""
import hashlib
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "anchors")


def mid(n):
    return hashlib.sha256(f"message {n}".encode()).hexdigest()


def c1(n):
    return hashlib.sha1(f"commit {n}".encode()).hexdigest()


C256 = hashlib.sha256(b"commit sha256").hexdigest()


def write(name, text, expected):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(text.encode())
    with open(os.path.join(HERE, name + ".expected"), "wb") as f:
        f.write("".join(line + "\n" for line in expected).encode())


def main():
    os.makedirs(HERE, exist_ok=True)
    valid = [
        f"{mid(1)} {c1(1)} clean main",
        f"{mid(2)} {c1(1)} dirty feature/x",
        f"{mid(3)} {c1(2)} clean",  # a detached HEAD: no branch
        f"{mid(4)} - clean main",  # an unborn branch
        f"{mid(5)} {C256} dirty \"notes [v2] \\\"draft\\\"\"",  # a SHA-256 commit, a quoted branch
        f"{mid(6)} {c1(3)} clean \"caf\u00e9\"",  # a branch outside ASCII, quoted
    ]
    later = f"{mid(1)} {c1(4)} dirty other"  # a later line for an anchored message: ignored
    write("valid", "".join(line + "\n" for line in valid + [later]), ["anchor " + line for line in valid])
    lines = [
        (f"{mid(10)} {c1(1)} clean main", True),
        (f"{mid(11)} {c1(1)}", False),  # two fields
        (f"{mid(12).upper()} {c1(1)} clean", False),  # an id in capitals
        (f"{mid(13)} {c1(1)[:39]} clean", False),  # a commit of 39 digits
        (f"{mid(14)} {c1(1)} Dirty", False),  # a state other than clean or dirty
        (f"{mid(15)} {c1(1)} clean \"main\"", False),  # a quoted branch that could be plain
        (f"{mid(16)} {c1(1)} clean \"\"", False),  # an empty branch
        (f"{mid(17)} - dirty", False),  # an unborn branch without its name
        (f"{mid(18)} {c1(1)} clean\r", False),  # a CR before the LF
        (f"{mid(19)} {c1(1)}  clean", False),  # two spaces
        ("", False),  # an empty line
        (f"{mid(20)} {c1(2)} dirty", True),
    ]
    expected = ["anchor " + line for line, good in lines if good]
    expected += [f"malformed {n}" for n, (_, good) in enumerate(lines, start=1) if not good]
    write("malformed", "".join(line + "\n" for line, _ in lines), expected)
    write("cut-short", f"{mid(30)} {c1(1)} clean main\n{mid(31)} {c1(1)} dirty ma",
          [f"anchor {mid(30)} {c1(1)} clean main", "cut-short"])
    write("empty", "", [])


if __name__ == "__main__":
    main()
