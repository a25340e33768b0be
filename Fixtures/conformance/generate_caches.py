#!/usr/bin/env python3
"""Writes cache/<kind>/ of the conformance set (docs/FORMAT.md §12): sound cache files of
repos/forks-of-forks and damaged copies, each beside a .verdict.

    T=$(mktemp -d); cp -R repos/forks-of-forks/threadai $T/.threadai
    threadai --repo $T/.threadai cache rebuild
    python3 generate_caches.py $T/.threadai/cache

Not needed by the tests: the committed files are the vectors. `threads`, `messages` and `search`
come from `cache rebuild`; `objects` (which `rebuild` only keeps up) is written here. Each damage
parses a sound file into its parts, changes one thing and writes it back with a correct checksum
(or `check` line), so that the check a reader must make is the only thing that catches it.
"""
import hashlib
import os
import random
import shutil
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, "repos", "forks-of-forks", "threadai")
M64 = (1 << 64) - 1
K = 0xBF58476D1CE4E5B9


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def check(data):
    """§12.3 CHECK."""
    n = len(data)
    lanes = [(0x9E3779B97F4A7C15 ^ n) & M64]
    lanes += [(lanes[0] + i) & M64 for i in (1, 2, 3)]
    padded = data + b"\0" * (-n % 8)
    for k in range(len(padded) // 8):
        w = struct.unpack_from("<Q", padded, 8 * k)[0]
        lanes[k % 4] = ((rotl(lanes[k % 4], 29) ^ w) * K) & M64
    h = lanes[0]
    for lane in lanes[1:]:
        h = ((rotl(h, 29) ^ lane) * K) & M64
    return h ^ (h >> 32)


# --- cache/threads (§12.1): text -----------------------------------------------------------------

def threads_text(lines):
    body = "".join(l + "\n" for l in lines).encode()
    return body + b"checksum " + hashlib.sha256(body).hexdigest().encode() + b"\n"


def threads_lines(data):
    text = data.decode()
    lines = text.split("\n")[:-1]
    assert lines[-1].startswith("checksum ")
    assert threads_text(lines[:-1]) == data
    return lines[:-1]


# --- cache/messages (§12.2) ------------------------------------------------------------------------

MSG_HEADER = b"threadai-cache messages 2\n"


def messages_parse(data):
    assert data.startswith(MSG_HEADER)
    end = len(data) - 74  # "checksum " 64 hex LF
    n, h = struct.unpack_from("<II", data, end - 9)
    p = len(MSG_HEADER)
    cols = {"headlines": data[p:p + h]}
    p += h
    cols["ids"] = [data[p + 32 * i:p + 32 * i + 32] for i in range(n)]; p += 32 * n
    cols["parents"] = list(struct.unpack_from("<%dI" % n, data, p)); p += 4 * n
    cols["dates"] = list(struct.unpack_from("<%dq" % n, data, p)); p += 8 * n
    cols["flags"] = list(data[p:p + n]); p += n
    cols["spans"] = [struct.unpack_from("<II", data, p + 8 * i) for i in range(n)]; p += 8 * n
    assert p == end - 9
    assert messages_write(cols) == data
    return cols


def messages_write(c, header=MSG_HEADER, count=None):
    n = len(c["ids"])
    out = header + c["headlines"] + b"".join(c["ids"]) + struct.pack("<%dI" % n, *c["parents"])
    out += struct.pack("<%dq" % n, *c["dates"]) + bytes(c["flags"]) + b"".join(struct.pack("<II", *s) for s in c["spans"])
    out += struct.pack("<II", n if count is None else count, len(c["headlines"])) + b"\n"
    return out + b"checksum " + hashlib.sha256(out).hexdigest().encode() + b"\n"


# --- cache/search (§12.3) --------------------------------------------------------------------------

SEARCH_HEADER = b"threadai-cache search 1\n"


def search_parse(data):
    assert data.startswith(SEARCH_HEADER)
    end = len(data) - 23  # "check " 16 hex LF
    n, b, c, k, m, t = struct.unpack_from("<IIQIII", data, end - 1 - 28)
    p = len(SEARCH_HEADER)
    s = {"content": data[p:p + c]}; p += c
    s["ids"] = [data[p + 32 * i:p + 32 * i + 32] for i in range(n)]; p += 32 * n
    s["parents"] = list(struct.unpack_from("<%dI" % n, data, p)); p += 4 * n
    s["dates"] = list(struct.unpack_from("<%dq" % n, data, p)); p += 8 * n
    s["flags"] = list(data[p:p + n]); p += n
    s["threads"] = list(struct.unpack_from("<%dI" % n, data, p)); p += 4 * n
    s["codes"] = list(struct.unpack_from("<%dI" % n, data, p)); p += 4 * n
    s["ends"] = list(struct.unpack_from("<%dQ" % n, data, p)); p += 8 * n
    s["blocks"] = [struct.unpack_from("<IQ", data, p + 12 * i) for i in range(b)]; p += 12 * b
    s["tables"] = data[p:p + t]; s["k"] = k; s["m"] = m; p += t
    assert p == end - 1 - 28
    assert search_write(s) == data, "search round trip"
    return s


def search_write(s, header=SEARCH_HEADER, counts=None):
    n = len(s["ids"])
    rest = b"".join(s["ids"]) + struct.pack("<%dI" % n, *s["parents"]) + struct.pack("<%dq" % n, *s["dates"])
    rest += bytes(s["flags"]) + struct.pack("<%dI" % n, *s["threads"]) + struct.pack("<%dI" % n, *s["codes"])
    rest += struct.pack("<%dQ" % n, *s["ends"]) + b"".join(struct.pack("<IQ", *bl) for bl in s["blocks"]) + s["tables"]
    rest += struct.pack("<IIQIII", *(counts or (n, len(s["blocks"]), len(s["content"]), s["k"], s["m"], len(s["tables"])))) + b"\n"
    return header + s["content"] + rest + b"check %016x\n" % check(header + rest)


# --- cache/objects (§12.4) -------------------------------------------------------------------------

OBJ_HEADER = b"threadai-cache objects 1\n"


def objects_write(records, header=OBJ_HEADER, ends=None):
    """records: [(id bytes, object bytes)] in the order given."""
    body = b"".join(r[1] for r in records)
    if ends is None:
        ends, total = [], 0
        for r in records:
            total += len(r[1]); ends.append(total)
    rest = b"".join(r[0] for r in records) + struct.pack("<%dQ" % len(ends), *ends)
    rest += struct.pack("<IQ", len(records), len(body)) + b"\n"
    return header + body + rest + b"check %016x\n" % check(header + rest)


def repo_objects():
    out = []
    for d in sorted(os.listdir(os.path.join(REPO, "objects"))):
        for f in sorted(os.listdir(os.path.join(REPO, "objects", d))):
            data = open(os.path.join(REPO, "objects", d, f), "rb").read()
            out.append((bytes.fromhex(d + f[:-3]), data))
    return sorted(out)


# --- the vectors -----------------------------------------------------------------------------------

def main(built):
    root = os.path.join(HERE, "cache")
    shutil.rmtree(root, ignore_errors=True)
    vectors = []  # (kind, name, bytes, verdict line)

    def v(kind, name, data, verdict):
        vectors.append((kind, name, data, verdict))

    rng = random.Random(35)
    sound = {k: open(os.path.join(built, k), "rb").read() for k in ("threads", "messages", "search")}
    sound["objects"] = objects_write(repo_objects())
    headers = {"threads": b"threadai-cache threads 1\n", "messages": MSG_HEADER, "search": SEARCH_HEADER, "objects": OBJ_HEADER}
    for kind, data in sound.items():
        sec = {"threads": "§12.1", "messages": "§12.2", "search": "§12.3", "objects": "§12.4"}[kind]
        v(kind, "sound", data, "use %s a sound file of repos/forks-of-forks" % sec)
        v(kind, "empty", b"", "absent §12 rule 3 truncated")
        v(kind, "truncated-half", data[:len(data) // 2], "absent §12 rule 3 truncated")
        v(kind, "truncated-last-byte", data[:-1], "absent §12 rule 3 truncated")
        v(kind, "extra-byte", data + b"\n", "absent %s the size is not what the counts make it (or the checksum line is not last)" % sec)
        v(kind, "random", bytes(rng.randrange(256) for _ in range(len(data))), "absent §12 rule 3 another kind")
        other = "messages" if kind == "threads" else "threads"
        v(kind, "other-kind-header", headers[other] + data[len(headers[kind]):], "absent §12 rule 3 another kind")
        bumped = headers[kind][:-2] + bytes([headers[kind][-2] + 1]) + b"\n"
        v(kind, "next-version-header", bumped + data[len(headers[kind]):], "absent §12 rule 3 another version")
        # One byte of the checked part changed, the checksum left as it was.
        flip = bytearray(data)
        at = len(headers[kind]) + 3 if kind == "threads" else len(data) - 80
        flip[at] ^= 0x01
        v(kind, "checksum-mismatch", bytes(flip), "absent §12 rule 3 the checksum fails")
        last = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
        v(kind, "checksum-uppercase", data[:-len(last) - 1] + last.upper().replace(b"CHECKSUM", b"checksum").replace(b"CHECK", b"check") + b"\n",
          "absent §12 rule 3 the checksum is written in lowercase hex")

    # threads (§12.1)
    lines = threads_lines(sound["threads"])
    body = lines[2:]
    def tl(name, new_lines, verdict):
        v("threads", name, threads_text(new_lines), verdict)
    tl("reordered", lines[:2] + body[::-1], "absent §12.1 lines sorted by the bytes of the name, each name once")
    tl("duplicate-line", lines[:2] + [body[0]] + body, "absent §12.1 lines sorted by the bytes of the name, each name once")
    def field(line, index, value):
        """Field `index` of a line: 0 `thread`, 1 NAME, 2 HEADS, 3 FORK, 4 PARENT, 5 COUNT, 6 OWN,
        7 DATE, 8 TITLE-SOURCE, then TITLE (the first line's NAME and PARENT hold no space)."""
        parts = line.split(" ")
        parts[index] = value
        return " ".join(parts)
    f0 = body[0].split(" ")
    tl("title-source-chain", lines[:2] + [field(body[0], 8, "chain")] + body[1:], "absent §12.1 a line with chain, or a TITLE-SOURCE a reader does not know")
    tl("title-source-unknown", lines[:2] + [field(body[0], 8, "later")] + body[1:], "absent §12.1 a line with chain, or a TITLE-SOURCE a reader does not know")
    tl("count-leading-zero", lines[:2] + [field(body[0], 5, "0" + f0[5])] + body[1:], "absent §12.1 COUNT and OWN are decimal integers 0|[1-9][0-9]*")
    tl("count-plus", lines[:2] + [field(body[0], 5, "+" + f0[5])] + body[1:], "absent §12.1 COUNT and OWN are decimal integers 0|[1-9][0-9]*")
    tl("own-above-count", lines[:2] + [field(body[0], 6, str(int(f0[5]) + 1))] + body[1:], "absent §12.1 OWN is at most COUNT")
    tl("heads-uppercase", lines[:2] + [field(body[0], 2, f0[2].upper())] + body[1:], "absent §12.1 HEADS are ids (§2 lowercase hex)")
    tl("date-invalid", lines[:2] + [field(body[0], 7, "2026-02-30T00:00:00Z")] + body[1:], "absent §12.1 DATE is a §2 date")
    tl("renames-line-missing", lines[:1] + body, "absent §12.1 the second line is renames FINGERPRINT")
    tl("no-threads", lines[:2], "use §12.1 a file with no thread line: nothing cached yet")
    tl("unknown-thread", lines[:2] + body + ["thread zzz-gone " + " ".join(f0[2:])], "use §12.1 a line whose thread no longer exists is ignored")
    tl("stale-renames", [lines[0], "renames " + "0" * 64] + body, "use §12.1 a sound file; stale against this repository's renames (no file), so every line is recomputed (rule 4)")

    # messages (§12.2)
    cols = messages_parse(sound["messages"])
    n = len(cols["ids"])
    def mv(name, change, verdict, **kw):
        c = {k: (list(x) if isinstance(x, list) else x) for k, x in cols.items()}
        change(c)
        v("messages", name, messages_write(c, **kw), verdict)
    child = next(i for i, p in enumerate(cols["parents"]) if p)
    mv("parent-beyond-count", lambda c: c["parents"].__setitem__(child, n + 1), "absent §12.2 every parent number is at most N")
    mv("parent-self", lambda c: c["parents"].__setitem__(child, child + 1), "absent §12.2 a record is not its own parent")
    mv("role-3", lambda c: c["flags"].__setitem__(0, (c["flags"][0] & ~3) | 3), "absent §12.2 every role (bits 0-1 of FLAGS) at most 2")
    mv("flag-bit-6", lambda c: c["flags"].__setitem__(0, c["flags"][0] | 0x40), "absent §12.2 FLAGS bits 6-7 are 0")
    mv("flag-interrupted-and-error", lambda c: c["flags"].__setitem__(0, c["flags"][0] | 0x0C), "absent §12.2 FLAGS bits 2 and 3 are not both set")
    mv("span-outside", lambda c: c["spans"].__setitem__(0, (len(c["headlines"]), 1)), "absent §12.2 every span inside HEADLINES")
    def swap_ids(c):
        # Swapping two records whole keeps every column consistent: only the order of IDS is wrong.
        a, b = 0, 1
        for key in ("ids", "dates", "flags", "spans"):
            c[key][a], c[key][b] = c[key][b], c[key][a]
        remap = {a + 1: b + 1, b + 1: a + 1}
        c["parents"] = [remap.get(p, p) for p in c["parents"]]
        c["parents"][a], c["parents"][b] = c["parents"][b], c["parents"][a]
    mv("ids-out-of-order", swap_ids, "absent §12.2 IDS strictly ascending")
    mv("ids-duplicate", lambda c: c["ids"].__setitem__(1, c["ids"][0]), "absent §12.2 IDS strictly ascending")
    v("messages", "version-1", b"threadai-cache messages 1\n" + sound["messages"][len(MSG_HEADER):], "absent §12.2 a version 1 file is of another version")
    mv("count-too-large", lambda c: None, "absent §12.2 the size is exactly what N and H make it", count=n + 1)

    # search (§12.3)
    s = search_parse(sound["search"])
    n = len(s["ids"])
    def sv(name, change, verdict, **kw):
        t = {k: (list(x) if isinstance(x, list) else x) for k, x in s.items()}
        change(t)
        v("search", name, search_write(t, **kw), verdict)
    child = next(i for i, p in enumerate(s["parents"]) if p)
    sv("parent-beyond-count", lambda t: t["parents"].__setitem__(child, n + 1), "absent §12.3 every parent number is at most N")
    sv("parent-self", lambda t: t["parents"].__setitem__(child, child + 1), "absent §12.3 a record is not its own parent")
    sv("role-3", lambda t: t["flags"].__setitem__(0, 3), "absent §12.3 FLAGS bits 0-1 a role, other bits 0")
    sv("thread-beyond-names", lambda t: t["threads"].__setitem__(0, t["k"]), "absent §12.3 every THREADS number inside NAMES")
    sv("code-beyond-commits", lambda t: t["codes"].__setitem__(0, t["m"] + 1), "absent §12.3 every CODES number inside COMMITS")
    sv("ends-descending", lambda t: t["ends"].__setitem__(0, t["ends"][1] + 1), "absent §12.3 ENDS ascending")
    sv("ends-short-of-content", lambda t: t["ends"].__setitem__(n - 1, t["ends"][n - 1] - 1), "absent §12.3 ENDS end at C")
    sv("first-block-not-0", lambda t: t["blocks"].__setitem__(0, (1, t["blocks"][0][1])), "absent §12.3 first[0] = 0")
    def swap(t):
        a, b = 0, 1
        t["ids"][a], t["ids"][b] = t["ids"][b], t["ids"][a]
    sv("ids-out-of-order", swap, "absent §12.3 IDS in ascending order")
    def tamper(t):
        content = bytearray(t["content"]); content[0] ^= 0x20; t["content"] = bytes(content)
    sv("block-check-fails", tamper, "use §12.3 a block whose CHECK fails is read from its objects; block 0 fails")

    # objects (§12.4)
    records = repo_objects()
    v("objects", "ids-out-of-order", objects_write([records[1], records[0]] + records[2:]), "absent §12.4 IDS strictly ascending")
    v("objects", "ids-duplicate", objects_write([records[0], records[0]] + records[2:]), "absent §12.4 IDS strictly ascending")
    total = sum(len(r[1]) for r in records)
    ends = []
    acc = 0
    for r in records:
        acc += len(r[1]); ends.append(acc)
    v("objects", "ends-short", objects_write(records, ends=ends[:-1] + [total - 1]), "absent §12.4 ENDS end at C")
    bad = bytearray(records[2][1]); bad[-2] ^= 0x20
    v("objects", "record-fails-its-id", objects_write(records[:2] + [(records[2][0], bytes(bad))] + records[3:]),
      "use §12.4 a record whose SHA-256 is not its id is read from its object\nunusable " + records[2][0].hex())

    for kind, name, data, verdict in vectors:
        folder = os.path.join(root, kind)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, name + ".verdict"), "w") as f:
            f.write(verdict + "\n")
    print(len(vectors), "cache vectors")


if __name__ == "__main__":
    main(sys.argv[1])
