import Foundation
import Testing
import ThreadAITestSupport

/// Packing by itself (docs/FORMAT.md §15.6): an import or a turn that leaves more loose messages
/// than `gc.auto` starts a `gc --auto` that it does not wait for; `gc.auto = 0` turns that off; a
/// failed automatic gc (its log not empty) holds the next ones back, with a warning, until `gc`
/// run by hand succeeds.
@Suite("CLI: packing by itself", .slow)
struct AutoPackingTests {
    /// A ChatGPT export of `count` conversations of a question and an answer: imports of
    /// conversations under 100 messages stay loose, so this leaves 2 × `count` loose files.
    static func export(_ sandbox: CLISandbox, conversations count: Int) throws -> String {
        let path = sandbox.work + "/conversations.json"
        let conversations = (0..<count).map { index in
            """
            {"id": "c\(index)", "title": "talk \(index)", "current_node": "b", "mapping": {\
            \(ImportChatGPTTests.node("a", parent: nil, children: ["b"], role: "user", text: "question \(index)")), \
            \(ImportChatGPTTests.node("b", parent: "a", children: [], role: "assistant", text: "answer \(index)"))}}
            """
        }
        try ("[" + conversations.joined(separator: ",\n") + "]").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func gcLog(_ sandbox: CLISandbox) -> String { sandbox.repository + "/logs/gc.log" }

    /// Waits (up to a minute) for the background gc to leave no loose file and no lock.
    static func waitForPacking(_ sandbox: CLISandbox) throws {
        for _ in 0..<600 {
            let lock = FileManager.default.fileExists(atPath: sandbox.repository + "/gc.lock")
            if GcTests.looseFiles(sandbox).isEmpty && !lock { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    @Test("an import that leaves more than gc.auto messages loose packs them in the background")
    func importStartsAGc() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["config", "set", "gc.auto", "256"])
        let export = try Self.export(sandbox, conversations: 600)
        let imported = try sandbox.succeed(["import", "chatgpt", export])
        let before = try sandbox.succeed(["log", "--all", "--json"]).stdout
        try Self.waitForPacking(sandbox)
        #expect(GcTests.looseFiles(sandbox).isEmpty, "\(imported)")
        #expect(!GcTests.packs(sandbox).isEmpty)
        #expect(try sandbox.succeed(["log", "--all", "--json"]).stdout == before)
        #expect(try sandbox.run(["fsck"]).status == 0)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: Self.gcLog(sandbox)))).map(\.isEmpty) ?? true)
    }

    @Test("an import of more than 100 new threads starts a gc that packs their refs, though few messages are loose")
    func importOfManyThreadsPacksRefs() throws {
        let sandbox = try CLISandbox.initialized()
        let threads = sandbox.repository + "/refs/threads"
        let imported = try sandbox.succeed(["import", "chatgpt", try Self.export(sandbox, conversations: 150)])
        let before = try sandbox.succeed(["threads", "--json"]).stdout
        for _ in 0..<600 {
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: threads)) ?? []
            if files == [".packed"], !FileManager.default.fileExists(atPath: sandbox.repository + "/gc.lock") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: threads) == [".packed"], "\(imported)")
        #expect(try sandbox.succeed(["threads", "--json"]).stdout == before)
        #expect(try sandbox.run(["fsck"]).status == 0)
        // A few new threads make no gc due.
        let few = try CLISandbox.initialized()
        try few.succeed(["import", "chatgpt", try Self.export(few, conversations: 20)])
        #expect(!FileManager.default.fileExists(atPath: Self.gcLog(few)))
    }

    @Test("gc.auto = 0 starts nothing; gc --auto does nothing when packing is not due")
    func turnedOff() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["config", "set", "gc.auto", "0"])
        try sandbox.succeed(["import", "chatgpt", try Self.export(sandbox, conversations: 600)])
        // A gc is started only after its log is opened: no log, no gc.
        #expect(!FileManager.default.fileExists(atPath: Self.gcLog(sandbox)))
        let loose = GcTests.looseFiles(sandbox).count
        #expect(loose == 1_200)
        #expect(try sandbox.succeed(["gc", "--auto"]).stdout.isEmpty)
        #expect(GcTests.looseFiles(sandbox).count == loose)
        try sandbox.succeed(["config", "set", "gc.auto", "256"])
        #expect(try sandbox.succeed(["gc", "--auto"]).stdout.contains("Packed 1200 loose messages"))
        #expect(GcTests.looseFiles(sandbox).isEmpty)
    }

    @Test("a failed automatic gc holds the next ones back with a warning until gc run by hand succeeds")
    func failedLogHoldsBack() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["config", "set", "gc.auto", "256"])
        try FileManager.default.createDirectory(atPath: sandbox.repository + "/logs", withIntermediateDirectories: true)
        try "threadai: error: no space left on device\n".write(toFile: Self.gcLog(sandbox), atomically: false, encoding: .utf8)
        let imported = try sandbox.succeed(["import", "chatgpt", try Self.export(sandbox, conversations: 600)])
        #expect(imported.stderr.contains("packing by itself failed before (\(Self.gcLog(sandbox)): threadai: error: no space left on device)"),
                "\(imported)")
        #expect(GcTests.looseFiles(sandbox).count == 1_200)
        try sandbox.succeed(["gc"])
        #expect(!FileManager.default.fileExists(atPath: Self.gcLog(sandbox)))
        #expect(GcTests.looseFiles(sandbox).isEmpty)
    }
}
