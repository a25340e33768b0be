import Testing
import ThreadAIStore

struct ThreadNameCase: CustomTestStringConvertible, Sendable {
    let name: String
    let rule: Int
    let why: String
    var testDescription: String { "\(why): \(name.debugDescription) breaks rule \(rule)" }
}

@Suite("ThreadName rules")
struct ThreadNameTests {
    static let badNames: [ThreadNameCase] = [
        .init(name: "", rule: 1, why: "empty"),
        .init(name: String(repeating: "a", count: 201), rule: 1, why: "201 bytes"),
        .init(name: String(repeating: "é", count: 101), rule: 1, why: "202 bytes in 101 characters"),
        .init(name: "/a", rule: 1, why: "leading slash"),
        .init(name: "a/", rule: 1, why: "trailing slash"),
        .init(name: "a//b", rule: 1, why: "double slash"),
        .init(name: "/", rule: 1, why: "only a slash"),
        .init(name: "fix:x", rule: 2, why: "colon"),
        .init(name: "a b", rule: 2, why: "space"),
        .init(name: "a\tb", rule: 2, why: "tab"),
        .init(name: "a\nb", rule: 2, why: "newline"),
        .init(name: "a\u{0}b", rule: 2, why: "NUL"),
        .init(name: "\u{1B}[2J", rule: 2, why: "escape sequence"),
        .init(name: "a\u{200B}b", rule: 2, why: "zero-width space"),
        .init(name: "a\u{200D}b", rule: 2, why: "zero-width joiner after a letter"),
        .init(name: "ab\u{202E}cd", rule: 2, why: "right-to-left override"),
        .init(name: "é\u{200C}x", rule: 2, why: "zero-width non-joiner after a non-ASCII letter"),
        .init(name: "main~1", rule: 2, why: "tilde"),
        .init(name: "main^", rule: 2, why: "caret"),
        .init(name: "what?", rule: 2, why: "question mark"),
        .init(name: "a*", rule: 2, why: "star"),
        .init(name: "a[1]", rule: 2, why: "brackets"),
        .init(name: "a\\b", rule: 2, why: "backslash"),
        .init(name: "a<b>", rule: 2, why: "angle brackets"),
        .init(name: "say\"hi\"", rule: 2, why: "double quote"),
        .init(name: "a|b", rule: 2, why: "pipe"),
        .init(name: "me@home", rule: 2, why: "at sign"),
        .init(name: "a{b}", rule: 2, why: "braces"),
        .init(name: "thumbs👍", rule: 2, why: "emoji"),
        .init(name: "\u{301}a", rule: 2, why: "leading combining mark"),
        .init(name: "a/\u{301}b", rule: 2, why: "combining mark on the slash"),
        .init(name: ".hidden", rule: 3, why: "leading dot"),
        .init(name: "a/.b", rule: 3, why: "component with leading dot"),
        .init(name: ".", rule: 3, why: "dot"),
        .init(name: "..", rule: 3, why: "dot dot"),
        .init(name: "a/../b", rule: 3, why: "dot dot component"),
        .init(name: "end.", rule: 3, why: "trailing dot"),
        .init(name: "a./b", rule: 3, why: "component with trailing dot"),
        .init(name: "x.lock", rule: 3, why: ".lock"),
        .init(name: "x.LoCk", rule: 3, why: ".lock in mixed case"),
        .init(name: "a.lock/b", rule: 3, why: ".lock in an inner component"),
        .init(name: "con", rule: 4, why: "CON lower case"),
        .init(name: "NUL.txt", rule: 4, why: "NUL with an extension"),
        .init(name: "a/aux", rule: 4, why: "AUX in a later component"),
        .init(name: "prn.x.y", rule: 4, why: "PRN before the first dot"),
        .init(name: "com1", rule: 4, why: "COM1"),
        .init(name: "LPT9", rule: 4, why: "LPT9"),
        .init(name: "com¹", rule: 4, why: "COM with superscript one"),
        .init(name: "Lpt³.md", rule: 4, why: "LPT with superscript three"),
        .init(name: "-x", rule: 5, why: "leading dash"),
        .init(name: "+x", rule: 5, why: "leading plus"),
        .init(name: "HEAD", rule: 5, why: "HEAD"),
        .init(name: "head", rule: 5, why: "head lower case"),
        .init(name: "cafe", rule: 5, why: "four hex letters"),
        .init(name: "DEADBEEF", rule: 5, why: "upper-case hex"),
        .init(name: "0123", rule: 5, why: "four decimal digits"),
        .init(name: "1234567890abcdef", rule: 5, why: "long hex"),
    ]

