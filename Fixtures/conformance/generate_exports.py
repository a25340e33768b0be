#!/usr/bin/env python3
"""Writes export/valid/ and export/invalid/ of the conformance set (docs/FORMAT.md §11).

    T=$(mktemp -d)
    for c in forks-of-forks diverged local-threads tags; do
      mkdir -p $T/$c && cp -R repos/$c/threadai $T/$c/.threadai
    done
    rm $T/tags/.threadai/refs/tags/broken $T/tags/.threadai/refs/tags/nodate  # an export refuses them
    for c in forks-of-forks diverged local-threads tags; do
      threadai --repo $T/$c/.threadai export json --include-local > $T/$c.json
    done
    python3 generate_exports.py $T

Not needed by the tests: the committed files are the vectors. The valid exports are `threadai`'s
own, plus the same document as other JSON writers lay it out (the layout is not part of the
format); each `NAME.expected.json` says what an empty repository holds after importing it, stated
here from the export by §11's rules (a diverged thread is not imported). Each invalid export is the
small one with one thing broken, beside a `.rule`.
"""
import hashlib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def expected(doc):
    threads = {t["name"]: t["heads"][0] for t in doc["threads"] if len(set(t["heads"])) == 1}
    tags = {t["name"]: t["tag"].split("\n", 1)[0] for t in doc.get("tags", [])}
    out = {"threads": threads, "tags": tags}
    if "renames" in doc:
        out["renames"] = doc["renames"]
    return out


def case_clash(doc):
    clash = json.loads(json.dumps(doc))
    head = clash["threads"][0]["heads"][0]
    clash["threads"] = sorted(clash["threads"] + [{"heads": [head], "name": "Topic"}, {"heads": [head], "name": "topic"}],
                              key=lambda t: t["name"].encode())
    return clash


def main(built):
    root = os.path.join(HERE, "export")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "valid"))
    os.makedirs(os.path.join(root, "invalid"))

    def valid(name, text, doc):
        with open(os.path.join(root, "valid", name + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        with open(os.path.join(root, "valid", name + ".expected.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(expected(doc), f, indent=2, ensure_ascii=False, sort_keys=True)
            f.write("\n")

    def invalid(name, doc_or_text, rule):
        text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text, indent=2, ensure_ascii=False) + "\n"
        with open(os.path.join(root, "invalid", name + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        with open(os.path.join(root, "invalid", name + ".rule"), "w", encoding="utf-8") as f:
            f.write(rule + "\n")

    docs = {}
    for case in ("forks-of-forks", "diverged", "local-threads", "tags"):
        text = open(os.path.join(built, case + ".json"), encoding="utf-8").read()
        docs[case] = json.loads(text)
        valid(case, text, docs[case])
    small = docs["forks-of-forks"]
    # The same documents as other JSON writers lay them out: a reader parses the JSON (§11).
    valid("compact", json.dumps(small, separators=(",", ":"), ensure_ascii=False) + "\n", small)
    valid("ascii-escaped", json.dumps(docs["tags"], indent=1, ensure_ascii=True), docs["tags"])
    reordered = {"version": 1, "threads": small["threads"][::-1], "messages": small["messages"][::-1],
                 "format": "threadai-json", "x-exporter": {"name": "another tool", "keys": [1, 2]}}
    valid("reordered-with-unknown-key", json.dumps(reordered, indent=4, ensure_ascii=False) + "\n", small)
    # A repository with renames: the export carries them, and an import appends them.
    renamed = json.loads(json.dumps(small))
    renamed["renames"] = "draft\tfresh\nold/name\tdraft\n"
    valid("with-renames", json.dumps(renamed, indent=2, ensure_ascii=False, sort_keys=True) + "\n", renamed)
    # Two clones made Topic and topic and git merged them: the export holds both names, and an import
    # creates both (§11; only a file system that folds case cannot hold the second).
    clash = case_clash(small)
    valid("case-clash", json.dumps(clash, indent=2, ensure_ascii=False, sort_keys=True) + "\n", clash)

    def broken(change):
        doc = json.loads(json.dumps(small))
        change(doc)
        return doc

    first = small["messages"][0]
    invalid("format-other", broken(lambda d: d.__setitem__("format", "threadai-jsonl")), "§11 a reader rejects another format")
    invalid("format-missing", broken(lambda d: d.pop("format")), "§11 a reader rejects another format (none)")
    invalid("version-2", broken(lambda d: d.__setitem__("version", 2)), "§11 a reader rejects a version it does not know")
    invalid("version-string", broken(lambda d: d.__setitem__("version", "1")), "§11 a reader rejects a version it does not know")
    def wrong_id(d):
        oid = d["messages"][3]["id"]
        d["messages"][3]["id"] = oid[:-1] + ("0" if oid[-1] != "0" else "1")
    invalid("id-mismatch", broken(wrong_id), "§11 an object that does not hash to its id")
    invalid("object-changed", broken(lambda d: d["messages"][3].__setitem__("object", d["messages"][3]["object"].replace("\n---\n", "\n---\n ", 1))),
            "§11 an object that does not hash to its id")
    invalid("id-uppercase", broken(lambda d: d["messages"][3].__setitem__("id", d["messages"][3]["id"].upper())),
            "§11 an object that does not hash to its id (ids are lowercase hex, §2)")
    bad_object = "---\nthread: main\nrole: tool\ndate: 2026-11-21T09:00:00Z\n---\nNot a role.\n"
    invalid("object-invalid-message", broken(lambda d: d["messages"].append(
        {"id": hashlib.sha256(bad_object.encode()).hexdigest(), "object": bad_object})),
        "§11 an object that is not a valid message (§4.4: role)")
    no_lf = "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nNo final line feed."
    invalid("object-without-final-lf", broken(lambda d: d["messages"].append(
        {"id": hashlib.sha256(no_lf.encode()).hexdigest(), "object": no_lf})),
        "§11 an object that is not a valid message (§4.1: a final LF)")
    invalid("head-missing", broken(lambda d: d["threads"].append({"heads": ["ab" * 32], "name": "zz-missing"})),
            "§11 a head that is not among the messages")
    invalid("renames-malformed", broken(lambda d: d.__setitem__("renames", "draft fresh\n")),
            "§11 a renames line that is not two valid thread names separated by one TAB is refused")
    invalid("renames-invalid-name", broken(lambda d: d.__setitem__("renames", "draft\tHEAD\n")),
            "§11 a renames line that is not two valid thread names separated by one TAB is refused")
    invalid("tag-malformed", broken(lambda d: d.__setitem__("tags", [{"name": "v1", "tag": "not an id\n"}])),
            "§11 a tag file that is malformed (§5.6) is refused")
    invalid("tag-unknown-message", broken(lambda d: d.__setitem__("tags", [{"name": "v1", "tag": "cd" * 32 + "\n"}])),
            "§11 a tag that names a message neither in the export nor in the repository is refused")
    text = json.dumps(small, indent=2) + "\n"
    invalid("truncated", text[: len(text) // 2], "§11 a reader parses the JSON: this is not a JSON document")
    print(len(os.listdir(os.path.join(root, "valid"))) // 2, "valid,", len(os.listdir(os.path.join(root, "invalid"))) // 2, "invalid")


if __name__ == "__main__":
    main(sys.argv[1])
