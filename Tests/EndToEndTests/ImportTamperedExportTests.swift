import Foundation
import Testing
import ThreadAIStore

/// An export whose last message was changed after it was written: the import checks every message
/// against its id before it writes anything. It wrote a batch of 4,096 objects first, then refused.
@Suite("import threadai-json: a tampered export")
struct ImportTamperedExportTests {
    @Test("a message that does not hash to its id, past the first batch, is refused before any object is written")
    func tamperedLastMessage() throws {
        let sandbox = try CLISandbox.initialized()
        let thread = try ThreadName("long")
        var parent: ObjectID?
        var entries: [(id: String, object: String)] = []
        for index in 0..<4_200 {
            let message = try Message(
                parent: parent, thread: thread, role: index % 2 == 0 ? .user : .assistant,
                date: try Timestamp(rfc3339: "2026-01-01T00:00:00Z"), content: "message \(index)")
            let bytes = MessageCodec.encode(message)
            let id = ObjectID.of(bytes)
            entries.append((id.hex, String(decoding: bytes, as: UTF8.self)))
            parent = id
        }
        let head = entries[entries.count - 1].id
        // The last message's text changed, its id not.
        entries[entries.count - 1].object = entries[entries.count - 1].object.replacingOccurrences(of: "message 4199", with: "message 4199!")
        let messages = entries.sorted { $0.id < $1.id }.map { entry in
            let escaped = entry.object.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            return "{\"id\": \"\(entry.id)\", \"object\": \"\(escaped)\"}"
        }
        let export = """
            {"format": "threadai-json", "messages": [\(messages.joined(separator: ",\n"))],
             "threads": [{"heads": ["\(head)"], "name": "long"}], "version": 1}
            """
        let file = sandbox.work + "/tampered.json"
        try export.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["import", "threadai-json", file])
        #expect(result.status == 1 && result.stderr.contains("does not hash to its id"), "\(result)")
        #expect(try DirectorySnapshot(sandbox.repository) == before, "nothing written")
    }

    /// docs/FORMAT.md §11: every thread is decided, reading only, before any ref moves, so a thread
    /// that cannot be placed here stops the import with none placed (it made those sorted before it).
    @Test("a thread whose ref here does not read stops the import before any thread is placed")
    func unreadableRefMovesNothing() throws {
        let source = try CLISandbox.initialized(sending: "one")
        for thread in ["alpha", "beta", "zed"] {
            try source.succeed(["checkout", "-b", thread, "main"])
            try source.succeed(["send", "on \(thread)"])
        }
        let export = try source.succeed(["export", "json"]).stdoutBytes
        let target = try CLISandbox.initialized()
        let file = target.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createDirectory(atPath: target.repository + "/refs/threads", withIntermediateDirectories: true)
        try Data("not an id\n".utf8).write(to: URL(fileURLWithPath: target.repository + "/refs/threads/zed"))
        let result = try target.run(["import", file])
        #expect(result.status != 0 && result.stderr.contains("zed"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.repository + "/refs/threads") == ["zed"], "no thread placed")
        #expect(try String(contentsOfFile: target.repository + "/refs/threads/zed", encoding: .utf8) == "not an id\n")
    }
}
