#!/usr/bin/env python3
"""Writes names/valid.txt and names/invalid.txt of the conformance set (docs/FORMAT.md §5.2).

Not needed by the tests: the committed files are the vectors. Each name is one line ending in LF;
names that cannot be one line (an LF, the empty name) or that are not UTF-8 are left out (README).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

VALID = [
    # ASCII, components, the four punctuation characters.
    "main", "alt", "a", "Z", "x1", "1x", "_", "_private", "a_b", "a-b", "a+b", "a.b", "a.b.c", "v1.2.3",
    "experiments/deeper", "a/b", "a/b/c/d/e/f", "a/_", "a/-x", "a/+x", "x/y.z", "feature/login-page",
    "review/short-answer", "Main", "MAIN", "mAiN", "MixedCase/Path",
    # `..` is reserved for new names, but a reader accepts it (§5.2).
    "a..b", "a/b..c", "x...y",
    # Close to the reserved names but not them.
    "HEADS", "HEAD1", "xHEAD", "HEAD/x", "x/HEAD", "HEAD-", "head_",
    "lock", "x.lockx", "x.lock.y", "lock/x", "x.locks", "a.lck",
    "COM0", "COM10", "LPT0", "LPT10", "CONSOLE", "con-x", "con_x", "nul_", "aux1", "COM1x", "prnt",
    "COM⁴", "LPT⁰", "com1a.txt", "x/conx", "auxiliary",
    # Hexadecimal, but short or not only hex.
    "abc", "123", "ab1", "000", "abcg", "12345z", "deadbeef-1", "dead/beef", "cafe1x", "face_",
    "0x1234", "1e10x", "ab.cd",
    # Unicode letters, numbers and marks; both normalization forms are valid (and conflict, §5.2).
    "caf\u00e9", "cafe\u0301", "e\u0301\u0301", "Ελληνικά", "Кириллица", "日本語", "日本語/スレッド", "한국어",
    "हिन्दी", "नमस्ते", "عربي", "עברית", "ไทย", "ǅemal", "ʰa", "ＡＢＣ", "１２３４", "١٢٣٤", "Ⅻ", "a½", "²",
    "ß", "straße", "İstanbul", "ﬁle", "Ångström", "Å", "Ω", "µ", "ö/ü/ä", "中文-名字_1.2",
    "z" * 200, "\u00e9" * 100, "\U0001d49c" * 50, "a/" * 99 + "ab",
    "tämä/on/pitkä", "naïve", "Ünïcödé", "a\u0308", "ᄀ\u1161\u11a8", "క్ష",
]

INVALID = [
    # Rule 1: length and components.
    "/", "/a", "a/", "a//b", "//", "a/b/", "a" * 201, "\u00e9" * 101, "\U0001d49c" * 50 + "a",
    # Rule 2: characters.
    "a b", " a", "a ", "a\tb", "a~b", "a^b", "a:b", "a?b", "a*b", "a[b", "a]b", "a\\b", "a<b", "a>b",
    'a"b', "a|b", "a@b", "a{b", "a}b", "a@{1}", "a~1", "main^", "main~", "a!b", "a#b", "a$b", "a%b",
    "a&b", "a'b", "a(b", "a)b", "a,b", "a;b", "a=b", "a`b", "👍", "a👍", "a\u200db", "a\u200bb",
    "a\u202eb", "\ufeffa", "a\u00adb", "a\u00a0b", "a\u3000b", "\u0301a", "a/\u0301b", "a\u0001b",
    "a\u007fb", "a\u0085b", "a\u2028b", "a\u001bb", "a\ue000b", "a·b", "a−b", "a€b", "a©b", "a\u2063b",
    "@", "{", "a/b c", "日本 語", "a\u0009", "x\u200e",
    # Rule 3: dots and `.lock`.
    ".", "..", "a/.", "a/..", "./a", "../a", ".a", "a/.b", "a.", "a/b.", "x.lock", "x.LOCK", "a/x.Lock",
    ".lock", "a.lock/b", "a/b.lOcK", "...", "a/...",
    # Rule 4: Windows device names up to the first `.`, in any case.
    "con", "CON", "Con", "con.txt", "a/nul", "aux.x.y", "prn", "PRN.lockx", "com1", "COM9", "lpt1", "LPT9",
    "COM¹", "com²", "LPT³", "a/Aux", "nul/x", "CoM5.md",
    # Rule 5: `-`, `+`, HEAD, hexadecimal.
    "-a", "+a", "-", "+", "--x", "HEAD", "head", "HeAd", "abcd", "ABCD", "0123", "deadbeef", "cafe",
    "face", "beef", "abba", "1e10", "0000", "1234567890", "DeadBeef", "a" * 40, "0" * 64,
]


def write(name, names):
    assert len(set(names)) == len(names), [n for n in names if names.count(n) > 1]
    for n in names:
        assert n and "\n" not in n, repr(n)
    with open(os.path.join(HERE, "names", name), "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(n + "\n" for n in names))


def main():
    os.makedirs(os.path.join(HERE, "names"), exist_ok=True)
    assert not set(VALID) & set(INVALID)
    write("valid.txt", VALID)
    write("invalid.txt", INVALID)
    print(len(VALID), "valid,", len(INVALID), "invalid")


if __name__ == "__main__":
    main()
