import Testing
import ThreadAI
@testable import ThreadAICLI

/// `MessageBlock.write(_:…)` renders a long listing in parts on several cores: the bytes must be
/// those of writing each block in turn.
@Suite("Message blocks of a long listing, rendered on every core")
struct MessageBlockTests {
    /// Messages with every line a block can have, bodies with and without characters to escape.
    static func entries(_ count: Int) throws -> [(id: ObjectID, message: Message)] {
        let bodies = ["Plain words.", "two\n\nparagraphs\n", "tab\there", "escape \u{1B}[2J here", "crlf\r\nline", "", "é — “quoted”"]
        return try (0..<count).map { index in
            var fields: [String: String] = [:]
            if index % 3 == 0 { fields["provider"] = "anthropic"; fields["model"] = "m\(index)" }
            if index % 5 == 0 { fields["input-tokens"] = "\(index)"; fields["output-tokens"] = "7" }
            if index % 7 == 0 { fields["error"] = "stopped \(index)" }
            if index % 11 == 0 { fields["code-commit"] = String(repeating: "ab", count: 20); fields["code-branch"] = "main" }
            let message = try Message(
                thread: ThreadName("t\(index % 4)"), role: index % 2 == 0 ? .user : .assistant,
                date: Timestamp(secondsSinceEpoch: 1_795_251_600 + Int64(index)), fields: fields,
                content: bodies[index % bodies.count] + " \(index)")
            return (ObjectID.of(Array("message \(index)".utf8)), message)
        }
    }

    @Test("the same bytes as one block after another, for short and long listings, plain and coloured", arguments: [0, 1, 255, 256, 257, 1_000])
    func sameBytes(count: Int) async throws {
        let folder = try await repositoryFolder()
        let repository = try Repository(directory: folder.at("work/.threadai"))
        let merges = try MergeLabels(repository: repository)
        let anchors = repository.anchors()
        let entries = try Self.entries(count)
        for style in [Style.plain, Style(enabled: true)] {
            let oneByOne = ByteBufferOutput()
            for (id, message) in entries {
                MessageBlock.write(id: id, message: message, decorations: [], merges: merges, anchors: anchors, style: style, to: oneByOne)
            }
            let together = ByteBufferOutput()
            MessageBlock.write(entries, decorations: .none, merges: merges, anchors: anchors, style: style, to: together)
            #expect(together.bytes == oneByOne.bytes)
            #expect(together.bytes.isEmpty == entries.isEmpty)
        }
    }
}
