import Foundation
import Testing

@Suite("CLI: fsck reports malformed objects placed by hand")
struct MalformedObjectFsckTests {
    /// Objects that hash correctly (they are named by their true hash) but break FORMAT.md §4.4.
    static let malformed: [(name: String, text: String)] = [
        ("no frontmatter", "just some text\n"),
        ("no closing ---", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n"),
        ("no role", "---\nthread: main\ndate: 2026-11-21T09:00:00Z\n---\nhi\n"),
        ("bad date", "---\nthread: main\nrole: user\ndate: 2026-02-30T09:00:00Z\n---\nhi\n"),
        ("bad thread name", "---\nthread: has space\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n"),
        ("bad parent", "---\nparent: 1234\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n"),
        ("duplicate key", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\nmodel: a\nmodel: b\n---\nhi\n"),
        ("no final line feed", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi"),
        ("a NUL byte", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nh\u{0}i\n"),
        ("a byte-order mark", "\u{FEFF}---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nhi\n"),
        ("a code-commit that is not a commit id", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\ncode-commit: HEAD\n---\nhi\n"),
        ("code-dirty: false", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\ncode-dirty: \"false\"\n---\nhi\n"),
        ("an empty code-branch", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\ncode-branch: \"\"\n---\nhi\n"),
        ("a files entry without a path", "---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\nfiles: 11b15b1a4584b08fa423a57964bdbf018b0da0d5\n---\nhi\n"),
    ]

    @Test("every malformed object is reported with its id and path; fsck exits 3")
    func fsckReportsEach() throws {
        let sandbox = try CLISandbox.initialized(sending: "a valid message")
        // Messages with valid code anchors and attached files (FORMAT.md §4.7) are accepted.
        let anchors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/format/anchors")
        for file in try FileManager.default.contentsOfDirectory(atPath: anchors.path) {
            _ = try RepositoryFiles.place(try Data(contentsOf: anchors.appendingPathComponent(file)), in: sandbox.repository)
        }
        var placed: [(name: String, id: String)] = []
        for (name, text) in Self.malformed {
            placed.append((name, try RepositoryFiles.place(Data(text.utf8), in: sandbox.repository)))
        }
        let result = try sandbox.run(["fsck"])
        #expect(result.status == 3 && !result.signaled)
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  fix: ") }
        #expect(result.stdout.components(separatedBy: "\n  fix: restore ").count == placed.count + 1, "each says how to restore it")
        for (name, id) in placed {
            let line = lines.first { $0.contains(id) }
            #expect(line?.contains("malformed") == true, "\(name): \(line ?? "not reported")")
            #expect(line?.contains(RepositoryFiles.objectPath(id, in: sandbox.repository)) == true, "\(name)")
        }
        #expect(lines.count == placed.count, "the valid messages are not reported: \(result.stdout)")
        #expect(result.stderr.contains("\(placed.count) errors"))
    }

    struct RawObject: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let rawObjects: [RawObject] = [
        .init(name: "no role or date", bytes: Array("---\nthread: main\n---\nno role\n".utf8)),
        .init(name: "bytes that are not UTF-8",
              bytes: Array("---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:00Z\n---\nnot UTF-8: ".utf8) + [0xff, 0xc3, 0x0a]),
    ]

    @Test("show of a malformed object exits 3 naming it; show --raw still prints its exact bytes", arguments: rawObjects)
    func showMalformed(_ object: RawObject) throws {
        let sandbox = try CLISandbox.initialized()
        let bytes = Data(object.bytes)
        let id = try RepositoryFiles.place(bytes, in: sandbox.repository)
        let shown = try sandbox.run(["show", id])
        #expect(shown.status == 3 && !shown.signaled && shown.stderr.contains(id))
        let raw = try sandbox.run(["show", "--raw", id])
        #expect(raw.status == 0 && raw.stdoutBytes == Array(bytes))
    }
}
