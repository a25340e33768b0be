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

    multi_pack_index([(hashlib.sha256(pack(e)).hexdigest(), pack(e), e) for e in (every[:1], three, every)])


def multi_pack_index(packs):
    """multi-pack-index/NAME.idx beside NAME.verdict (§15.2, "The multi-pack index") over the valid
    packs: `use` when a reader accepts its frame (each entry it uses is still checked against the
    pack; `wrong-offsets` is such a file: used, and every entry fails its pack's framing), `absent`
    when it must treat the file as missing."""
    import struct
    packs = sorted(packs)
    rows = {}
    for number, (name, data, entries) in enumerate(packs):
        offset = len(b"threadai-pack 1\n")
        for oid, body in entries:
            offset += len(f"{oid} {len(body)}\n".encode())
            rows.setdefault(oid, (number, offset, len(body)))
            offset += len(body) + 1

    def encode(packs_part=None, rows_part=None, header=b"threadai-cache multi-pack-index 1\n", count=None, shift=0):
        listed = packs if packs_part is None else packs_part
        table = sorted(rows.items()) if rows_part is None else rows_part
        body = header + f"packs {len(listed)}\n".encode()
        body += b"".join(f"{name} {len(data)}\n".encode() for name, data, _ in listed)
        body += b"".join(bytes.fromhex(oid) for oid, _ in table)
        body += b"".join(struct.pack("<I", number) for _, (number, _, _) in table)
        body += b"".join(struct.pack("<Q", offset + shift) for _, (_, offset, _) in table)
        body += b"".join(struct.pack("<Q", length) for _, (_, _, length) in table)
        body += struct.pack("<Q", len(table) if count is None else count) + b"\n"
        return body + b"checksum " + hashlib.sha256(body).hexdigest().encode() + b"\n"

    sound = encode()
    folder = os.path.join(OUT, "multi-pack-index")
    os.makedirs(folder, exist_ok=True)
    vectors = {
        "sound": (sound, "use a multi-pack index over the valid packs"),
        "wrong-offsets": (encode(shift=1), "use the frame checks; every entry fails its pack's framing, so each object is looked up in the packs"),
        "checksum-mismatch": (sound[:-10] + b"0" * 9 + b"\n", "use the checksum is not read before an entry is used: each entry is checked against its pack"),
        "empty": (b"", "absent truncated"),
        "truncated-last-byte": (sound[:-1], "absent truncated"),
        "extra-byte": (sound + b"\n", "absent the size is not what P and N make it"),
        "count-one-more": (encode(count=len(rows) + 1), "absent the size is not what P and N make it"),
        "other-kind-header": (encode(header=b"threadai-cache pack-index 2\n"), "absent another kind"),
        "next-version-header": (encode(header=b"threadai-cache multi-pack-index 2\n"), "absent another version"),
        "packs-descending": (encode(packs_part=packs[::-1]), "absent pack lines in ascending name order"),
        "pack-name-uppercase": (sound.replace(packs[0][0].encode(), packs[0][0].upper().encode(), 1), "absent a pack line is H SP SIZE"),
    }
    for name, (data, verdict) in vectors.items():
        with open(os.path.join(folder, name + ".idx"), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, name + ".verdict"), "w") as f:
            f.write(verdict + "\n")


if __name__ == "__main__":
    main()
