import Foundation
import Testing
@testable import ThreadAIStore

/// `logs/chat-history` (docs/FORMAT.md §14): what is kept, its limit, its escaping, damaged files,
/// and writers racing.
@Suite("Chat history file")
struct ChatHistoryTests {
    @Test("lines are kept oldest first under logs/, one per line, and read back")
    func keepsLines() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(repository: scratch.repository)
        #expect(try history.entries() == [], "no file yet is no history, not an error")
        #expect(try history.record("first") == .kept)
        #expect(try history.record("/fork side") == .kept, "slash commands are kept like any line")
        #expect(try history.record("héllo 👋🏽 漢字") == .kept)
        #expect(try history.entries() == ["first", "/fork side", "héllo 👋🏽 漢字"])
        #expect(history.path == scratch.root + "/logs/chat-history")
        #expect(try String(contentsOfFile: history.path, encoding: .utf8) == "first\n/fork side\nhéllo 👋🏽 漢字\n")
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "its owner's only, as a shell's history")
    }

    @Test("blank lines, lines starting with a space, lines holding a credential and a repeat of the newest are not kept")
    func refusals() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(repository: scratch.repository)
        #expect(try history.record("") == .blank)
        #expect(try history.record("   ") == .blank)
        #expect(try history.record(" private thought") == .startsWithSpace)
        #expect(try history.record("my key is sk-proj-HISTORYCANARY1234567890abcdef") == .holdsSecret)
        #expect(try history.record("again") == .kept)
        #expect(try history.record("again") == .duplicate)
        #expect(try history.record("other") == .kept)
        #expect(try history.record("again") == .kept, "only consecutive repeats are dropped")
        #expect(try history.entries() == ["again", "other", "again"])
        let bytes = try String(contentsOfFile: history.path, encoding: .utf8)
        #expect(!bytes.contains("HISTORYCANARY") && !bytes.contains("private"))
    }

    @Test("only the newest entries up to the limit are kept")
    func limit() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(path: scratch.root + "/logs/chat-history", limit: 5)
        for number in 1...12 { try history.record("line \(number)") }
        #expect(try history.entries() == (8...12).map { "line \($0)" })
        #expect(ChatHistory.limit == 1000)
    }

    @Test("a backslash and a line feed are escaped, so one entry stays one line; a lone backslash reads as itself")
    func escaping() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(repository: scratch.repository)
        try history.record("a\\nb")
        try history.record("two\nlines")
        #expect(try String(contentsOfFile: history.path, encoding: .utf8) == "a\\\\nb\ntwo\\nlines\n")
        #expect(try history.entries() == ["a\\nb", "two\nlines"])
        #expect(ChatHistory.entries(in: Array("C:\\x\\\nend\\".utf8)) == ["C:\\x\\", "end\\"])
    }

    @Test("a damaged file costs only its damaged lines: invalid UTF-8 and empty lines are skipped, and the next record rewrites it clean")
    func damagedFile() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(repository: scratch.repository)
        try FileManager.default.createDirectory(atPath: scratch.root + "/logs", withIntermediateDirectories: true)
        let damaged = Array("good one\n".utf8) + [0xFF, 0xFE, 0x41, 0x0A, 0x0A] + Array("good two".utf8)
        try Data(damaged).write(to: URL(fileURLWithPath: history.path))
        #expect(try history.entries() == ["good one", "good two"])
        try history.record("three")
        #expect(try String(contentsOfFile: history.path, encoding: .utf8) == "good one\ngood two\nthree\n")
    }

    @Test("a history path that is a folder reads as an error, never as a crash")
    func unreadable() throws {
        let scratch = try ScratchRepository()
        let history = ChatHistory(repository: scratch.repository)
        try FileManager.default.createDirectory(atPath: history.path + "/x", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try history.record("line") }
    }

    @Test("writers racing each add their lines, and the file stays whole")
    func racingWriters() throws {
        let scratch = try ScratchRepository()
        let path = scratch.root + "/logs/chat-history"
        let results: [[String?]] = runConcurrently(4) { (writer: Int) -> [String?] in
            (0..<10).map { (number: Int) -> String? in
                let line = "writer \(writer) line \(number)"
                do throws(LockError) {
                    return try ChatHistory(path: path, limit: 1000).record(line) == .kept ? line : nil
                } catch .held {
                    return nil  // A lock held past its wait is the only failure allowed: then the line is not kept.
                } catch {
                    return "unexpected: \(error)"
                }
            }
        }
        let kept: [String] = results.flatMap { $0.compactMap { $0 } }
        #expect(!kept.contains { $0.hasPrefix("unexpected") }, "\(kept)")
        #expect(kept.count >= 4, "most writers got the lock: \(kept.count)")
        let entries = try ChatHistory(path: path, limit: 1000).entries()
        #expect(Set(entries) == Set(kept) && entries.count == kept.count, "every kept line once: \(entries)")
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }
}
