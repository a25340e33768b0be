import Testing
@testable import ThreadAICLI
@testable import ThreadAIStore

@Suite("ThreadTreeRenderer: columns line up on a terminal, whatever the names")
struct ThreadTreeRendererTests {
    private func summary(_ name: String, parent: String?, heads: Int = 1) throws -> ThreadSummary {
        let ids = (0..<heads).map { ObjectID.of(Array("\(name) \($0)".utf8)) }
        return ThreadSummary(
            name: try ThreadName(name), heads: ids, forkPoint: parent.map { ObjectID.of(Array($0.utf8)) }, parent: parent,
            messageCount: 3, ownMessageCount: parent == nil ? 3 : 1, title: "title of \(name)", lastDate: nil)
    }

    @Test("ASCII, non-ASCII, wide and decomposed names at several depths: the id column starts at one terminal column")
    func alignment() throws {
        let summaries = [
            try summary("main", parent: nil),
            try summary("café/主題", parent: "main"),
            try summary("cafe\u{301}x", parent: "café/主題", heads: 2),
            try summary("alt", parent: "main"),
            try summary("日本語の長い名前", parent: nil),
        ]
        let output = BufferOutput()
        ThreadTreeRenderer.write(summaries, current: try ThreadName("alt"), style: .plain, to: output)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == summaries.count)
        let offsets = zip(lines, summaries).map { line, summary in
            TerminalWidth.columns(of: String(line[..<(line.range(of: summary.heads[0].short)?.lowerBound ?? line.endIndex)]))
        }
        #expect(Set(offsets).count == 1, "\(offsets)\n\(output.text)")
        #expect(lines[2].contains("└─ cafe\u{301}x"))
        #expect(lines[3].hasPrefix("* └─ alt"))
        #expect(lines[2].contains(summaries[2].heads.map(\.short).joined(separator: "+")))
    }

    @Test("threads that are each other's parents are shown, each once, with their forks")
    func parentCycle() throws {
        // A deleted `main` made again on a fork of its fork `b`: main's parent is b, b's is main.
        let summaries = [try summary("b", parent: "main"), try summary("c", parent: "b"), try summary("main", parent: "b")]
        let output = BufferOutput()
        ThreadTreeRenderer.write(summaries, current: nil, style: .plain, to: output)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(output.text)")
        #expect(lines[0].hasPrefix("  b "))
        #expect(Set(lines.dropFirst().map { $0.split(separator: " ")[1] }) == ["c", "main"], "\(output.text)")
    }

    @Test("a thread without a title ends with its facts")
    func emptyTitle() throws {
        var untitled = try summary("main", parent: nil)
        untitled.title = ""
        let output = BufferOutput()
        ThreadTreeRenderer.write([untitled], current: nil, style: .plain, to: output)
        #expect(output.text.hasSuffix("3 messages\n"), "\(output.text)")
    }

    @Test("a name's width is its terminal columns: one a character, two for a wide one", arguments: [
        ("main", 4), ("a/b-c_d.e+f", 11), ("café", 4), ("cafe\u{301}", 4), ("主題", 4), ("x\u{200D}y", 2), ("日本語の長い名前", 16),
    ])
    func characterCount(_ name: String, columns: Int) {
        #expect(TerminalWidth.columns(of: name) == columns)
    }
}
