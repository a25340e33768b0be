import Foundation
import Testing
import ThreadAIStore
@testable import ThreadAI

/// `ClaudeCodeExport` (docs/FORMAT.md §4.6, "Exported sessions"): a message's content cut back into
/// the blocks it was imported from, so that the importer's reading of the lines gives the same
/// content and role, whatever the content holds.
@Suite("ClaudeCodeExport: lines the importer reads back")
struct ClaudeCodeExportTests {
    /// `contents` as a thread (user, assistant, … in turn), exported, then parsed by the importer's parser.
    static func roundTrip(_ contents: [(Role, String)]) throws -> (lines: [[String: Any]], parsed: ImportConversation) {
        let thread = try ThreadName("main")
        var parent: ObjectID?
        var history: [(id: ObjectID, message: Message)] = []
        for (index, (role, content)) in contents.enumerated() {
            let message = try Message(parent: parent, thread: thread, role: role, date: Timestamp(secondsSinceEpoch: Int64(1_700_000_000 + index)),
                                      fields: [:], content: content)
            let id = ObjectID.of(MessageCodec.encode(message))
            history.append((id, message))
            parent = id
        }
        var counter = 0
        let bytes = ClaudeCodeExport.transcript(of: history, session: .init(id: "5e551011-0000-4000-8000-000000000000", folder: "/p", thread: thread)) {
            counter += 1
            return "00000000-0000-4000-8000-\(String(counter).leftPadded(to: 12))"
        }
        let lines = try Data(bytes).split(separator: UInt8(ascii: "\n")).map { try #require(JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) }
        let parsed = try ClaudeCodeParser.parse(Data(bytes), name: "exported.jsonl")
        #expect(parsed.nodes.map(\.exportedFrom) == history.map(\.id))
        #expect(parsed.exportedThread == thread)
        return (lines, parsed)
    }

    @Test("tool calls, their results and redacted reasoning are blocks again; the rest, reasoning and other agents' parts included, is text; all read back the same", arguments: [
        "Let me look.\n\n```part:tool-use\n{\"id\":\"toolu_1\",\"input\":{\"n\":1.5,\"path\":\"a.py\"},\"name\":\"Read\",\"type\":\"tool_use\"}\n```",
        "```part:thoughts\nFirst think.\n```\n\nThen say.\n\n\n\nWith blank lines.\n\n```part:redacted_thinking\n{\"data\":\"abc\",\"type\":\"redacted_thinking\"}\n```\n\nEnd.",
        "````part:tool-use\n{\"id\":\"t\",\"input\":{\"code\":\"```\"},\"name\":\"Write\",\"type\":\"tool_use\"}\n````\n\n```part:tool-use\n{\"id\":\"u\",\"input\":{},\"name\":\"Ls\",\"type\":\"tool_use\"}\n```",
        // Not blocks: a tool-use part whose JSON is not a tool_use, one that is not JSON, one glued to text, another agent's part.
        "```part:tool-use\n{\"type\":\"function_call\"}\n```\n\n```part:tool-use\nnot json\n```\ntext right after\n\n```part:function-call\n{\"name\":\"shell\"}\n```",
        "",
    ])
    func assistantContent(_ content: String) throws {
        let (lines, parsed) = try Self.roundTrip([(.user, "Q"), (.assistant, content)])
        #expect(parsed.nodes.map(\.content) == ["Q", content])
        #expect(parsed.nodes.map(\.role) == [.user, .assistant])
        // Each block is a line of its own, all of one reply.
        let replies = lines.dropFirst().map { $0["message"] as? [String: Any] }
        #expect(Set(replies.compactMap { $0?["id"] as? String }).count == 1)
        #expect(replies.allSatisfy { ($0?["content"] as? [Any])?.count == 1 })
    }

    @Test("blocks where the content has them: tool calls split off, their count as written")
    func blockCount() throws {
        let (lines, _) = try Self.roundTrip([(.user, "Q"), (.assistant, "Let me look.\n\n```part:tool-use\n{\"id\":\"toolu_1\",\"input\":{},\"name\":\"Read\",\"type\":\"tool_use\"}\n```")])
        let blocks = lines.dropFirst().compactMap { (($0["message"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["type"] as? String }
        #expect(blocks == ["text", "tool_use"])
        let (plain, _) = try Self.roundTrip([(.user, "Q"), (.assistant, "```part:tool-use\nnot json\n```")])
        #expect(plain.count == 2)
    }

    @Test("user turns: typed text as a string, tool results as blocks, system notices as system lines, hidden ones as isMeta")
    func userAndSystem() throws {
        let result = "```part:tool-result\n{\"content\":\"ok\",\"tool_use_id\":\"toolu_1\",\"type\":\"tool_result\"}\n```"
        let (lines, parsed) = try Self.roundTrip([(.system, "Be brief."), (.user, "Q\n\nwith ``` fences"), (.assistant, "A"), (.user, result)])
        #expect(parsed.nodes.map(\.content) == ["Be brief.", "Q\n\nwith ``` fences", "A", result])
        #expect(parsed.nodes.map(\.role) == [.system, .user, .assistant, .user])
        #expect(parsed.nodes[3].fields["source-role"] == "tool_result")
        #expect(lines.map { $0["type"] as? String } == ["system", "user", "assistant", "user"])
        #expect((lines[1]["message"] as? [String: Any])?["content"] as? String == "Q\n\nwith ``` fences")
        #expect(((lines[3]["message"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["tool_use_id"] as? String == "toolu_1")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
