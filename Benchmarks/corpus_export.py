#!/usr/bin/env python3
"""Turns a gen_corpus.py corpus (JSON Lines) into a threadai-json export (docs/FORMAT.md §11).

usage: Benchmarks/corpus_export.py CORPUS.jsonl EXPORT.json [THREAD-PREFIX]

Each corpus message becomes a message object (docs/FORMAT.md §4): its parent, its `thread` as the
thread it was written on, its role and date, and `model` on assistant messages (as ThreadAI records
it); each corpus thread becomes a thread at its last message, under the same name as the branch
to_git.py makes. So `threadai import threadai-json EXPORT.json` builds the repository that holds the
same history as the git repository, and the benchmark measures the product's own import.
A THREAD-PREFIX (`deep/`) puts every thread under it, so one corpus can join another's repository.

The export follows §11: messages sorted by id, threads by name. Only the ids and the file offsets of
the corpus lines are held in memory; the objects are encoded again in a second pass, in id order.
"""
import hashlib, json, re, sys

PLAIN = re.compile(r"[A-Za-z0-9_./][A-Za-z0-9._/+@:-]*")


def value(text):
    """A frontmatter value in its one canonical form (§4.3)."""
    if PLAIN.fullmatch(text):
        return text
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    quoted = "".join(
        escapes.get(c) or ("\\u%04x" % ord(c) if ord(c) < 0x20 or ord(c) == 0x7F else c) for c in text)
    return '"' + quoted + '"'


def encode(message, parent_id, prefix=""):
    """The message object's exact bytes (§4.1, §4.2)."""
    lines = ["---\n"]
    if parent_id:
        lines.append("parent: %s\n" % parent_id)
    lines.append("thread: %s\nrole: %s\ndate: %s\n" % (value(prefix + message["thread"]), message["role"], message["date"]))
    if message["role"] == "assistant" and message.get("model"):
        lines.append("model: %s\n" % value(message["model"]))
    lines.append("---\n%s\n" % message["content"])
    return "".join(lines).encode()


def convert(corpus_path, export_path, prefix=""):
    ids, offsets, heads = {}, [], {}
    with open(corpus_path, "rb") as corpus:
        offset = 0
        for line in corpus:
            message = json.loads(line)
            object_id = hashlib.sha256(encode(message, ids.get(message["parent"]), prefix)).hexdigest()
            ids[message["id"]] = object_id
            heads[prefix + message["thread"]] = object_id
            offsets.append((object_id, offset))
            offset += len(line)
        offsets.sort()
        with open(export_path, "w", encoding="utf-8") as export:
            export.write('{\n  "format" : "threadai-json",\n  "messages" : [\n')
            for index, (object_id, offset) in enumerate(offsets):
                corpus.seek(offset)
                message = json.loads(corpus.readline())
                text = encode(message, ids.get(message["parent"]), prefix).decode()
                export.write('    {\n      "id" : "%s",\n      "object" : %s\n    }%s\n' % (
                    object_id, json.dumps(text, ensure_ascii=False), "," if index + 1 < len(offsets) else ""))
            export.write('  ],\n  "threads" : [\n')
            names = sorted(heads, key=lambda name: name.encode())
            for index, name in enumerate(names):
                export.write('    {\n      "heads" : [\n        "%s"\n      ],\n      "name" : %s\n    }%s\n' % (
                    heads[name], json.dumps(name, ensure_ascii=False), "," if index + 1 < len(names) else ""))
            export.write('  ],\n  "version" : 1\n}\n')
    return len(offsets), len(heads)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[2])
    messages, threads = convert(*sys.argv[1:])
    print(f"{messages} messages, {threads} threads -> {sys.argv[2]}")
