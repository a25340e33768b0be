import Testing
import ThreadAIStore

/// Bytes that hash correctly but are not a message: stored by hand under their true hash.
struct MalformedObjectCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let line: Int?
    let reason: MessageFormatError.Reason
    var testDescription: String { name }
}

enum MalformedObjects {
    static let root = "thread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n"

    static let cases: [MalformedObjectCase] = [
        .init(name: "no opening ---", text: root + "---\nhello\n", line: 1, reason: .missingOpeningDelimiter),
        .init(name: "no closing ---", text: "---\n" + root, line: nil, reason: .missingClosingDelimiter),
        .init(name: "keys out of order", text: "---\nrole: user\nthread: main\ndate: 2026-11-21T09:00:00Z\n---\nhi\n",
              line: 3, reason: .keyOutOfOrder("thread", after: "role")),
        .init(name: "no thread key", text: "---\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n",
              line: nil, reason: .missingKey("thread")),
        .init(name: "unknown role", text: "---\nthread: main\nrole: robot\ndate: 2026-11-21T09:00:00Z\n---\nhi\n",
              line: 3, reason: .invalidRole("robot")),
        .init(name: "quoted value that could be plain",
              text: "---\nthread: \"main\"\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n",
              line: 2, reason: .quotedValueCouldBePlain("main")),
        .init(name: "no final line feed", text: "---\n" + root + "---\nhi", line: nil, reason: .missingFinalLineFeed),
        .init(name: "carriage return in the frontmatter",
              text: "---\nthread: main\r\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n", line: 2,
              reason: .carriageReturnInFrontmatter),
    ]
}

@Suite("Malformed objects")
struct MalformedObjectTests {
    @Test("a correctly hashed object that is not a message is reported as malformed", arguments: MalformedObjects.cases)
    func malformed(_ testCase: MalformedObjectCase) throws {
        let scratch = try ScratchRepository()
        let store = scratch.repository.objects
        let bytes = Array(testCase.text.utf8)
        let id = ObjectID.of(bytes)
        try Files.write(bytes, to: store.path(of: id))

        #expect(try store.bytes(of: id) == bytes, "the bytes hash correctly, so they can be read raw")
        let error = try #require(throws: ObjectError.self) { try store.message(id) }
        guard case .malformed(let reportedID, let path, let reason) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(reportedID == id)
        #expect(path == store.path(of: id))
        #expect(reason.reason == testCase.reason)
        if let line = testCase.line { #expect(reason.line == line) }
        #expect(throws: ObjectError.self) { try store.header(id) }
    }
}
