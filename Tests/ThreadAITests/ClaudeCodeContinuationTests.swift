import Foundation
import Testing
@testable import ThreadAI

/// Reading only the lines a Claude Code transcript gained (docs/FORMAT.md §16, "Going on from the
/// record"): what the added lines give must be what reading the whole gives, and anything that is
/// not a plain extension of the newest message must be declined, never guessed.
@Suite("ClaudeCodeParser: going on from the newest message")
struct ClaudeCodeContinuationTests {
    static func line(_ uuid: String, _ parent: String?, _ type: String = "user", reply: String? = nil, text: String = "x",
                     sidechain: Bool = false, tool: String? = nil) -> String {
        let parentJSON = parent.map { "\"\($0)\"" } ?? "null"
        let content: String
        if let tool, type == "user" {
            content = #"[{"type":"tool_result","tool_use_id":"\#(tool)","content":"done"}]"#
        } else if let tool {
            content = #"[{"type":"tool_use","id":"\#(tool)","name":"Bash","input":{}}]"#
        } else {
            content = #"[{"type":"text","text":"\#(text)"}]"#
        }
        let id = reply.map { #","id":"\#($0)""# } ?? ""
        return #"{"parentUuid":\#(parentJSON),"isSidechain":\#(sidechain),"sessionId":"s1","type":"\#(type)","message":{"role":"\#(type)"\#(id),"content":\#(content)},"uuid":"\#(uuid)","timestamp":"2026-03-01T10:00:0\#(uuid.count % 10)Z"}"#
            + "\n"
    }

    static func progress(_ uuid: String, _ parent: String) -> String {
        #"{"parentUuid":"\#(parent)","type":"progress","data":{},"uuid":"\#(uuid)"}"# + "\n"
    }

    static let stored = [
        line("u1", nil), line("a1", "u1", "assistant", reply: "m1", tool: "t1"), line("r1", "a1", tool: "t1"),
        line("a2", "r1", "assistant", reply: "m2"), line("a3", "a2", "assistant", reply: "m2", text: "more"), progress("p1", "a3"),
    ]

    static func parse(_ lines: [String]) throws -> (conversation: ImportConversation, tip: ClaudeCodeParser.Continuation?) {
        try ClaudeCodeParser.parsed(Data(lines.joined().utf8), name: "t")
    }

    static func continuing(_ added: [String]) throws -> (nodes: [ImportNode], notes: [String], next: ClaudeCodeParser.Continuation)? {
        let state = try #require(try parse(stored).tip)
        return try ClaudeCodeParser.continuing(Data(added.joined().utf8), name: "t", from: state)
    }

    @Test func theNewestMessageAndTheLinesLeadingToIt() throws {
        let tip = try #require(try Self.parse(Self.stored).tip)
        #expect(tip.tip == "a3" && tip.reply == "m2" && tip.conversation == "s1" && !tip.sidechain)
        #expect(tip.frontier == ["a2", "a3", "p1"])
    }

    @Test func addedLinesGiveWhatTheWholeGives() throws {
        let added = [
            Self.line("u2", "p1"), Self.line("a4", "u2", "assistant", reply: "m3", tool: "t2"), Self.progress("p2", "a4"),
            Self.line("r2", "a4", tool: "t2"), Self.line("a5", "r2", "assistant", reply: "m4", text: "end"),
        ]
        let part = try #require(try Self.continuing(added))
        let whole = try Self.parse(Self.stored + added)
        let storedCount = try Self.parse(Self.stored).conversation.nodes.count
        #expect(part.nodes.map(\.sourceID) == whole.conversation.nodes.dropFirst(storedCount).map(\.sourceID))
        #expect(part.nodes.map(\.parentSourceID) == whole.conversation.nodes.dropFirst(storedCount).map(\.parentSourceID))
        #expect(part.nodes.map(\.content) == whole.conversation.nodes.dropFirst(storedCount).map(\.content))
        #expect(part.next == whole.tip, "where it stands after is where the whole stands")
    }

    @Test func linesThatAreNotMessagesOnlyWidenTheFrontier() throws {
        let part = try #require(try Self.continuing([Self.progress("p2", "p1")]))
        #expect(part.nodes.isEmpty && part.next.tip == "a3" && part.next.frontier == ["a2", "a3", "p1", "p2"])
    }

    @Test(arguments: [
        ("a fork from an older message", [line("u2", "u1")]),
        ("a line continuing the newest reply", [line("a4", "a3", "assistant", reply: "m2")]),
        ("a new root", [line("u2", nil)]),
        ("a parent the part does not hold", [line("u2", "nowhere")]),
        ("a sidechain line", [line("u2", "a3", sidechain: true)]),
        ("two children of one message", [line("u2", "a3"), line("u3", "a3")]),
        ("a title", [#"{"type":"custom-title","customTitle":"Named"}"# + "\n", line("u2", "a3")]),
        ("another session", [line("u2", "a3").replacingOccurrences(of: "\"s1\"", with: "\"s2\"")]),
    ])
    func declinesAnythingButAnExtension(_ what: String, _ added: [String]) throws {
        #expect(try Self.continuing(added) == nil, "\(what)")
    }
}
