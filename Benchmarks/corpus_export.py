#!/usr/bin/env python3
"""Turns a gen_corpus.py corpus (JSON Lines) into a threadai-json export (docs/FORMAT.md §11).

usage: Benchmarks/corpus_export.py CORPUS.jsonl EXPORT.json [THREAD-PREFIX]
       Benchmarks/corpus_export.py --chatgpt CORPUS.jsonl CONVERSATIONS.json

Each corpus message becomes a message object (docs/FORMAT.md §4): its parent, its `thread` as the
thread it was written on, its role and date, and `model` on assistant messages (as ThreadAI records
it); each corpus thread becomes a thread at its last message, under the same name as the branch
to_git.py makes. So `threadai import threadai-json EXPORT.json` builds the repository that holds the
same history as the git repository, and the benchmark measures the product's own import.
A THREAD-PREFIX (`deep/`) puts every thread under it, so one corpus can join another's repository.

With --chatgpt it writes the corpus as ChatGPT's `conversations.json` instead (a conversation per
corpus conversation, its `main` thread's last message the `current_node`, forks as siblings in the
`mapping`), to measure the import people run most; threads are then named as the import names them.

The export follows §11: messages sorted by id, threads by name. Only the ids and the file offsets of
the corpus lines are held in memory; the objects are encoded again in a second pass, in id order.
"""
import calendar, hashlib, json, re, sys, time

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


def convert_chatgpt(corpus_path, export_path):
    """One conversation in memory at a time: the corpus holds each conversation's lines together."""
    with open(corpus_path, "rb") as corpus, open(export_path, "w", encoding="utf-8") as export:
        conversations = []  # the one being read
        for line in corpus:
            message = json.loads(line)
            name = message["thread"].split("/")[0]
            date = calendar.timegm(time.strptime(message["date"], "%Y-%m-%dT%H:%M:%SZ"))
            if not conversations or conversations[-1]["id"] != name:
                if conversations:
                    export.write("," if export.tell() > 1 else "")
                    export.write(json.dumps(conversations.pop(), ensure_ascii=False))
                else:
                    export.write("[")
                conversations.append({"id": name, "title": "Conversation " + name, "create_time": date, "mapping": {}})
            conversation = conversations[-1]
            conversation["mapping"][message["id"]] = {
                "id": message["id"], "parent": message["parent"], "children": [],
                "message": {"author": {"role": message["role"]}, "create_time": date,
                            "content": {"content_type": "text", "parts": [message["content"]]},
                            "metadata": {"model_slug": message["model"]}}}
            if message["parent"]:
                conversation["mapping"][message["parent"]]["children"].append(message["id"])
            if message["thread"].endswith("/main"):
                conversation["current_node"] = message["id"]
        export.write(("," if export.tell() > 1 else "") + json.dumps(conversations.pop(), ensure_ascii=False) + "]\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--chatgpt"] and len(sys.argv) == 4:
        convert_chatgpt(sys.argv[2], sys.argv[3])
        sys.exit()
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[2])
    messages, threads = convert(*sys.argv[1:])
    print(f"{messages} messages, {threads} threads -> {sys.argv[2]}")