    @Test("rejects a name that breaks a rule", arguments: badNames)
    func rejects(_ bad: ThreadNameCase) {
        #expect(throws: ThreadNameError.self) { try ThreadName(bad.name) }
        do {
            _ = try ThreadName(bad.name)
        } catch {
            #expect(error.rule == bad.rule)
            #expect(error.name == bad.name)
        }
    }

    static let goodNames: [String] = [
        "main", "fix-login", "a/b/c", "café/é-test", "cafe\u{301}-nfd", "v1.2", "v1.2.3", "feature/x_y",
        "c++", "a/-b", "x/+y", "abc", "abcg", "1.0", "日本語/スレッド", "x.lockfile", "console", "com0",
        "com10", "con-x", "lpt", "head/x", "HEAD-2", "Ⅻ", "a-", String(repeating: "x", count: 200),
        String(repeating: "é", count: 100),
    ]

    @Test("accepts a valid name and keeps it exactly", arguments: goodNames)
    func accepts(_ raw: String) throws {
        let name = try ThreadName(raw)
        #expect(name.rawValue.utf8.elementsEqual(raw.utf8))
        #expect(name.description == raw)
    }

    @Test func mainIsValid() throws {
        #expect(ThreadName.main == (try ThreadName("main")))
    }

    @Test func componentsSplitOnSlash() throws {
        #expect(try ThreadName("a/b.c/d").components == ["a", "b.c", "d"])
    }

    @Test("error messages say what is wrong and what is allowed", arguments: [
        ("fix:x", "'fix:x' is not a valid thread name: ':' is not allowed (letters, digits, '-', '_', '.', '+' and '/' between parts are)."),
        ("a b", "'a b' is not a valid thread name: a space is not allowed (letters, digits, '-', '_', '.', '+' and '/' between parts are)."),
        ("\u{1B}[2J", "'\\u{1B}[2J' is not a valid thread name: the invisible character U+001B is not allowed (letters, digits, '-', '_', '.', '+' and '/' between parts are)."),
        ("x\ty", "'x\\u{9}y' is not a valid thread name: a tab (U+0009) is not allowed (letters, digits, '-', '_', '.', '+' and '/' between parts are)."),
        ("", "'' is not a valid thread name: it is empty; give a name such as 'fix-login' or 'ideas/naming'."),
        ("a//b", "'a//b' is not a valid thread name: it has an empty part; '/' goes only between parts (not at the start or end, and not doubled)."),
        ("x/y.lock", "'x/y.lock' is not a valid thread name: the part 'y.lock' ends with '.lock', which is kept for lock files; choose another ending."),
        ("a/Con.txt", "'a/Con.txt' is not a valid thread name: the part 'Con.txt' is a reserved device name on Windows; choose another word."),
        ("-x", "'-x' is not a valid thread name: it starts with '-', which would read as an option; start it with a letter or digit."),
        ("beef", "'beef' is not a valid thread name: it is only hexadecimal digits, so it would read as a message id; add a letter outside a-f, or a '-'."),
    ])
    func message(_ raw: String, _ expected: String) {
        #expect(throws: ThreadNameError.self) { try ThreadName(raw) }
        do {
            _ = try ThreadName(raw)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func tooLongSaysTheLength() {
        let raw = String(repeating: "b", count: 250)
        #expect(throws: ThreadNameError(name: raw, reason: .tooLong(byteCount: 250))) { try ThreadName(raw) }
    }

    @Test func sameNameIsCanonicalBytesNotCanonicalEquivalence() throws {
        let composed = try ThreadName("caf\u{e9}")
        let decomposed = try ThreadName("cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, composed]).count == 2)
    }

    @Test func sortsByUTF8Bytes() throws {
        let names = try ["é", "b/c", "a", "B", "a/b", "a-b"].map { try ThreadName($0) }
        #expect(names.sorted().map(\.rawValue) == ["B", "a", "a-b", "a/b", "b/c", "é"])
    }
}
