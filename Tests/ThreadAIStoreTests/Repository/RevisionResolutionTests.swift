import Foundation
import Testing
import ThreadAIStore

@Suite("Revisions: resolving text to a message")
struct RevisionResolutionTests {
    let scratch: ScratchRepository
    /// main: m[0] system, m[1] user, m[2] assistant, m[3] user.
    let m: [ObjectID]

    init() throws {
        scratch = try ScratchRepository()
        m = [
            try scratch.append("Be brief.", role: .system),
            try scratch.append("hello"),
            try scratch.append("hi there", role: .assistant),
            try scratch.append("and again"),
        ]
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        /// Index into `m` of the message it must name; `text` may contain `ID(i)` for m[i]'s full id
        /// and `PREFIX(i,n)` for its first n digits.
        let expected: Int
        var testDescription: String { "\(text) → m[\(expected)]" }
    }

    static let resolvable: [Case] = [
        .init(text: "HEAD", expected: 3), .init(text: "@", expected: 3), .init(text: "main", expected: 3),
        .init(text: "main^", expected: 2), .init(text: "main~2", expected: 1), .init(text: "HEAD~3", expected: 0),
        .init(text: "@~", expected: 2), .init(text: "main~1^", expected: 1), .init(text: "main^0", expected: 3),
        .init(text: "ID(1)", expected: 1), .init(text: "ID(2)~2", expected: 0),
        .init(text: "PREFIX(2,12)", expected: 2), .init(text: "PREFIX(0,5)^0", expected: 0),
    ]

    @Test("names, ids, prefixes, HEAD and @ with ~N and ^", arguments: resolvable)
    func resolves(_ testCase: Case) throws {
        #expect(try scratch.repository.resolve(expand(testCase.text)) == m[testCase.expected])
    }

    @Test("every message resolves by a unique 4-digit prefix (in this small repository)")
    func shortPrefixes() throws {
        for id in m {
            #expect(try scratch.repository.resolve(String(id.hex.prefix(4))) == id)
        }
    }

    @Test("going back past the root is a clear error naming how far one can go")
    func pastTheRoot() throws {
        let error = try #require(throws: RevisionError.self) { try scratch.repository.resolve("HEAD~99") }
        guard case .history(.beyondRoot(let start, let generations, let available)) = error else {
            Issue.record("expected .beyondRoot, got \(error)")
            return
        }
        #expect(start == m[3] && generations == 99 && available == 3)
        #expect(error.description.contains("only 3 ancestors"))
        #expect(throws: RevisionError.self) { try scratch.repository.resolve("main~4") }
    }

    @Test("unknown names and impossible prefixes are .unknown", arguments: [
        "nosuch", "ideas/naming", "0000", "abc", "main2", String(repeating: "0", count: 64),
    ])
    func unknown(_ text: String) throws {
        let error = try #require(throws: RevisionError.self) { try scratch.repository.resolve(text) }
        guard case .unknown(let word) = error else {
            Issue.record("expected .unknown, got \(error)")
            return
        }
        #expect(word == text)
    }

    @Test("text that is not a revision is a syntax error", arguments: ["", "~1", "main^2", "main~x"])
    func syntax(_ text: String) throws {
        let error = try #require(throws: RevisionError.self) { try scratch.repository.resolve(text) }
        guard case .syntax = error else {
            Issue.record("expected .syntax, got \(error)")
            return
        }
    }

    @Test("a 4-digit prefix that two messages share is ambiguous; one more digit decides")
    func ambiguousPrefix() throws {
        // Search deterministically for two messages whose ids share their first 4 digits.
        var seen: [String: Message] = [:]
        var pair: (Message, Message)?
        for index in 0..<100_000 where pair == nil {
            let message = try Message(
                thread: .main, role: .user, date: Timestamp(secondsSinceEpoch: ScratchRepository.firstDate),
                content: "candidate \(index)")
            let prefix = String(ObjectID.of(MessageCodec.encode(message)).hex.prefix(4))
            if let earlier = seen[prefix] { pair = (earlier, message) } else { seen[prefix] = message }
        }
        let (one, two) = try #require(pair)
        let ids = [try scratch.repository.objects.write(one), try scratch.repository.objects.write(two)]
        let prefix = String(ids[0].hex.prefix(4))
        #expect(ids[1].hex.hasPrefix(prefix))

        let error = try #require(throws: RevisionError.self) { try scratch.repository.resolve(prefix) }
        guard case .ambiguous(let word, let candidates) = error else {
            Issue.record("expected .ambiguous, got \(error)")
            return
        }
        #expect(word == prefix)
        #expect(candidates == ids.sorted())
        #expect(error.description.contains(ids[0].short) && error.description.contains(ids[1].short))
        let distinguishing = zip(ids[0].hex, ids[1].hex).prefix { $0 == $1 }.count + 1
        for id in ids {
            #expect(try scratch.repository.resolve(String(id.hex.prefix(distinguishing))) == id)
        }
    }

    @Test("a thread name wins; all-hex names of 4+ digits cannot be thread names")
    func threadNamesAndHex() throws {
        try scratch.fork("abc", at: m[1])
        #expect(try scratch.repository.resolve("abc") == m[1])
        #expect(try scratch.repository.resolve("abc~1") == m[0])
        #expect(throws: ThreadNameError.self) { try ThreadName("abcd") }
        #expect(throws: ThreadNameError.self) { try ThreadName(String(m[2].hex.prefix(8))) }
    }

    @Test("HEAD follows a detached checkout; an unborn thread has no HEAD")
    func detachedAndUnborn() throws {
        try scratch.repository.checkout(.detached(m[2]), reflogMessage: "test")
        #expect(try scratch.repository.resolve("HEAD") == m[2])
        #expect(try scratch.repository.resolve("@^") == m[1])
        #expect(try scratch.repository.resolve("main") == m[3])

        let empty = try ScratchRepository()
        let error = try #require(throws: RevisionError.self) { try empty.repository.resolve("HEAD") }
        guard case .unborn(let head) = error else {
            Issue.record("expected .unborn, got \(error)")
            return
        }
        #expect(head == .thread(.main))
    }

    @Test("a diverged thread cannot be resolved by name")
    func divergedName() throws {
        let other = try scratch.repository.objects.write(scratch.message("elsewhere", parent: m[2]))
        try Files.write(m[3].hex + "\n" + other.hex + "\n", to: try scratch.refPath("main"))
        let error = try #require(throws: RevisionError.self) { try scratch.repository.resolve("main") }
        guard case .ref(.diverged) = error else {
            Issue.record("expected .diverged, got \(error)")
            return
        }
    }

    /// Replaces `ID(i)` and `PREFIX(i,n)` in `text` by m[i]'s id or its first n digits.
    private func expand(_ text: String) -> String {
        var result = text
        for (index, id) in m.enumerated() {
            result = result.replacingOccurrences(of: "ID(\(index))", with: id.hex)
            for length in 4...64 {
                result = result.replacingOccurrences(of: "PREFIX(\(index),\(length))", with: String(id.hex.prefix(length)))
            }
        }
        return result
    }
}
