import Testing
@testable import ThreadAI

/// Where a growing Claude Code transcript's settled lines end (docs/FORMAT.md §16): before the
/// newest reply, and before any reply whose tool calls are not all answered.
@Suite("SettledPrefix")
struct SettledPrefixTests {
    static func user(_ uuid: String, _ parent: String?, results: [String] = []) -> String {
        let content = results.isEmpty ? "\"hi\"" : "[" + results.map { #"{"type":"tool_result","tool_use_id":"\#($0)","content":"ok"}"# }.joined(separator: ",") + "]"
        return #"{"type":"user","uuid":"\#(uuid)","parentUuid":\#(parent.map { "\"\($0)\"" } ?? "null"),"message":{"role":"user","content":\#(content)}}"# + "\n"
    }

    static func reply(_ uuid: String, _ parent: String, id: String, calls: [String] = []) -> String {
        let blocks = calls.isEmpty ? #"{"type":"text","text":"ok"}"# : calls.map { #"{"type":"tool_use","id":"\#($0)","name":"Bash","input":{}}"# }.joined(separator: ",")
        return #"{"type":"assistant","uuid":"\#(uuid)","parentUuid":"\#(parent)","message":{"id":"\#(id)","role":"assistant","content":[\#(blocks)]}}"# + "\n"
    }

    static func end(_ lines: [String]) -> Int { SettledPrefix.end(of: Array(lines.joined().utf8)) }
    static func offset(of count: Int, in lines: [String]) -> Int { lines.prefix(count).joined().utf8.count }

    @Test("a question alone is settled; a reply at the end is held back whole, from its first line")
    func newestReply() {
        let question = [Self.user("u1", nil)]
        #expect(Self.end(question) == Self.offset(of: 1, in: question))
        let lines = question + [Self.reply("a1", "u1", id: "m1"), Self.reply("a2", "a1", id: "m1")]
        #expect(Self.end(lines) == Self.offset(of: 1, in: lines))
        let next = lines + [Self.user("u2", "a2")]
        #expect(Self.end(next) == Self.offset(of: 1, in: next), "a later line may still continue the newest reply")
        let answered = next + [Self.reply("b1", "u2", id: "m2")]
        #expect(Self.end(answered) == Self.offset(of: 4, in: answered))
    }

    @Test("a reply whose tool calls are not all answered holds back everything from its first line")
    func unansweredCalls() {
        var lines = [Self.user("u1", nil), Self.reply("a1", "u1", id: "m1", calls: ["t1"]), Self.reply("a2", "a1", id: "m1", calls: ["t2"]),
                     Self.user("r1", "a1", results: ["t1"]), Self.reply("b1", "r1", id: "m2")]
        #expect(Self.end(lines) == Self.offset(of: 1, in: lines), "t2 is unanswered")
        lines += [Self.user("r2", "a2", results: ["t2"]), Self.reply("b2", "b1", id: "m2")]
        #expect(Self.end(lines) == Self.offset(of: 4, in: lines), "all answered: only the newest reply, m2, waits")
    }

    @Test("lines that are not messages and unreadable lines neither settle nor hold anything back")
    func otherLines() {
        let lines = [Self.user("u1", nil), #"{"type":"progress","uuid":"p1"}"# + "\n", "{not json\n"]
        #expect(Self.end(lines) == Self.offset(of: 3, in: lines))
        #expect(SettledPrefix.completeLines(of: Array("{\"a\":1}\n{\"b\"".utf8)) == 8)
        #expect(SettledPrefix.completeLines(of: Array("{\"b\"".utf8)) == 0)
    }
}
