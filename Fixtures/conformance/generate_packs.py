#!/usr/bin/env python3
"""Writes packs/ of the conformance set (docs/FORMAT.md §15): packs of objects from objects/valid/.

    python3 generate_packs.py

Not needed by the tests: the committed files are the vectors. Deterministic: the same objects give
the same files.

- valid/H.pack beside H.ids: a pack named by the SHA-256 of its bytes, and the ids it holds.
- invalid/NAME.pack beside NAME.rule: a pack a reader MUST treat as damaged (§15.1); the rule's
  first word is the check that catches it.
- damaged-objects/NAME.pack beside NAME.verdict: framing a reader accepts, with objects whose
  bytes fail their id, one `unusable ID` line each; the pack's other objects are read.
"""
import hashlib
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "packs")
VALID = os.path.join(HERE, "objects", "valid")


def objects():
    found = []
    for name in sorted(os.listdir(VALID)):
        with open(os.path.join(VALID, name), "rb") as f:
            found.append((name[:-3], f.read()))
    return found


def pack(entries, end=None):
    out = b"threadai-pack 1\n"
    for oid, data in entries:
        out += f"{oid} {len(data)}\n".encode() + data + b"\n"
    out += f"end {len(entries) if end is None else end}\n".encode()
    return out


def write(folder, name, data, side_name=None, side=None):
    os.makedirs(os.path.join(OUT, folder), exist_ok=True)
    with open(os.path.join(OUT, folder, name + ".pack"), "wb") as f:
        f.write(data)
    if side_name:
        with open(os.path.join(OUT, folder, name + side_name), "w") as f:
            f.write(side)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    every = objects()
    three = every[:3]
    for entries in (every[:1], three, every, []):
        data = pack(entries)
        name = hashlib.sha256(data).hexdigest()
        write("valid", name, data, ".ids", "".join(oid + "\n" for oid, _ in entries))

    base = pack(three)
    first_line_end = base.index(b"\n") + 1
    (a, da), (b, db), (c, dc) = three
    invalid = {
        "header-version": (b"threadai-pack 2\n" + base[first_line_end:], "header"),
        "header-missing": (base[first_line_end:], "header"),
        "empty-file": (b"", "header"),
        "entry-uppercase-id": (base.replace(a.encode(), a.upper().encode(), 1), "entry-line"),
        "entry-short-id": (base.replace(f"{a} ".encode(), f"{a[:63]} ".encode(), 1), "entry-line"),
        "entry-leading-zero": (base.replace(f"{a} {len(da)}\n".encode(), f"{a} 0{len(da)}\n".encode(), 1), "entry-line"),
        "entry-plus-length": (base.replace(f"{a} {len(da)}\n".encode(), f"{a} +{len(da)}\n".encode(), 1), "entry-line"),
        "entry-two-spaces": (base.replace(f"{a} ".encode(), f"{a}  ".encode(), 1), "entry-line"),
        "entry-crlf": (base.replace(f"{a} {len(da)}\n".encode(), f"{a} {len(da)}\r\n".encode(), 1), "entry-line"),
        "truncated-in-object": (base[: base.index(db) + 10], "past-end"),
        "truncated-after-object": (base[: base.index(dc) + len(dc)], "missing-lf"),
        "truncated-before-end": (base[: base.rindex(b"end ")], "entry-line"),
        "length-two-short": (base.replace(f"{a} {len(da)}\n".encode(), f"{a} {len(da) - 2}\n".encode(), 1), "missing-lf"),
        # The object's own last byte is an LF, so the framing LF then reads as an empty entry line.
        "length-one-short": (base.replace(f"{a} {len(da)}\n".encode(), f"{a} {len(da) - 1}\n".encode(), 1), "entry-line"),
        "length-past-end": (base.replace(f"{c} {len(dc)}\n".encode(), f"{c} {len(dc) + 1000}\n".encode(), 1), "past-end"),
        "ids-descending": (pack([three[1], three[0], three[2]]), "order"),
        "ids-duplicate": (pack([three[0], three[0], three[1]]), "order"),
        "end-wrong-count": (pack(three, end=2), "end-line"),
        "end-leading-zero": (pack(three, end="03"), "end-line"),
        "end-missing-lf": (base[:-1], "end-line"),
        "trailing-byte": (base + b"\n", "trailing"),
        "trailing-second-end": (base + b"end 3\n", "trailing"),
    }
    for name, (data, rule) in invalid.items():
        write("invalid", name, data, ".rule", f"{rule} §15.1\n")

    # Framing whole; one object's bytes changed (same length), so it fails its id alone.
    tampered = bytearray(db)
    tampered[10] ^= 0x20
    write("damaged-objects", "one-object-flipped", pack([(a, da), (b, bytes(tampered)), (c, dc)]),
          ".verdict", f"unusable {b}\n")
    # An entry that names an id other than its bytes' (sorted all the same).
    write("damaged-objects", "bytes-of-another", pack([(a, da), (b, dc), (c, dc)]), ".verdict", f"unusable {b}\n")


if __name__ == "__main__":
    main()
