import Testing
import ThreadAIStore

@Suite("Thread refs: compare-and-swap")
struct RefStoreTests {
    let scratch: ScratchRepository
    var refs: RefStore { scratch.repository.refs }
    let first: ObjectID
    let second: ObjectID
    let other: ObjectID

    init() throws {
        scratch = try ScratchRepository()
        first = try scratch.repository.objects.write(scratch.message("first", parent: nil))
        second = try scratch.repository.objects.write(scratch.message("second", role: .assistant, parent: first))
        other = try scratch.repository.objects.write(scratch.message("other", parent: nil))
    }

    @Test("creating a ref expecting .absent writes one id and a line end")
    func createAbsent() throws {
        let name = try ThreadName("topic")
        #expect(try refs.heads(of: name).isEmpty)
        #expect(!refs.exists(name))
        try refs.update(name, to: first, expecting: .absent, reflogMessage: "create")
        #expect(try refs.heads(of: name) == [first])
        #expect(refs.exists(name))
        #expect(try Files.readText(refs.path(of: name)) == first.hex + "\n")
        #expect(try refs.names() == [name])
    }

    @Test("updating with the right expected head moves the ref")
    func updateWithRightExpectation() throws {
        try refs.update(.main, to: first, expecting: .absent, reflogMessage: "create")
        try refs.update(.main, to: second, expecting: .head(first), reflogMessage: "advance")
        #expect(try refs.heads(of: .main) == [second])
        try refs.update(.main, to: other, expecting: .any, reflogMessage: "reset")
        #expect(try refs.heads(of: .main) == [other])
    }

    struct WrongExpectation: CustomTestStringConvertible, Sendable {
        let name: String
        let exists: Bool
        let expected: @Sendable (_ first: ObjectID, _ other: ObjectID) -> ExpectedRefValue
        var testDescription: String { name }
    }

    static let wrongExpectations: [WrongExpectation] = [
        .init(name: "expects another head", exists: true, expected: { _, other in .head(other) }),
        .init(name: "expects no ref, but it exists", exists: true, expected: { _, _ in .absent }),
        .init(name: "expects a head, but there is no ref", exists: false, expected: { first, _ in .head(first) }),
        .init(name: "expects two heads, finds one", exists: true, expected: { first, other in .heads([first, other]) }),
        .init(name: "expects an empty list of heads", exists: true, expected: { _, _ in .heads([]) }),
    ]

    @Test("a wrong expectation throws concurrentChange and changes nothing", arguments: wrongExpectations)
    func wrongExpectation(_ testCase: WrongExpectation) throws {
        let name = try ThreadName("topic")
        if testCase.exists { try refs.update(name, to: first, expecting: .absent, reflogMessage: "create") }
        let refBefore = testCase.exists ? try Files.read(refs.path(of: name)) : nil
        let reflogBefore = try Files.lines(refs.reflog(of: name).path)
        let expected = testCase.expected(first, other)

        let error = try #require(throws: RefError.self) {
            try refs.update(name, to: second, expecting: expected, reflogMessage: "should not happen")
        }
        guard case .concurrentChange(let reportedName, let reportedExpected, let found) = error else {
            Issue.record("expected .concurrentChange, got \(error)")
            return
        }
        #expect(reportedName == name)
        #expect(reportedExpected == expected)
        #expect(found == (testCase.exists ? [first] : []))
        #expect((testCase.exists ? try Files.read(refs.path(of: name)) : nil) == refBefore)
        #expect(try Files.lines(refs.reflog(of: name).path) == reflogBefore)
        #expect(!Files.exists(refs.path(of: name) + ".lock"), "the lock was left behind")
    }

    @Test("a ref with two lines has two heads (diverged), and singleHead refuses it")
    func diverged() throws {
        try Files.write(first.hex + "\n" + other.hex + "\n" + first.hex + "\n", to: refs.path(of: .main))
        #expect(try refs.heads(of: .main) == [first, other])
        let error = try #require(throws: RevisionError.self) { try scratch.repository.singleHead(of: .main) }
        guard case .ref(.diverged(let name, let heads)) = error else {
            Issue.record("expected .diverged, got \(error)")
            return
        }
        #expect(name == .main)
        #expect(heads == [first, other])
        #expect(throws: RefError.self) {
            try refs.update(.main, to: second, expecting: .head(first), reflogMessage: "must refuse")
        }
        try refs.update(.main, to: second, expecting: .heads([other, first]), reflogMessage: "reconcile")
        #expect(try refs.heads(of: .main) == [second])
    }

    struct MalformedRef: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let line: Int
        var testDescription: String { name }
    }

    static let malformedRefs: [MalformedRef] = [
        .init(name: "empty file", text: "", line: 1),
        .init(name: "no final line end", text: String(repeating: "a", count: 64), line: 1),
        .init(name: "not hex", text: "not an id\n", line: 1),
        .init(name: "uppercase hex", text: String(repeating: "A", count: 64) + "\n", line: 1),
        .init(name: "63 digits", text: String(repeating: "a", count: 63) + "\n", line: 1),
        .init(name: "trailing space", text: String(repeating: "a", count: 64) + " \n", line: 1),
        .init(name: "CRLF line end", text: String(repeating: "a", count: 64) + "\r\n", line: 1),
        .init(name: "blank second line", text: String(repeating: "a", count: 64) + "\n\n", line: 2),
        .init(name: "bad third line", text: String(repeating: "a", count: 64) + "\n" + String(repeating: "b", count: 64) + "\nzz\n", line: 3),
    ]

    @Test("a malformed ref file is reported with its path and line", arguments: malformedRefs)
    func malformed(_ testCase: MalformedRef) throws {
        try Files.write(testCase.text, to: refs.path(of: .main))
        let error = try #require(throws: RefError.self) { try refs.heads(of: .main) }
        guard case .malformed(let name, let path, let line, _) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(name == .main)
        #expect(path == refs.path(of: .main))
        #expect(line == testCase.line)
        #expect(throws: RefError.self) {
            try refs.update(.main, to: first, expecting: .any, reflogMessage: "must not overwrite a malformed ref")
        }
        #expect(try Files.readText(refs.path(of: .main)) == testCase.text)
    }

    @Test("names with / are folders; deleting removes the folders it emptied and no others")
    func nestedNames() throws {
        let deep = try ThreadName("ideas/naming/short")
        let sibling = try ThreadName("ideas/colour")
        try refs.update(deep, to: first, expecting: .absent, reflogMessage: "create")
        try refs.update(sibling, to: other, expecting: .absent, reflogMessage: "create")
        #expect(Files.isDirectory(scratch.root + "/refs/threads/ideas/naming"))
        #expect(try refs.names() == [sibling, deep])
        #expect(try refs.heads(of: deep) == [first])

        try refs.update(deep, to: nil, expecting: .head(first), reflogMessage: "delete")
        #expect(!Files.exists(scratch.root + "/refs/threads/ideas/naming"))
        #expect(Files.isDirectory(scratch.root + "/refs/threads/ideas"), "still holds ideas/colour")
        try refs.update(sibling, to: nil, expecting: .head(other), reflogMessage: "delete")
        #expect(!Files.exists(scratch.root + "/refs/threads/ideas"))
        #expect(Files.isDirectory(scratch.root + "/refs/threads"), "the threads folder itself must stay")
        #expect(try refs.names().isEmpty)
    }

    @Test("lock files and stray files in refs/threads are not threads")
    func namesSkipStrays() throws {
        try refs.update(.main, to: first, expecting: .absent, reflogMessage: "create")
        try Files.write("x\n", to: scratch.root + "/refs/threads/other.lock")
        try Files.write("x\n", to: scratch.root + "/refs/threads/.tmp-123")
        #expect(try refs.names() == [.main])
    }
}
